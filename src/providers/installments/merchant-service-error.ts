import { MedusaError } from "@medusajs/framework/utils"
import {
  AuthenticationError,
  ConnectionError,
  InstallmentsError,
  NotFoundError,
  ProtocolError,
  TimeoutError,
  ValidationError,
} from "../../lib/client"
import type { Registration } from "./resolve-registration"

/** Codes of the errors below, for the admin pages to tell them apart. */
export const SERVICE_ERROR_CODES = {
  keys: "installments_keys_refused",
  store: "installments_store_not_found",
  unavailable: "installments_unavailable",
  unexpected: "installments_unexpected_answer",
} as const

/**
 * A failed call to the service as a message a merchant can act on. 401 and an unknown store are
 * configuration faults (the keys or storeId of the registration), not the admin user's request;
 * an unknown link or transaction is a 404; a refused request a 400 with the service's reason.
 */
export function merchantServiceError(registration: Pick<Registration, "id" | "options">, error: unknown): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (error instanceof AuthenticationError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The secret or public key of registration ${registration.id} is wrong: the installments service refused them. Check its secretKey and publicKey options.`,
      SERVICE_ERROR_CODES.keys
    )
  }
  if (error instanceof NotFoundError) {
    if (error.code === "store_not_found") {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Store id ${registration.options.storeId} is not this merchant's: check the storeId option of registration ${registration.id}.`,
        SERVICE_ERROR_CODES.store
      )
    }
    return new MedusaError(MedusaError.Types.NOT_FOUND, `The installments service has no such record: ${error.serviceMessage ?? error.message}`)
  }
  if (error instanceof ValidationError) {
    const reason = error.issues.length
      ? error.issues.map((issue) => `${issue.field} ${issue.message}`).join("; ")
      : error.serviceMessage ?? error.message
    return new MedusaError(MedusaError.Types.INVALID_DATA, `The installments service refused the request: ${reason}`)
  }
  if (error instanceof ProtocolError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The installments service answered in an unexpected shape; try again, and report it if it persists (${error.message}).`,
      SERVICE_ERROR_CODES.unexpected
    )
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError || error instanceof InstallmentsError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The installments service did not answer; try again.",
      SERVICE_ERROR_CODES.unavailable
    )
  }
  throw error
}

/** Runs a call to the service, turning its failure into a merchant-readable MedusaError. */
export async function callService<T>(registration: Pick<Registration, "id" | "options">, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw merchantServiceError(registration, error)
  }
}
