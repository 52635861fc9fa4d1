import { model } from "@medusajs/framework/utils"
import { REFUND_SOURCES } from "../../../installments/refunds/keys"
import { REFUND_ROW_STATUSES } from "../../../installments/refunds/intent"

export type { RefundSource } from "../../../installments/refunds/keys"

/**
 * One refund on a service transaction, written before it is sent: an intent (`sending`) under the
 * idempotency key of its cause, then `unknown` when the call ended without a clear answer, accepted
 * (`P`) and settled (`R`, with its `rrn`) as the transaction's refund_tracker says, which stays the
 * source of truth, or `failed` with the reason in a merchant's words. At most one intent per
 * transaction is unresolved (`sending` or `unknown`) at a time: nothing more is sent on it until the
 * tracker says whether the service applied it.
 */
export const InstallmentsRefund = model
  .define("installments_refund", {
    id: model.id({ prefix: "iref" }).primaryKey(),
    /** The service's refund execution id (refund_tracker[].id); none for a refused refund. */
    tracker_id: model.text().unique().nullable(),
    /** The key it is sent under: derived from its cause (installments/refunds/keys.ts), the same on every retry. */
    idempotency_key: model.text().nullable(),
    /** The refund id of Medusa's refundPaymentWorkflow run that sent it (Medusa deletes that row when the provider throws). */
    medusa_refund_id: model.text().nullable(),
    /** Applied at the service after Medusa's run gave up on it: the resolver records it on Medusa's payment. */
    record_in_medusa: model.boolean().default(false),
    /** Medusa's payment session whose payment the refund is on, when Medusa's run sent it (the provider knows no payment id). */
    payment_session_id: model.text().nullable(),
    provider_id: model.text(),
    transaction_id: model.text().index(),
    payment_id: model.text().nullable(),
    amount: model.bigNumber(),
    status: model.enum([...REFUND_ROW_STATUSES]).default("P"),
    rrn: model.text().nullable(),
    gateway_key: model.text().nullable(),
    source: model.enum([...REFUND_SOURCES]).nullable(),
    /** Why the service refused it, in a merchant's words. */
    failure_reason: model.text().nullable(),
    /** A refusal that may pass later (merchant balance, service busy or down): the job retries it. */
    retryable: model.boolean().default(false),
    order_id: model.text().nullable(),
    return_id: model.text().nullable(),
    /** How many times the refund was sent and refused. */
    attempts: model.number().default(0),
    next_retry_at: model.dateTime().nullable(),
  })
  // status + next_retry_at: the retry job's due rows; status + id: the sync job's pending rows and the
  // resolver's unresolved intents, in keyset pages; the unique partial index: one unresolved intent per transaction.
  .indexes([
    { on: ["order_id"] },
    { on: ["status", "next_retry_at"] },
    { on: ["status", "id"] },
    { on: ["idempotency_key"] },
    { on: ["transaction_id"], unique: true, where: "status IN ('sending', 'unknown')" },
    { on: ["id"], where: "record_in_medusa" },
  ])
