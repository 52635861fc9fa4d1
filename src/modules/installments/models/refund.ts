import { model } from "@medusajs/framework/utils"

/**
 * One refund on a service transaction, from acceptance (`P`) to settlement (`R`, with its `rrn`),
 * mirrored from the transaction's refund_tracker, which stays the source of truth.
 */
export const InstallmentsRefund = model.define("installments_refund", {
  id: model.id({ prefix: "iref" }).primaryKey(),
  /** The service's refund execution id (refund_tracker[].id). */
  tracker_id: model.text().unique(),
  /** Medusa's refund id when Medusa sent the refund; other keys mean it was made elsewhere. */
  idempotency_key: model.text().nullable(),
  provider_id: model.text(),
  transaction_id: model.text().index(),
  payment_id: model.text().nullable(),
  amount: model.bigNumber(),
  status: model.enum(["P", "R"]).default("P"),
  rrn: model.text().nullable(),
  gateway_key: model.text().nullable(),
})
