import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Readable } from "node:stream"
import type { InsightsAnswer } from "../../../../installments/insights/answer"
import { checkoutRecordsWritten } from "../../../../installments/insights/record-checkout"
import { readInsights } from "../../../../installments/insights/read-insights"
import { insightsWindow } from "../../../../installments/insights/window"
import { sendDownload, statementFileName } from "../statements/download"
import { insightsCsvLines } from "./insights-csv"
import { insightsScope } from "./insights-scope"
import type { AdminInsightsQueryType } from "./validators"

/**
 * Whether installments pay, for a window of at most a year (D45): the plugin's checkouts from the
 * hosted page to paid or refused (its own records), the store's orders and average order value by
 * way of paying, fees and refunds, and orders per day, from Medusa's records. Nothing is asked of
 * the service. `format=csv&table=…` answers one of the page's tables as a spreadsheet.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminInsightsQueryType>, res: MedusaResponse) => {
  const { provider_id, from_date, to_date, format, table } = req.validatedQuery
  const scope = insightsScope(req.scope, provider_id)
  const window = insightsWindow(from_date, to_date)
  // The checkouts this process read in the last tenth of a second are counted too.
  await checkoutRecordsWritten()
  const figures = await readInsights(req.scope, window, scope)
  if (format === "csv" && table) {
    await sendDownload(
      res,
      {
        contentType: "text/csv; charset=utf-8",
        name: statementFileName(`installments-insights-${table}`, from_date, to_date, "csv"),
        body: Readable.from(insightsCsvLines(table, figures, window)),
      },
      req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    )
    return
  }
  const answer: InsightsAnswer = { from_date, to_date, provider_id: provider_id ?? null, currency: "SAR", ...figures }
  res.json(answer)
}
