import { model } from "@medusajs/framework/utils"

/**
 * Where a sweep got to, by name (`sessions`, `paid-links:<storeId>@<baseUrl>`): kept in the database so
 * a restarted store, or another process, continues from it instead of reading the history again.
 */
export const InstallmentsSweepMark = model.define("installments_sweep_mark", {
  id: model.id({ prefix: "iswm" }).primaryKey(),
  name: model.text().unique(),
  /** Everything before this time was swept. */
  swept_to: model.dateTime(),
})
