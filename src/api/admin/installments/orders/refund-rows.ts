import type { RefundTrackerEntry } from "../../../../lib/client"
import { formatAmount, roundMedusaAmount } from "../../../../lib/money"
import { willRetry } from "../../../../installments/refunds/failures"

/** A refund ledger row as stored, read tolerantly: later versions of the ledger add fields. */
export interface LedgerRow {
  id: string
  tracker_id?: string | null
  transaction_id: string
  payment_id?: string | null
  amount: unknown
  status: string
  rrn?: string | null
  idempotency_key?: string | null
  created_at?: Date | string | null
  source?: string | null
  failure_reason?: string | null
  retryable?: boolean | null
  record_in_medusa?: boolean | null
  next_retry_at?: Date | string | null
}

/** One refund of a payment as the order widget shows it. */
export interface RefundView {
  id: string
  amount: string
  status: "confirming" | "pending" | "settled" | "failed"
  rrn: string | null
  source: string | null
  failure_reason: string | null
  will_retry: boolean
  created_at: string | null
  idempotency_key: string | null
}

const STATUS: Record<string, RefundView["status"]> = {
  sending: "confirming",
  unknown: "confirming",
  P: "pending",
  R: "settled",
  failed: "failed",
}

/**
 * The refunds of one payment: the plugin's ledger first, then any entry of the service's refund
 * tracker the ledger does not hold yet (the service's word on its status wins for both).
 */
export function refundViews(ledger: LedgerRow[], tracker: RefundTrackerEntry[]): RefundView[] {
  const byTracker = new Map(tracker.map((entry) => [entry.id, entry]))
  const views: RefundView[] = ledger.map((row) => {
    const live = row.tracker_id ? byTracker.get(row.tracker_id) : undefined
    const status = live ? STATUS[live.status] : (STATUS[row.status] ?? "pending")
    return {
      id: row.id,
      amount: formatAmount(roundMedusaAmount(row.amount)),
      status,
      rrn: live?.rrn ?? row.rrn ?? null,
      source: row.source ?? null,
      failure_reason: row.failure_reason ?? null,
      will_retry: willRetry(row),
      created_at: row.created_at ? new Date(row.created_at).toISOString() : null,
      idempotency_key: row.idempotency_key ?? null,
    }
  })
  const known = new Set(ledger.map((row) => row.tracker_id).filter(Boolean))
  for (const entry of tracker) {
    if (!known.has(entry.id)) {
      views.push({
        id: entry.id,
        amount: entry.amount,
        status: STATUS[entry.status],
        rrn: entry.rrn ?? null,
        source: "service",
        failure_reason: null,
        will_retry: false,
        created_at: null,
        idempotency_key: entry.idempotency_key ?? null,
      })
    }
  }
  return views
}
