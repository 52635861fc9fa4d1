import { z } from "@medusajs/framework/zod"
import { isoDateField, providerIdField, refineStatementWindow } from "../shared-fields"

/** `?from_date&to_date&format=json|csv|pdf`: the service's statement of a window of at most a year. */
export const AdminStatementQuery = z
  .object({
    provider_id: providerIdField,
    from_date: isoDateField("from_date"),
    to_date: isoDateField("to_date"),
    format: z.enum(["json", "csv", "pdf"], { error: "format must be one of json, csv, pdf" }).default("json"),
  })
  .superRefine(refineStatementWindow)
export type AdminStatementQueryType = z.infer<typeof AdminStatementQuery>
