import { dateOf, type Knex } from "./store"

/**
 * Why the webhook route refused a delivery, as the health page counts it: the verifier's reasons
 * (WebhookVerificationReason) and the route's own (no body, not JSON, a path no registration has).
 */
export const REFUSAL_REASONS = [
  "missing_signature",
  "missing_key_id",
  "unknown_key",
  "bad_signature",
  "raw_body_required",
  "malformed_payload",
  "unsupported_media_type",
  "empty_body",
  "unknown_registration",
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

const KIND = "webhook_refusal"
const HOUR = 60 * 60_000
/** How long the hourly counts are kept: the page reads 24 hours; two days bound the table. */
export const REFUSAL_RETENTION_MS = 48 * HOUR

/** The registration a count is kept under when the path names none the store has: one row, whatever the path. */
export const UNKNOWN_REGISTRATION = ""

let prunedHour: number | undefined

/**
 * Counts one refused delivery: one upsert on the row of its registration, reason and hour (so a flood
 * of forged deliveries grows a counter, never the table), and once an hour per process the rows past
 * REFUSAL_RETENTION_MS are deleted.
 */
export async function countDeliveryRefusal(knex: Knex, providerId: string, reason: RefusalReason, now = new Date()): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR)
  await knex.raw(
    `insert into "installments_health_count" ("kind", "provider_id", "reason", "hour", "count", "last_at") values (?, ?, ?, ?, 1, ?)
     on conflict ("kind", "provider_id", "reason", "hour") do update set "count" = "installments_health_count"."count" + 1,
     "last_at" = greatest("installments_health_count"."last_at", excluded."last_at")`,
    [KIND, providerId, reason, hour, now]
  )
  if (prunedHour !== hour.getTime()) {
    prunedHour = hour.getTime()
    await knex.raw(`delete from "installments_health_count" where "hour" < ?`, [new Date(now.getTime() - REFUSAL_RETENTION_MS)])
  }
}

/** Refused deliveries since `since`, per registration and reason, with the last one's time. */
export interface RefusalCount {
  provider_id: string
  reason: RefusalReason
  count: number
  last_at: Date
  /** Of `count`, how many were in this hour and the one before (the counts are hourly). */
  last_hour: number
}

/** The counts of the hours from `since` on (whole hours: the hour `since` falls in is included). */
export async function readDeliveryRefusals(knex: Knex, since: Date, now = new Date()): Promise<RefusalCount[]> {
  const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR)
  const { rows } = await knex.raw(
    `select "provider_id", "reason", sum("count")::int as "count", max("last_at") as "last_at",
     coalesce(sum("count") filter (where "hour" >= ?), 0)::int as "last_hour"
     from "installments_health_count" where "kind" = ? and "hour" >= ? group by "provider_id", "reason"`,
    [hourOf(new Date(now.getTime() - HOUR)), KIND, hourOf(since)]
  )
  return rows
    .filter((row) => (REFUSAL_REASONS as readonly string[]).includes(String(row.reason)))
    .map((row) => ({
      provider_id: String(row.provider_id),
      reason: row.reason as RefusalReason,
      count: Number(row.count),
      last_at: dateOf(row.last_at)!,
      last_hour: Number(row.last_hour),
    }))
}
