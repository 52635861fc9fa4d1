import { model } from "@medusajs/framework/utils"
import { CHECKOUT_OUTCOMES } from "../../../installments/insights/checkout-outcome"

/**
 * One checkout that reached the hosted page (a payment session with a link), as the plugin last read
 * it: its outcome, refused attempts, the plan chosen and the service's fees, recorded when the
 * plugin reads the link (D44), so the Insights page never asks the service about history. Kept for
 * the retention of installments/insights/retention.ts (D46).
 */
export const InstallmentsCheckout = model
  .define("installments_checkout", {
    id: model.id({ prefix: "ichk" }).primaryKey(),
    session_id: model.text(),
    /** Medusa's provider id of the session (`pp_installments_installments`); null until known. */
    provider_id: model.text().nullable(),
    payment_link_id: model.text(),
    /** When the session was made (its id's time): the Insights window's date of a checkout. */
    started_at: model.dateTime(),
    /** What the link asks, SAR. */
    amount: model.bigNumber(),
    outcome: model.enum([...CHECKOUT_OUTCOMES]),
    bank_rejections: model.number().default(0),
    card_declines: model.number().default(0),
    payment_option: model.text().nullable(),
    bank: model.text().nullable(),
    tenure_months: model.text().nullable(),
    transaction_id: model.text().nullable(),
    fee: model.bigNumber().nullable(),
    fee_vat: model.bigNumber().nullable(),
    /** How far the link had gone at the read recorded (installments/insights/checkout-outcome.ts). */
    progress: model.number().default(0),
    /** When the outcome last changed. */
    decided_at: model.dateTime(),
  })
  .indexes([
    // One row per session, the upsert's conflict target.
    { on: ["session_id"], unique: true },
    // The Insights window and the retention job: a range of started_at.
    { on: ["started_at"] },
  ])
