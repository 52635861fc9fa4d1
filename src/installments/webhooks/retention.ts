const DAY_MS = 24 * 60 * 60 * 1000
/** The retention when no registration says otherwise (the webhookRetentionDays default). */
export const DEFAULT_RETENTION_DAYS = 30

// Records are kept a day past the retention: a delivery's signed created_at may be a little ahead
// of the store's clock, and its record must outlive the window in which the route would process it.
const PRUNE_MARGIN_MS = DAY_MS

/**
 * How far ahead of the store's clock a delivery's signed `created_at` may be (clock skew). Well inside
 * the prune margin: a delivery dated further ahead would still be processed after its record is pruned,
 * so it could be replayed then; the route refuses it (D55).
 */
export const MAX_AHEAD_MS = 60 * 60 * 1000

/**
 * True when a delivery carries a signed `created_at` the plugin can read (ISO 8601). One without
 * cannot be judged against the retention: its record may be pruned and it would be processed again,
 * so the webhook route refuses it (D38).
 */
export function isDatedDelivery(createdAt: unknown): createdAt is string {
  return typeof createdAt === "string" && /^\d{4}-\d{2}-\d{2}T/.test(createdAt) && !Number.isNaN(Date.parse(createdAt))
}

/**
 * True when a delivery is older than the retention by its own signed `created_at`: acknowledged and
 * ignored, never processed, since its record may already be pruned. An undated one is refused before
 * this is asked (isDatedDelivery).
 */
export function isStaleDelivery(createdAt: string, now: Date, retentionDays: number): boolean {
  return Date.parse(createdAt) < now.getTime() - retentionDays * DAY_MS
}

/** True when a delivery's signed `created_at` is more than `MAX_AHEAD_MS` ahead of `now`: refused, never processed. */
export function isFutureDelivery(createdAt: string, now: Date): boolean {
  return Date.parse(createdAt) > now.getTime() + MAX_AHEAD_MS
}

/**
 * Delivery records received before this time may be deleted: past the longest retention of the
 * registrations, plus the margin, so every replay of a deleted one is already stale.
 */
export function pruneBefore(now: Date, retentionDays: number[]): Date {
  const longest = retentionDays.length ? Math.max(...retentionDays) : DEFAULT_RETENTION_DAYS
  return new Date(now.getTime() - longest * DAY_MS - PRUNE_MARGIN_MS)
}
