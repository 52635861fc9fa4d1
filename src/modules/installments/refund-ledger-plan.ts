import type { RefundTrackerEntry } from "../../lib/client"
import { sourceOfRefundKey, type RefundSource } from "../../installments/refund-keys"

export interface SyncRefundEntriesInput {
  provider_id: string
  transaction_id: string
  payment_id?: string
  order_id?: string
  tracker: RefundTrackerEntry[]
  /** Where refunds sent with these idempotency keys came from (a return, a cancel...). */
  attributions?: Record<string, { source: RefundSource; return_id?: string }>
  /** Source of entries nothing else attributes (e.g. `admin` for Medusa refunds from the admin). */
  default_source?: RefundSource
}

/** A ledger row as the plan reads it. */
export interface LedgerRow {
  id: string
  tracker_id?: string | null
  idempotency_key?: string | null
  status?: string | null
  source?: RefundSource | null
}

type RefundEntryFields = {
  tracker_id: string
  status: "P" | "R"
  rrn: string | null
  gateway_key: string | null
  payment_id?: string | null
  order_id?: string | null
  return_id?: string | null
}

export type RefundEntryInput = RefundEntryFields & {
  idempotency_key: string | null
  provider_id: string
  transaction_id: string
  amount: number
  source: RefundSource | null
}

/** The writes that bring one transaction's ledger rows up to date with its refund tracker. */
export interface RefundSyncPlan {
  /** Rows another writer made for a tracker entry that a kept row takes over. */
  superseded: string[]
  creates: RefundEntryInput[]
  updates: (Partial<RefundEntryInput> & { id: string; failure_reason?: null; retryable?: false; next_retry_at?: null })[]
  /** Entries the service has not settled yet. */
  pending: number
}

/**
 * What mirroring a transaction's refund_tracker changes in its ledger rows (`existing`, all of the
 * transaction's). Each tracker entry updates its row, or the row kept for its key before the service
 * listed it (a refusal later retried, or a call without an answer that was accepted after all), which
 * so keeps its id; anything else is created. A field this writer does not know (payment, order,
 * return) is never erased.
 */
export function planRefundSync(existing: LedgerRow[], input: SyncRefundEntriesInput): RefundSyncPlan {
  const byTracker = new Map(existing.filter((row) => row.tracker_id).map((row) => [row.tracker_id, row]))
  const byKey = new Map(existing.filter((row) => !row.tracker_id && row.idempotency_key).map((row) => [row.idempotency_key, row]))
  const plan: RefundSyncPlan = { superseded: [], creates: [], updates: [], pending: 0 }
  for (const entry of input.tracker) {
    const key = entry.idempotency_key ?? null
    const attribution = key ? input.attributions?.[key] : undefined
    const tracked = byTracker.get(entry.id)
    const waiting = key ? byKey.get(key) : undefined
    // A row kept for this key before the service listed it (a refused refund, retried) keeps its
    // id: a row another writer made for the same tracker entry meanwhile gives way to it.
    if (tracked && waiting && tracked.id !== waiting.id) {
      plan.superseded.push(tracked.id)
    }
    const known = waiting ?? tracked
    const fields: RefundEntryFields = {
      tracker_id: entry.id,
      // A status the interface does not list is not settled: kept pending so the sync job re-reads it.
      status: entry.status === "R" ? "R" : "P",
      rrn: entry.rrn,
      gateway_key: entry.gateway_transaction_id ?? null,
      ...(input.payment_id ? { payment_id: input.payment_id } : {}),
      ...(input.order_id ? { order_id: input.order_id } : {}),
      ...(attribution?.return_id ? { return_id: attribution.return_id } : {}),
    }
    const source = attribution?.source ?? (known?.source ? undefined : sourceOfRefundKey(key) ?? input.default_source)
    if (entry.status !== "R") {
      plan.pending += 1
    }
    if (known) {
      const accepted = known.status === "failed" ? { failure_reason: null, retryable: false as const, next_retry_at: null } : {}
      plan.updates.push({ id: known.id, ...fields, ...accepted, ...(source ? { source } : {}) })
      continue
    }
    plan.creates.push({
      ...fields,
      idempotency_key: key,
      provider_id: input.provider_id,
      transaction_id: input.transaction_id,
      payment_id: input.payment_id ?? null,
      source: source ?? null,
      // A decimal string keeps the amount exact; Medusa's BigNumber reads strings, its typing says number.
      amount: entry.amount as unknown as number,
    })
  }
  return plan
}
