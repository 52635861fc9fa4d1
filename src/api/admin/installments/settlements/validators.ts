import { z } from "@medusajs/framework/zod"
import { isoDateField, providerIdField, refineStatementWindow } from "../shared-fields"

/** `?from_date&to_date&format=json|csv`: settlements of a window of at most a year, joined to orders. */
export const AdminSettlementsQuery = z
  .object({
    provider_id: providerIdField,
    from_date: isoDateField("from_date"),
    to_date: isoDateField("to_date"),
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
  })
  .superRefine(refineStatementWindow)
export type AdminSettlementsQueryType = z.infer<typeof AdminSettlementsQuery>
