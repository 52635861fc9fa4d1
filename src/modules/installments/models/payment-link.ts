import { model } from "@medusajs/framework/utils"

/**
 * A payment link made in the admin for a phone or in-store sale: tied to no cart or session, so the
 * plugin keeps it here, and records the payment on it once the service reports one.
 */
export const InstallmentsPaymentLink = model.define("installments_payment_link", {
  id: model.id({ prefix: "iplk" }).primaryKey(),
  /** The service's payment_link_id. */
  payment_link_id: model.text().unique(),
  /** The provider registration that made it (`installments` for `pp_installments_installments`). */
  provider_id: model.text(),
  url: model.text(),
  environment: model.text(),
  amount: model.bigNumber(),
  title: model.text(),
  single_use: model.boolean().default(true),
  expires_at: model.dateTime().nullable(),
  /** The admin user who made it. */
  created_by: model.text().nullable(),
  /** `Unpaid`, `Paid` or `Expired`, as last read from the service. */
  status: model.text().default("Unpaid"),
  /** The successful transaction, once paid. */
  transaction_id: model.text().index().nullable(),
  paid_at: model.dateTime().nullable(),
  payment_option: model.text().nullable(),
  bank_name: model.text().nullable(),
})
