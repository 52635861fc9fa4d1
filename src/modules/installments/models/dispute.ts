import { model } from "@medusajs/framework/utils"

/**
 * A chargeback the service reported (`order.disputed`) against a payment. Recorded for the
 * merchant to act on; it never changes the payment or the order by itself.
 */
export const InstallmentsDispute = model.define("installments_dispute", {
  id: model.id({ prefix: "idsp" }).primaryKey(),
  transaction_id: model.text().index(),
  payment_id: model.text().nullable(),
  order_id: model.text().index().nullable(),
  provider_id: model.text(),
  /** The delivery's event id (or the digest of its body when it has none): a replayed delivery records nothing more. */
  event_id: model.text().unique(),
  disputed_at: model.dateTime(),
})
