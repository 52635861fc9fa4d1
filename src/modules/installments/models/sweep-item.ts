import { model } from "@medusajs/framework/utils"

/** What a sweep follows: a payment session whose link may still be paid, or a canceled order whose refund check failed. */
export const SWEEP_ITEM_KINDS = ["session", "canceled-order"] as const
export type SweepItemKind = (typeof SWEEP_ITEM_KINDS)[number]

/**
 * One thing a background sweep still has to look at. A sweep reads only the open items (a partial
 * index on `closed_at IS NULL`), so what it closed costs nothing however much history the store has.
 */
export const InstallmentsSweepItem = model
  .define("installments_sweep_item", {
    id: model.id({ prefix: "iswi" }).primaryKey(),
    kind: model.enum([...SWEEP_ITEM_KINDS]),
    /** The payment session id or the order id. */
    subject_id: model.text(),
    /** When the sweep stopped following it; null while open. */
    closed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["kind", "subject_id"], unique: true },
    { on: ["kind", "id"], where: "closed_at IS NULL" },
    // The retention job's: closed items, oldest first.
    { on: ["closed_at"], where: "closed_at IS NOT NULL" },
  ])
