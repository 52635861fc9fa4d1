import { model } from "@medusajs/framework/utils"

/**
 * What a sweep follows: a payment session whose link may still be paid, a canceled order whose refund
 * check failed, or a received return whose refund is not settled yet (followed before it is tried).
 */
export const SWEEP_ITEM_KINDS = ["session", "canceled-order", "return"] as const
export type SweepItemKind = (typeof SWEEP_ITEM_KINDS)[number]

/**
 * One thing a background sweep still has to look at. A sweep reads only the open items (a partial
 * index on `closed_at IS NULL`), so what it closed costs nothing however much history the store has.
 */
export const InstallmentsSweepItem = model
  .define("installments_sweep_item", {
    id: model.id({ prefix: "iswi" }).primaryKey(),
    kind: model.enum([...SWEEP_ITEM_KINDS]),
    /** The payment session id, the order id, or the return id. */
    subject_id: model.text(),
    /** How many times it was (re)opened: a return's receipts; a run closes it only if none came since it read this. */
    generation: model.number().default(0),
    /** When the sweep stopped following it; null while open. */
    closed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["kind", "subject_id"], unique: true },
    { on: ["kind", "id"], where: "closed_at IS NULL" },
    // The retention job's: closed items, oldest first.
    { on: ["closed_at"], where: "closed_at IS NOT NULL" },
  ])
