import type { RefundTrackerEntry } from "../../lib/client"
import type { RefundSource } from "./keys"
import type { IntentOpening, IntentOutcome, RefundIntent } from "./intent"
import type { RegistrationId } from "../registrations/provider-ids"

/** A transaction's refund_tracker, to mirror into its ledger rows. */
export interface TrackerSync {
  provider_id: RegistrationId
  payment_id?: string
  order_id?: string
  tracker: RefundTrackerEntry[]
  /** Where refunds sent with these idempotency keys came from (a return, a cancel...). */
  attributions?: Record<string, { source: RefundSource; return_id?: string }>
  /** Source of entries nothing else attributes (e.g. `admin` for Medusa refunds from the admin). */
  default_source?: RefundSource
}

/** A change to one transaction's refund ledger rows, as its one writer takes it. */
export type RefundLedgerChange =
  /** A refund about to be sent: written first, so its key outlives any crash or lost answer. */
  | { kind: "open"; transaction_id: string; intent: RefundIntent }
  /** How the call of an opened intent ended, or what the resolver found. */
  | { kind: "outcome"; transaction_id: string; row_id: string; outcome: IntentOutcome }
  /** The service's refund tracker, mirrored (Medusa's payment.refunded, order.updated, the jobs). */
  | { kind: "tracker"; transaction_id: string; sync: TrackerSync }
  /** Medusa's payment shows an applied refund the resolver was to record there. */
  | { kind: "recorded-in-medusa"; transaction_id: string; row_id: string }
  /** A failed refund nothing is owed for any more: off the retry schedule, saying why. */
  | { kind: "stop-retrying"; transaction_id: string; row_id: string; why: string }

/** What a change answers: the opening of an intent, the row an outcome wrote, the entries still pending. */
export interface RefundLedgerResult {
  opening?: IntentOpening
  row?: {
    id: string
    status: string
    retryable?: boolean | null
    next_retry_at?: Date | string | null
    failure_reason?: string | null
  }
  pending?: number
}

/** The ledger as a sender of refunds needs it: the Installments module's one writer. */
export interface RefundLedgerWriter {
  writeRefundLedger(change: RefundLedgerChange): Promise<RefundLedgerResult>
}
