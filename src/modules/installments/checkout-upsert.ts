import { generateEntityId } from "@medusajs/framework/utils"
import type { CheckoutRecord } from "../../installments/insights/checkout-record"

const raw = (amount: string | null) => (amount === null ? null : JSON.stringify({ value: amount, precision: 20 }))

// What a read tells of the checkout; the row keeps the latest read's (the one of highest progress).
const FACTS = [
  "payment_link_id",
  "amount",
  "raw_amount",
  "outcome",
  "bank_rejections",
  "card_declines",
  "payment_option",
  "bank",
  "tenure_months",
  "transaction_id",
  "fee",
  "raw_fee",
  "fee_vat",
  "raw_fee_vat",
  "progress",
] as const
// Compared to tell whether a read changes anything (the raw_ columns follow their amounts).
const COMPARED = FACTS.filter((column) => !column.startsWith("raw_"))

const quoted = (column: string) => `"${column}"`
const list = (prefix: string, columns: readonly string[]) => columns.map((column) => `${prefix}${quoted(column)}`).join(", ")
// Not older than the row's read, or of another link (a session whose amount changed gets a new one).
const FRESH = `(excluded."progress" >= c."progress" or excluded."payment_link_id" <> c."payment_link_id")`
const CHANGED = `(${list("c.", COMPARED)}) is distinct from (${list("excluded.", COMPARED)})`
const LEARNT_PROVIDER = `(c."provider_id" is null and excluded."provider_id" is not null)`

const ROW = `(?, ?, ?, ?, ?, ?::numeric, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?::numeric, ?::jsonb, ?::numeric, ?::jsonb, ?, now())`

const upsertOf = (rows: number) => `
  insert into "installments_checkout" as c
    ("id", "session_id", "provider_id", "started_at", ${list("", FACTS)}, "decided_at")
  values ${Array.from({ length: rows }, () => ROW).join(",\n    ")}
  on conflict ("session_id") where "deleted_at" is null do update set
    "provider_id" = coalesce(c."provider_id", excluded."provider_id"),
    ${FACTS.map((column) => `${quoted(column)} = case when ${FRESH} then excluded.${quoted(column)} else c.${quoted(column)} end`).join(",\n    ")},
    "decided_at" = case when ${FRESH} and c."outcome" <> excluded."outcome" then now() else c."decided_at" end,
    "updated_at" = now()
  where (${FRESH} and ${CHANGED}) or ${LEARNT_PROVIDER}`

/**
 * The one read per session a batch writes (an upsert cannot touch a row twice): the later read of
 * the highest progress, or the later read of another link, as the statement itself decides against
 * the row; a provider id any of them knows is kept.
 */
export function latestReadPerSession(records: CheckoutRecord[]): CheckoutRecord[] {
  const latest = new Map<string, CheckoutRecord>()
  for (const record of records) {
    const kept = latest.get(record.session_id)
    const fresher = !kept || record.progress >= kept.progress || record.payment_link_id !== kept.payment_link_id
    const chosen = fresher ? record : kept
    latest.set(record.session_id, { ...chosen, provider_id: chosen.provider_id ?? kept?.provider_id ?? record.provider_id })
  }
  return [...latest.values()]
}

/**
 * One statement that records reads of checkouts: the unique index on session_id decides between a
 * new row and an update. A read's facts replace the row's only when the read is not older than the
 * one recorded (`progress`, or another link), so two readers racing (the shopper's return and the
 * sweep) leave the later read; a provider id, once known, is kept; a read that changes nothing
 * writes nothing. Several sessions' reads go in one statement, one read per session.
 */
export function checkoutUpsert(records: CheckoutRecord[]): { sql: string; params: unknown[] } {
  const rows = latestReadPerSession(records)
  const params = rows.flatMap((record) => [
    generateEntityId(undefined, "ichk"),
    record.session_id,
    record.provider_id,
    record.started_at,
    record.payment_link_id,
    record.amount,
    raw(record.amount),
    record.outcome,
    record.bank_rejections,
    record.card_declines,
    record.payment_option,
    record.bank,
    record.tenure_months,
    record.transaction_id,
    record.fee,
    raw(record.fee),
    record.fee_vat,
    raw(record.fee_vat),
    record.progress,
  ])
  return { sql: upsertOf(rows.length), params }
}
