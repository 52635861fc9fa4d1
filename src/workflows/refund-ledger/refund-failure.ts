import { SERVICE_UNAVAILABLE } from "../../providers/installments/errors"

/** What the ledger keeps of a refund the service refused. */
export interface RefundFailure {
  /** In a merchant's words: what happened and what to do. */
  reason: string
  /** A refusal that can pass on its own or once the merchant acts (balance, busy, outage). */
  retryable: boolean
}

const FAILURES: Record<string, RefundFailure> = {
  insufficient_merchant_balance: {
    reason:
      "Your merchant balance at the installments service is too low to cover this refund. " +
      "Top up the merchant account: the plugin retries the refund automatically.",
    retryable: true,
  },
  already_processing: {
    reason: "Another refund on this payment was still processing at the installments service; the plugin retries shortly.",
    retryable: true,
  },
  [SERVICE_UNAVAILABLE]: {
    reason: "The installments service could not be reached or answered with an error; the plugin retries the refund automatically.",
    retryable: true,
  },
  exceeds_balance: {
    reason:
      "The installments service holds less on this payment than the refund (part of it was refunded outside Medusa). " +
      "Check the payment in the service's dashboard and refund any difference by hand.",
    retryable: false,
  },
  not_allowed: {
    reason:
      "The installments service does not let the plugin's merchant keys refund this payment. " +
      "Check that the provider uses the keys of the merchant account that took the payment.",
    retryable: false,
  },
  not_refundable: {
    reason: "The payment is outside the installments service's refund window; refund the customer outside the plugin.",
    retryable: false,
  },
}

/**
 * Reads a refund error as the ledger keeps it. The provider tags its errors with a code (the
 * service's refusal reason, or service_unavailable), which survives Medusa's workflow error
 * serialization; an error without one is final and keeps its own message.
 */
export function refundFailureOf(error: unknown): RefundFailure {
  const code = (error as { code?: unknown } | undefined)?.code
  const known = typeof code === "string" ? FAILURES[code] : undefined
  if (known) {
    return known
  }
  const message = (error as { message?: unknown } | undefined)?.message
  return { reason: typeof message === "string" && message ? message : "The refund failed for an unknown reason.", retryable: false }
}

const FIRST_RETRY_MS = 5 * 60_000
const LONGEST_WAIT_MS = 6 * 60 * 60_000
/** After this many refusals a refund is left to the merchant (the admin retry still works). */
export const MAX_REFUND_ATTEMPTS = 10

/** When a refund refused `attempts` times is tried again: 5 min, doubling, at most 6 h apart; null when never. */
export function nextRetryAt(failure: RefundFailure, attempts: number, now: Date): Date | null {
  if (!failure.retryable || attempts >= MAX_REFUND_ATTEMPTS) {
    return null
  }
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS)
  return new Date(now.getTime() + wait)
}
