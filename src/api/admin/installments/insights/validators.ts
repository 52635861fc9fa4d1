import { z } from "@medusajs/framework/zod"
import { dateWindow, windowLongerThan, windowReversed } from "../../../../lib/dates"
import { IsoDate } from "../../../../lib/client/schemas/common"
import { CHECKOUT_OUTCOMES, INSIGHTS_TABLES, type InsightsTable } from "../../../../installments/insights/answer"
import { isoDateField, pageFields, providerIdField } from "../shared-fields"

/** The longest Insights window: a year, a leap year included. */
export const MAX_INSIGHTS_WINDOW_DAYS = 366

export { INSIGHTS_TABLES, type InsightsTable }

const windowFields = {
  provider_id: providerIdField,
  from_date: isoDateField("from_date"),
  to_date: isoDateField("to_date"),
}

// Judged on the instants the queries use (a bare to_date includes its whole day), as every window of the back office.
function refineWindow(params: { from_date: string; to_date: string }, ctx: z.RefinementCtx): void {
  // A date the field's own rule refuses is named there once, with no window rule on top.
  if (!IsoDate.safeParse(params.from_date).success || !IsoDate.safeParse(params.to_date).success) {
    return
  }
  const window = dateWindow(params.from_date, params.to_date)
  if (windowReversed(window)) {
    ctx.addIssue({ code: "custom", message: "from_date must not be after to_date", path: ["from_date"] })
  } else if (windowLongerThan(window, MAX_INSIGHTS_WINDOW_DAYS)) {
    ctx.addIssue({
      code: "custom",
      message: `to_date must be at most ${MAX_INSIGHTS_WINDOW_DAYS} days after from_date (Insights cover at most a year)`,
      path: ["to_date"],
    })
  }
}

/**
 * `?from_date&to_date[&provider_id][&format=csv&table=…]`: the Insights of a window of at most a
 * year; `format=csv` answers one of the page's tables, named by `table`.
 */
export const AdminInsightsQuery = z
  .object({
    ...windowFields,
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
    table: z.enum(INSIGHTS_TABLES, { error: `table must be one of ${INSIGHTS_TABLES.join(", ")}` }).optional(),
  })
  .superRefine((params, ctx) => {
    refineWindow(params, ctx)
    if (params.format === "csv" && !params.table) {
      ctx.addIssue({
        code: "custom",
        message: `table is required with format=csv: one of ${INSIGHTS_TABLES.join(", ")}`,
        path: ["table"],
      })
    }
  })
export type AdminInsightsQueryType = z.infer<typeof AdminInsightsQuery>

/** `?from_date&to_date[&provider_id][&outcome]&limit&offset`: a page of the window's checkouts, newest first. */
export const AdminInsightsCheckoutsQuery = z
  .object({
    ...windowFields,
    outcome: z.enum(CHECKOUT_OUTCOMES, { error: `outcome must be one of ${CHECKOUT_OUTCOMES.join(", ")}` }).optional(),
    ...pageFields,
  })
  .superRefine(refineWindow)
export type AdminInsightsCheckoutsQueryType = z.infer<typeof AdminInsightsCheckoutsQuery>
