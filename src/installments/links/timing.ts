import { PaymentSessionStatus } from "@medusajs/framework/utils"

/**
 * How long after its link's `expires_at` a session is still worth a read: covers the clock skew
 * between the service and the store, and a payment the customer started a moment before expiry
 * that the service records late. The one rule of link timing; the reconciliation sweep applies it.
 */
export const LINK_EXPIRY_GRACE_MS = 60 * 60 * 1000

/**
 * The longest life of any link the plugin makes: a checkout's (`linkTtlMinutes`) and an order's or a
 * draft's payment link (`expires_at`) are both capped at 7 days. Every sweep window reads it here.
 */
export const LONGEST_LINK_LIFE_MS = 7 * 24 * 60 * 60 * 1000

/** A session older than the longest link life and a day is never read again. */
export const SESSION_LOOKBACK_MS = LONGEST_LINK_LIFE_MS + 24 * 60 * 60 * 1000

/** Still waiting for the customer or the bank: the sweep reads these. */
export const WAITING_STATUSES: readonly string[] = [
  PaymentSessionStatus.PENDING,
  PaymentSessionStatus.REQUIRES_MORE,
  PaymentSessionStatus.PENDING_AUTHORIZATION,
]

/**
 * Marked error or canceled (at a cart completion, or by the plugin), but their link may still be
 * paid until it expires: read until expires_at plus the grace, then left.
 */
export const SETTLED_STATUSES: readonly string[] = [PaymentSessionStatus.ERROR, PaymentSessionStatus.CANCELED]

/** A followed session as the sweep sees it now. */
export interface SweptSession {
  status: string
  data: Record<string, unknown> | null
  created_at: Date | string
}

/**
 * What the sweep does with a followed session this run: `read` its link, give it one `final-read`
 * (its link expired past the grace: whatever the read says, the session is then closed for the
 * sweep, unless the link is paid and still settling), or `close` it unread.
 */
export type SweepStep = "read" | "final-read" | "close"

/** The sweep's step for a session (undefined: deleted); see SweepStep. */
export function sweepStepFor(
  session: SweptSession | undefined,
  now: Date,
  { graceMs = LINK_EXPIRY_GRACE_MS, lookbackMs = SESSION_LOOKBACK_MS }: { graceMs?: number; lookbackMs?: number } = {}
): SweepStep {
  if (!session || new Date(session.created_at).getTime() + lookbackMs < now.getTime()) {
    return "close"
  }
  const pastGrace = linkPastGrace(session.data, now, graceMs)
  if (SETTLED_STATUSES.includes(session.status)) {
    return pastGrace ? "close" : "read"
  }
  if (!WAITING_STATUSES.includes(session.status)) {
    // Authorized or captured: Medusa holds the payment; nothing is left for the sweep.
    return "close"
  }
  // A payment in bank review outlives its link: read until the bank decides (or the lookback ends).
  if (session.status === PaymentSessionStatus.PENDING_AUTHORIZATION) {
    return "read"
  }
  return pastGrace ? "final-read" : "read"
}

/** True once the link's expires_at plus the grace has passed, or when the data has no readable expiry. */
export function linkPastGrace(data: Record<string, unknown> | null, now: Date, graceMs = LINK_EXPIRY_GRACE_MS): boolean {
  const expiresAt = typeof data?.expires_at === "string" ? Date.parse(data.expires_at) : NaN
  return Number.isNaN(expiresAt) || expiresAt + graceMs < now.getTime()
}
