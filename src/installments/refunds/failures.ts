import type { RefundRejectedError } from "../../lib/client"

/** The code of a failed call the service did not answer usefully (unreachable, timed out, 5xx, 429). */
export const SERVICE_UNAVAILABLE = "installments_unavailable"

/** What the ledger keeps of a refund the service refused. */
export interface RefundFailure {
  /**
   * In a merchant's words: what happened and what to do; never whether the plugin retries it, which
   * only `willRetry` knows (a retryable refusal is given up after MAX_REFUND_ATTEMPTS).
   */
  reason: string
  /** A refusal that can pass on its own or once the merchant acts (balance, busy, outage). */
  retryable: boolean
}

interface Refusal extends RefundFailure {
  /** What the service refused, in the plugin's words: a refund asked for now is told this, then the advice. */
  refused: string
  /** What the merchant does next. */
  advice: string
}

/** Each reason the service gives for refusing a refund: the advice shown at once, and what the ledger keeps. */
const REFUSALS: Record<RefundRejectedError["reason"], Refusal> = {
  insufficient_merchant_balance: {
    refused: "Refund refused: the merchant account's available balance at the installments service cannot cover it.",
    advice: "Top up the merchant account with the installments service, then retry the refund.",
    reason: "Your merchant balance at the installments service is too low to cover this refund. Top up the merchant account.",
    retryable: true,
  },
  already_processing: {
    refused: "Refund refused for now: a previous refund on this payment is still processing at the installments service.",
    advice: "Wait a few seconds for the previous refund on this payment to finish, then retry.",
    reason: "Another refund on this payment was still processing at the installments service.",
    retryable: true,
  },
  exceeds_balance: {
    refused: "Refund refused: the installments service holds less on this payment than the refund.",
    advice: "Refund at most the remaining refundable balance shown by the service.",
    reason:
      "The installments service holds less on this payment than the refund (part of it was refunded outside Medusa). " +
      "Check the payment in the service's dashboard and refund any difference by hand.",
    retryable: false,
  },
  not_allowed: {
    refused: "Refund refused: the installments service says the payment does not exist or belongs to another merchant.",
    advice: "Check that the plugin uses the same merchant keys as the payment; contact the installments service if it does.",
    reason:
      "The installments service does not let the plugin's merchant keys refund this payment. " +
      "Check that the provider uses the keys of the merchant account that took the payment.",
    retryable: false,
  },
  not_refundable: {
    refused: "Refund refused: the payment is outside the installments service's refund window.",
    advice: "The payment is outside the service's refund window; refund the customer outside the plugin.",
    reason: "The payment is outside the installments service's refund window; refund the customer outside the plugin.",
    retryable: false,
  },
}

const OUTAGE: RefundFailure = {
  reason: "The installments service could not be reached or answered with an error.",
  retryable: true,
}

/**
 * A refund the service refused, in the plugin's words only: what was refused and what to do next.
 * Nothing the service sent is quoted but the most it says can still be refunded, read as an amount.
 */
export function refusalMessage(refusal: Pick<RefundRejectedError, "reason" | "maxRefundable">): string {
  const { refused, advice } = REFUSALS[refusal.reason]
  const most =
    refusal.reason === "exceeds_balance" && refusal.maxRefundable ? ` At most ${refusal.maxRefundable} SAR can still be refunded.` : ""
  return `${refused}${most} ${advice}`
}

/**
 * Reads a refund error as the ledger keeps it. Refund errors carry a code (the service's refusal
 * reason, or SERVICE_UNAVAILABLE), which survives Medusa's workflow error serialization; an error
 * without one is final and keeps its own message.
 */
export function refundFailureOf(error: unknown): RefundFailure {
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === SERVICE_UNAVAILABLE) {
    return OUTAGE
  }
  const known =
    typeof code === "string" && Object.prototype.hasOwnProperty.call(REFUSALS, code)
      ? REFUSALS[code as RefundRejectedError["reason"]]
      : undefined
  if (known) {
    return { reason: known.reason, retryable: known.retryable }
  }
  const message = (error as { message?: unknown } | undefined)?.message
  return { reason: typeof message === "string" && message ? message : "The refund failed for an unknown reason.", retryable: false }
}

/**
 * An intent the service never received (its answer was lost and the tracker does not list its key):
 * always retried, under the same key.
 */
export const NOT_RECEIVED: RefundFailure = {
  reason:
    "The installments service never received this refund (the connection failed before it answered); " +
    "it is sent again under the same key, so it is refunded once.",
  retryable: true,
}

/** The same, for a refund asked for through Medusa (its admin, its order cancel): Medusa shows nothing refunded. */
export const NOT_RECEIVED_BY_ADMIN: RefundFailure = {
  reason:
    "The installments service never received this refund (the connection failed before it answered), and Medusa shows nothing refunded. " +
    "Refund it again from the order if it is still owed.",
  retryable: false,
}

/** Why a refund waits: another refund on the same payment is being confirmed with the service. */
export function waitingFor(amount: string): RefundFailure {
  return {
    reason: `A refund of ${amount} SAR on this payment is being confirmed with the installments service; this one waits for it.`,
    retryable: true,
  }
}

/**
 * The one rule for "will the plugin retry this refund on its own": a failed row still on the retry
 * schedule. The admin, the `installments.refund_failed` event and the retry job all read it here.
 */
export function willRetry(row: { status?: string | null; retryable?: boolean | null; next_retry_at?: Date | string | null }): boolean {
  return row.status === "failed" && !!row.retryable && !!row.next_retry_at
}

/** `willRetry` as a filter of the module's `listInstallmentsRefunds`. */
export const WILL_RETRY_FILTER = { status: "failed", retryable: true, next_retry_at: { $ne: null } } as const

/** A failed refund nothing will send again (failed, and not `willRetry`), as a filter of `listInstallmentsRefunds`. */
export const FAILED_FOR_GOOD_FILTER = { status: "failed", $or: [{ retryable: false }, { next_retry_at: null }] } as const

/** `willRetry` as a condition on `installments_refund`, for counts made in the database (health, alerts, metrics). */
export const WILL_RETRY_SQL = `("status" = 'failed' and "retryable" and "next_retry_at" is not null)`

/** A failed refund nothing will send again (failed, and not `willRetry`), as a condition on `installments_refund`. */
export const FAILED_FOR_GOOD_SQL = `("status" = 'failed' and not ("retryable" and "next_retry_at" is not null))`

/** What the merchant's log adds to a failed refund's reason, by `willRetry`. */
export function retryNote(retried: boolean): string {
  return retried
    ? "The plugin retries it automatically."
    : "It is not retried automatically; retry it from POST /admin/installments/refunds/:id/retry once resolved."
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
