import { model } from "@medusajs/framework/utils"
import { REFUND_SOURCES } from "../../../installments/refund-keys"

export type { RefundSource } from "../../../installments/refund-keys"

/**
 * One refund on a service transaction, from acceptance (`P`) to settlement (`R`, with its `rrn`),
 * mirrored from the transaction's refund_tracker, which stays the source of truth. A refund the
 * service refused is kept as `failed` with the reason in a merchant's words, so no refund that
 * Medusa or the plugin meant to make is lost from sight.
 */
export const InstallmentsRefund = model
  .define("installments_refund", {
    id: model.id({ prefix: "iref" }).primaryKey(),
    /** The service's refund execution id (refund_tracker[].id); none for a refused refund. */
    tracker_id: model.text().unique().nullable(),
    /** Medusa's refund id when Medusa sent the refund; other keys mean it was made elsewhere. */
    idempotency_key: model.text().nullable(),
    provider_id: model.text(),
    transaction_id: model.text().index(),
    payment_id: model.text().nullable(),
    amount: model.bigNumber(),
    status: model.enum(["P", "R", "failed"]).default("P"),
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
  // status + next_retry_at: the retry job's due rows; status + id: the sync job's pending rows, in keyset pages.
  .indexes([{ on: ["order_id"] }, { on: ["status", "next_retry_at"] }, { on: ["status", "id"] }])
