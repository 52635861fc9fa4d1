import type { RefundFailure } from "../../installments/refund-failures"
import type { RefundSource } from "./models/refund"

/** What a refund refusal writes to the ledger. */
export interface RefundFailureInput {
  /** A failed row to update (a retry of it); else the payment's failed row of this source, or a new one. */
  id?: string
  provider_id: string
  transaction_id: string
  payment_id: string
  order_id?: string | null
  return_id?: string | null
  source: RefundSource
  /** Decimal SAR. */
  amount: string
  idempotency_key: string | null
  /** Why, in a merchant's words, and whether the refusal can pass. */
  failure: RefundFailure
  /** The clock of the retry schedule. */
  now: Date
}

/** A dispute the service reported on a transaction. */
export interface DisputeInput {
  transaction_id: string
  payment_id: string | null
  order_id: string | null
  provider_id: string
  event_id: string
  disputed_at: Date
}
