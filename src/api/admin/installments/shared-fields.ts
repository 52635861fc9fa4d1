import { z } from "@medusajs/framework/zod"
import { isExactAmount, toHalalas } from "../../../lib/money"
import { dateWindow, windowLongerThan, windowReversed } from "../../../lib/dates"

/** Fields the back-office validators share; each message names its field so a form can place it. */

/** The registration a request is about; required only when there are several. */
export const providerIdField = z.string().min(1, "provider_id must not be empty").optional()

/** A SAR amount greater than 0, exact to the halala, as a string ("1200.00") or a JSON number. */
export const amountField = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} is required: an amount in SAR, e.g. 1200.00` })
    .refine((value) => isExactAmount(value), `${name} must be a number with at most 2 decimals, e.g. 1200.00`)
    .refine((value) => !isExactAmount(value) || toHalalas(value) > 0n, `${name} must be greater than 0`)
    .transform((value) => String(value))

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

// Date.parse rolls impossible days over ("2026-02-30" is read as March 2), so the calendar is checked too.
function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value.slice(0, 10)))) {
    return false
  }
  const [year, month, day] = value.slice(0, 10).split("-").map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An ISO 8601 date or date-time (UTC when it names no offset). */
export const isoDateField = (name: string) =>
  z
    .string({ error: `${name} is required: an ISO 8601 date, e.g. 2026-11-01` })
    .refine(isIsoDate, `${name} must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z`)

/** The interface's statement window: from_date not after to_date, at most 366 days (D17). */
export const STATEMENT_WINDOW_DAYS = 366

/** Adds the statement window rules to a schema with from_date and to_date. */
export function refineStatementWindow(params: { from_date: string; to_date: string }, ctx: z.RefinementCtx): void {
  if (!isIsoDate(params.from_date) || !isIsoDate(params.to_date)) {
    return
  }
  const window = dateWindow(params.from_date, params.to_date)
  if (windowReversed(window)) {
    ctx.addIssue({ code: "custom", message: "from_date must not be after to_date", path: ["from_date"] })
  } else if (windowLongerThan(window, STATEMENT_WINDOW_DAYS)) {
    ctx.addIssue({
      code: "custom",
      message: `to_date must be at most ${STATEMENT_WINDOW_DAYS} days after from_date (a statement covers at most a year)`,
      path: ["to_date"],
    })
  }
}
