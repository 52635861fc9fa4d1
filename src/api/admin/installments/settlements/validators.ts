import { z } from "@medusajs/framework/zod"
import { isoDateField, nulMessage, pageFields, providerIdField, refineStatementWindow, withoutNul } from "../shared-fields"

/** The id `GET /admin/installments/settlements/:id` takes for the rows no payout has paid out yet. */
export const UNSETTLED_ID = "unsettled"

const windowFields = {
  provider_id: providerIdField,
  from_date: isoDateField("from_date"),
  to_date: isoDateField("to_date"),
}

/**
 * `?from_date&to_date&format=json|csv&limit&offset`: settlements of a window of at most a year.
 * JSON pages the payouts; csv is the whole window's rows, so the page does not apply to it.
 */
export const AdminSettlementsQuery = z
  .object({
    ...windowFields,
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
    ...pageFields,
  })
  .superRefine(refineStatementWindow)
export type AdminSettlementsQueryType = z.infer<typeof AdminSettlementsQuery>

/** `?from_date&to_date&limit&offset`: a page of one payout's rows in the window, joined to orders. */
export const AdminSettlementRowsQuery = z.object({ ...windowFields, ...pageFields }).superRefine(refineStatementWindow)
export type AdminSettlementRowsQueryType = z.infer<typeof AdminSettlementRowsQuery>

/** A payout's id as the service names it, or `unsettled`; checked before the service is called. */
export const SettlementIdParam = z
  .string()
  .min(1, "id must not be empty")
  .max(200, "id must be at most 200 characters")
  .refine(withoutNul, nulMessage("id"))
