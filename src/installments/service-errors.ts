import { MedusaError } from "@medusajs/framework/utils"
import {
  AuthenticationError,
  ConnectionError,
  InstallmentsError,
  NotFoundError,
  ProtocolError,
  RefundRejectedError,
  TimeoutError,
  ValidationError,
} from "../lib/client"
import { MoneyError } from "../lib/money"
import { refusalAdvice, SERVICE_UNAVAILABLE } from "./refund-failures"
import type { Registration } from "./registrations"

/**
 * Codes of the errors below, for the admin pages and the refund ledger to tell them apart. A refund
 * refusal carries the service's reason instead (`exceeds_balance`, `insufficient_merchant_balance`...).
 */
export const SERVICE_ERROR_CODES = {
  keys: "installments_keys_refused",
  store: "installments_store_not_found",
  /** Unreachable, timed out, 5xx or 429: worth retrying later. */
  unavailable: SERVICE_UNAVAILABLE,
  unexpected: "installments_unexpected_answer",
} as const

/** What the merchant was doing when the service failed, as far as the caller knows it. */
export interface MerchantContext {
  /** What could not be done, completing "Could not ..." (`refund the payment`); none in the admin's own pages. */
  action?: string
  /** The registration the call used, when the caller knows it: its id and storeId name the option to fix. */
  registration?: Pick<Registration, "id" | "options">
}

/**
 * A failed call to the service in words for the merchant (admin, logs): what failed and what to do.
 * 401 and an unknown store are configuration faults (the keys or storeId of the registration), an
 * unknown link or transaction is a 404, a refused request a 400 with the service's reason, a refund
 * refusal a 400 with the advice for its reason. Only the client's own messages are used: they name
 * the endpoint and status and never hold keys or request data.
 */
export function merchantError(error: unknown, context: MerchantContext = {}): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  const { registration } = context
  const said = (body: string) => (context.action ? `Could not ${context.action}: ${body}` : body.charAt(0).toUpperCase() + body.slice(1))
  if (error instanceof RefundRejectedError) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, `${error.message} ${refusalAdvice(error.reason)}`, error.reason)
  }
  if (error instanceof MoneyError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, said(error.message))
  }
  if (error instanceof AuthenticationError) {
    const whose = registration ? `registration ${registration.id}` : "this provider registration"
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(`the secret or public key of ${whose} is wrong: the installments service refused them. Check its secretKey and publicKey options.`),
      SERVICE_ERROR_CODES.keys
    )
  }
  if (error instanceof NotFoundError && error.code === "store_not_found") {
    const store = registration ? `store id ${registration.options.storeId}` : "the store id"
    const whose = registration ? `registration ${registration.id}` : "this provider registration"
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(`${store} is not this merchant's: check the storeId option of ${whose}.`),
      SERVICE_ERROR_CODES.store
    )
  }
  if (error instanceof NotFoundError) {
    return new MedusaError(MedusaError.Types.NOT_FOUND, said(`the installments service has no such record: ${error.serviceMessage ?? error.message}`))
  }
  if (error instanceof ValidationError) {
    const reason = error.issues.length
      ? error.issues.map((issue) => `${issue.field} ${issue.message}`).join("; ")
      : error.serviceMessage ?? error.message
    return new MedusaError(MedusaError.Types.INVALID_DATA, said(`the installments service refused the request: ${reason}`))
  }
  if (error instanceof ProtocolError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(`the installments service answered in an unexpected shape; try again, and report it if it persists (${error.message}).`),
      SERVICE_ERROR_CODES.unexpected
    )
  }
  if (isOutage(error)) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, said("the installments service did not answer; try again."), SERVICE_ERROR_CODES.unavailable)
  }
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, said(messageOf(error)))
}

/**
 * A failed call to the service in words for the shopper at checkout (the storefront shows them): a
 * short sentence saying whether to retry. Its code tells an outage apart, as for the merchant.
 */
export function shopperError(error: unknown, action: string): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (error instanceof MoneyError || error instanceof ValidationError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `Could not ${action}: ${error.message}`)
  }
  if (error instanceof AuthenticationError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Could not ${action}: the installments service refused the provider's keys. Check the secretKey and publicKey options.`,
      SERVICE_ERROR_CODES.keys
    )
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Could not ${action}: the installments service is unreachable (${error.message}). Retry shortly.`,
      SERVICE_ERROR_CODES.unavailable
    )
  }
  const type = error instanceof NotFoundError ? MedusaError.Types.NOT_FOUND : MedusaError.Types.UNEXPECTED_STATE
  return new MedusaError(type, `Could not ${action}: ${messageOf(error)}`, isOutage(error) ? SERVICE_ERROR_CODES.unavailable : undefined)
}

/** Runs a call to the service for an admin page, turning its failure into a merchant's MedusaError. */
export async function callService<T>(registration: Pick<Registration, "id" | "options">, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    // A fault of the plugin itself is no message for the merchant: Medusa answers it as unknown.
    throw error instanceof InstallmentsError ? merchantError(error, { registration }) : error
  }
}

/** The service did not answer usefully: unreachable, timed out, a 5xx or a 429. Worth retrying later. */
export function isOutage(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return true
  }
  return error instanceof InstallmentsError && error.status !== undefined && (error.status >= 500 || error.status === 429)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
