import { model } from "@medusajs/framework/utils"

/**
 * Where a sweep got to, by name (`sessions`, `paid-links:<storeId>@<baseUrl>`): kept in the database so
 * a restarted store, or another process, continues from it instead of reading the history again.
 * One more row, named `instance` (INSTANCE_MARK), keeps this store's identity as its id (`inst_<uuid>`)
 * and when it was made as `swept_to`: the links the plugin makes carry it from then on.
 */
export const InstallmentsSweepMark = model.define("installments_sweep_mark", {
  id: model.id({ prefix: "iswm" }).primaryKey(),
  name: model.text().unique(),
  /** Everything before this time was swept. */
  swept_to: model.dateTime(),
})

/** The name of the mark whose id is this store's instance identity (see InstallmentsModuleService.instanceId). */
export const INSTANCE_MARK = "instance"
