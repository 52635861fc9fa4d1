import { z } from "zod"
import { dateWindow, windowLongerThan, windowReversed } from "../../dates"
import { IsoDate, ResponseAmount, UUID, informational, nullableString, openEnum, withDefault } from "./common"

/** Longest statement window (D17): 366 days, so a leap year fits. */
export const MAX_STATEMENT_WINDOW_DAYS = 366

// Structural, so the admin's validators (built on Medusa's own copy of zod) can use it too.
interface WindowIssues {
  addIssue(issue: { code: "custom"; message: string; path: string[] }): void
}

/**
 * The statement window rules of docs/service-api.md (D17), judged on the UTC instants the service filters on (a
 * bare to_date includes its whole day): from_date not after to_date, at most 366 days. Shared by the
 * client and the admin routes so both refuse the same windows with the same words.
 */
export function refineStatementWindow(params: { from_date: string; to_date: string }, ctx: WindowIssues): void {
  if (!IsoDate.safeParse(params.from_date).success || !IsoDate.safeParse(params.to_date).success) {
    return
  }
  const window = dateWindow(params.from_date, params.to_date)
  if (windowReversed(window)) {
    ctx.addIssue({ code: "custom", message: "from_date must not be after to_date", path: ["from_date"] })
  } else if (windowLongerThan(window, MAX_STATEMENT_WINDOW_DAYS)) {
    ctx.addIssue({
      code: "custom",
      message: `to_date must be at most ${MAX_STATEMENT_WINDOW_DAYS} days after from_date (a statement covers at most a year)`,
      path: ["to_date"],
    })
  }
}

export const StatementFormat = z.enum(["json", "csv", "pdf"])
export type StatementFormat = z.output<typeof StatementFormat>

/** Body of the statement report (endpoint 8). */
export const StatementParams = z
  .object({
    from_date: IsoDate,
    to_date: IsoDate,
    store_id: UUID,
    format: StatementFormat.optional(),
  })
  .superRefine(refineStatementWindow)
export type StatementParams = z.input<typeof StatementParams>

export const SETTLEMENT_STATUSES = ["completed", "pending", "failed"] as const

/**
 * A json statement. Required: the summary's amounts and each settlement's id, net amount and status
 * (what a statement is read for); the rest is informational, an unlisted settlement status kept.
 */
export const StatementReport = z.looseObject({
  report_id: nullableString,
  generated_at: nullableString,
  currency: withDefault(informational(z.string()), "SAR"),
  summary: z.looseObject({
    total_gross_sales: ResponseAmount,
    total_fees: ResponseAmount,
    total_vat: ResponseAmount,
    total_refunds: ResponseAmount,
    net_payout_amount: ResponseAmount,
  }),
  settlements: withDefault(
    z.array(
      z.looseObject({
        settlement_id: z.string().min(1, "must not be empty"),
        payout_date: nullableString,
        bank_reference: nullableString,
        net_amount: ResponseAmount,
        status: openEnum(SETTLEMENT_STATUSES),
      })
    ),
    []
  ),
})
export type StatementReport = z.output<typeof StatementReport>

/** A csv or pdf statement: the bytes as the service sent them, with their content type. */
export interface StatementFile {
  format: "csv" | "pdf"
  contentType: string
  data: Buffer
}
