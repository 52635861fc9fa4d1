import type { RegistrationId } from "../registrations/provider-ids"

/** A refund the plugin sent (or meant to send) on one payment, and how it ended. */
export interface RefundAttempt {
  payment_id: string
  /** The provider registration's id. */
  provider_id: RegistrationId
  transaction_id: string
  /** Decimal SAR. */
  amount_sar: string
  /** The key it was sent under. */
  idempotency_key: string
  /** The key the service knows the refund by, when it accepted it. */
  refund_id?: string
  /** Set when it did not go through now: the ledger row under the key says why, and what happens next. */
  failed?: true
  /** Set when nothing was sent because another refund of the payment is being confirmed: the cause waits for it. */
  waiting?: true
}
