import { formatAmount } from "../../lib/money"
import { dateOf, type Knex } from "../health/store"
import { rowHalalas } from "../refunds/ledger-plan"
import type { RefundsFailedForGoodData } from "./payloads"
import { FAILED_FOR_GOOD_SQL } from "../refunds/failures"

// Read-only SQL on the plugin's tables for the alerts, and the alerts' own record of what was sent:
// rows of `installments_health_count` of kind `alert` (the health page's table, kept 48 hours).

const KIND = "alert"
/** How long the record of a sent alert is kept: past REPEAT_MS, so a lasting condition is sent once a day. */
export const SENT_RETENTION_MS = 48 * 60 * 60_000

/** The last verified delivery of each registration in `ids` (one indexed read each: only registrations refusing deliveries are asked). */
export async function lastVerifiedDeliveries(knex: Knex, ids: string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>()
  for (const id of ids) {
    const { rows } = await knex.raw(
      `select "created_at" from "installments_webhook_event" where "provider_id" = ? and "deleted_at" is null order by "created_at" desc limit 1`,
      [id]
    )
    const at = dateOf(rows[0]?.created_at)
    if (at) {
      found.set(id, at)
    }
  }
  return found
}

/** Refunds failed for good (refused for a reason that does not pass, or given up) updated after `since`: their count and the newest five. */
export async function refundsFailedForGood(
  knex: Knex,
  since: Date
): Promise<{ count: number; rows: RefundsFailedForGoodData["refunds"] }> {
  const where = `"deleted_at" is null and ${FAILED_FOR_GOOD_SQL} and "updated_at" > ?`
  const [{ rows: counted }, { rows }] = await Promise.all([
    knex.raw(`select count(*)::int as "count" from "installments_refund" where ${where}`, [since]),
    knex.raw(
      `select "id", "order_id", "amount", "raw_amount", "failure_reason" from "installments_refund" where ${where} order by "updated_at" desc, "id" desc limit 5`,
      [since]
    ),
  ])
  return {
    count: Number(counted[0]?.count ?? 0),
    rows: rows.map((row) => ({
      id: String(row.id),
      order_id: (row.order_id as string | null) ?? null,
      amount: formatAmount(rowHalalas(row as never)),
      reason: (row.failure_reason as string | null) ?? null,
    })),
  }
}

/** When the alert `key` was last sent, if its record is still kept. */
export async function lastSent(knex: Knex, key: string): Promise<Date | null> {
  const { rows } = await knex.raw(
    `select max("last_at") as "at" from "installments_health_count" where "kind" = ? and "provider_id" = ? and "reason" = ?`,
    [KIND, key, KIND]
  )
  return dateOf(rows[0]?.at)
}

/**
 * Claims the sending of alert `key` at `now`: one statement that records it unless it was sent
 * within `repeatMs`. True when this caller is to send it. The job runs on one worker at a time, and
 * two claims in the same millisecond collide on the row's key, so an alert is not sent twice.
 */
export async function claimAlert(knex: Knex, key: string, now: Date, repeatMs: number): Promise<boolean> {
  const { rows } = await knex.raw(
    `insert into "installments_health_count" ("kind", "provider_id", "reason", "hour", "count", "last_at")
     select ?, ?, ?, ?, 1, ? where not exists (
       select 1 from "installments_health_count" where "kind" = ? and "provider_id" = ? and "reason" = ? and "last_at" > ?)
     on conflict do nothing returning "last_at"`,
    [KIND, key, KIND, now, now, KIND, key, KIND, new Date(now.getTime() - repeatMs)]
  )
  return rows.length === 1
}

/** Gives a claim back (the event could not be emitted), so the next run tries again. */
export async function releaseAlert(knex: Knex, key: string, at: Date): Promise<void> {
  await knex.raw(`delete from "installments_health_count" where "kind" = ? and "provider_id" = ? and "reason" = ? and "hour" = ?`, [
    KIND,
    key,
    KIND,
    at,
  ])
}

/** Deletes the records of alerts sent more than SENT_RETENTION_MS ago. */
export async function pruneSentAlerts(knex: Knex, now: Date): Promise<void> {
  await knex.raw(`delete from "installments_health_count" where "kind" = ? and "hour" < ?`, [
    KIND,
    new Date(now.getTime() - SENT_RETENTION_MS),
  ])
}
