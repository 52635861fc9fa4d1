import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SettlementsResponse } from "../../../../installments/back-office/answers"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Readable } from "node:stream"
import { SettlementBook } from "../../../../lib/statements/settlement-book"
import { statementRows } from "../../../../lib/statements/statement-row"
import { textChunks } from "../../../../lib/statements/text-chunks"
import { callService } from "../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import { sendDownload, statementFileName } from "../statements/download"
import { joinedStatementRows } from "./joined-rows"
import { settlementCsvLines } from "./settlement-csv"
import { unreadableAsServiceError } from "./unreadable-statement"
import type { AdminSettlementsQueryType } from "./validators"

/**
 * A window's summary and a page of its payouts, each with its totals and row count, checked against
 * the service's summary to the halala; a payout's rows are read from `settlements/:id`. The window's
 * rows are summed as they stream in, never held. `format=csv` streams every row of the window,
 * joined to this store's orders, for accounting software.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminSettlementsQueryType>, res: MedusaResponse) => {
  const { provider_id, from_date, to_date, format, limit, offset } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const params = { from_date, to_date, store_id: registration.options.storeId }
  const report = await callService(registration, () => registration.client.reports.statements(params))
  const file = await callService(registration, () => registration.client.reports.streamStatement({ ...params, format: "csv" }))

  if (format === "csv") {
    const rows = unreadableAsServiceError(registration, joinedStatementRows(req.scope, file.stream))
    await sendDownload(
      res,
      {
        contentType: "text/csv; charset=utf-8",
        name: statementFileName("installments-settlements", from_date, to_date, "csv"),
        body: Readable.from(textChunks(settlementCsvLines(report, rows))),
      },
      req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    )
    return
  }

  // The summary needs no order: the rows are only summed, with no query to the database.
  const book = new SettlementBook(report)
  for await (const row of unreadableAsServiceError(registration, statementRows(file.stream))) {
    book.add(row)
  }
  const result = book.result()
  const answer: SettlementsResponse = {
    from_date,
    to_date,
    currency: result.currency,
    settlements: result.settlements.slice(offset, offset + limit),
    count: result.settlements.length,
    limit,
    offset,
    unsettled: result.unsettled,
    totals: result.totals,
    service_summary: result.service_summary,
    difference: result.difference,
    daily: result.daily,
  }
  res.json(answer)
}
