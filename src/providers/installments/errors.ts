import { MedusaError } from "@medusajs/framework/utils"
import {
  AuthenticationError,
  ConnectionError,
  InstallmentsError,
  RefundRejectedError,
  TimeoutError,
  ValidationError,
} from "../../lib/client"
import { MoneyError } from "../../lib/money"

const REFUND_ADVICE: Record<RefundRejectedError["reason"], string> = {
  exceeds_balance: "Refund at most the remaining refundable balance shown by the service.",
  insufficient_merchant_balance:
    "Top up the merchant account with the installments service, then retry the refund.",
  already_processing: "Wait a few seconds for the previous refund on this payment to finish, then retry.",
  not_allowed:
    "Check that the plugin uses the same merchant keys as the payment; contact the installments service if it does.",
  not_refundable:
    "The payment is outside the service's refund window; refund the customer outside the plugin.",
}

/**
 * Code of a MedusaError for a call the service did not answer usefully (unreachable, timed out,
 * 5xx, 429): worth retrying later. Refund refusals carry their RefundRejectedError reason instead.
 */
export const SERVICE_UNAVAILABLE = "service_unavailable"

/**
 * A refund the service refused, as a MedusaError the admin shows: what happened and what to do.
 * Its `code` is the refusal's reason, which survives Medusa's workflow error serialization.
 */
export function refundError(error: RefundRejectedError): MedusaError {
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, `${error.message} ${REFUND_ADVICE[error.reason]}`, error.reason)
}

/**
 * Any failure of a call to the service, as a MedusaError. Only the client's own message is used:
 * it names the endpoint and status and never holds keys or request data.
 */
export function serviceError(action: string, error: unknown): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (error instanceof RefundRejectedError) {
    return refundError(error)
  }
  if (error instanceof MoneyError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `Could not ${action}: ${error.message}`)
  }
  if (error instanceof AuthenticationError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Could not ${action}: the installments service refused the provider's keys. Check the secretKey and publicKey options.`
    )
  }
  if (error instanceof ValidationError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `Could not ${action}: ${error.message}`)
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Could not ${action}: the installments service is unreachable (${error.message}). Retry shortly.`,
      SERVICE_UNAVAILABLE
    )
  }
  if (error instanceof InstallmentsError) {
    const unavailable = error.status !== undefined && (error.status >= 500 || error.status === 429)
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Could not ${action}: ${error.message}`,
      unavailable ? SERVICE_UNAVAILABLE : undefined
    )
  }
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Could not ${action}: ${error instanceof Error ? error.message : String(error)}`
  )
}
