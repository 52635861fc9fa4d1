import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { Readable } from "node:stream"
import { SettlementBook } from "../../../../lib/statements/settlement-book"
import { rowAmounts, StatementRowError } from "../../../../lib/statements/statement-row"
import { CsvFormatError } from "../../../../lib/statements/csv-records"
import { callService } from "../../../../installments/service-errors"
import { resolveRegistration, type Registration } from "../../../../installments/registrations"
import { sendDownload, statementFileName } from "../statements/download"
import { joinedStatementRows } from "./joined-rows"
import type { JoinedRow } from "./order-join"
import { settlementCsvLines } from "./settlement-csv"
import type { AdminSettlementsQueryType } from "./validators"

/**
 * Each payout of a window with the transactions and refunds it paid, joined to this store's orders,
 * with totals per payout and for the window checked against the service's summary. `format=csv`
 * streams the same rows for accounting software.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminSettlementsQueryType>, res: MedusaResponse) => {
  const { provider_id, from_date, to_date, format } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const params = { from_date, to_date, store_id: registration.options.storeId }
  const report = await callService(registration, () => registration.client.reports.statements(params))
  const file = await callService(registration, () =>
    registration.client.reports.streamStatement({ ...params, format: "csv" })
  )
  const rows = unreadableAsServiceError(registration, joinedStatementRows(req.scope, file.stream))

  if (format === "csv") {
    await sendDownload(res, {
      contentType: "text/csv; charset=utf-8",
      name: statementFileName("installments-settlements", from_date, to_date, "csv"),
      body: Readable.from(settlementCsvLines(report, rows)),
    }, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
    return
  }

  const book = new SettlementBook<JoinedRow>(report)
  for await (const row of rows) {
    book.add(row)
  }
  const result = book.result()
  res.json({
    from_date,
    to_date,
    currency: result.currency,
    settlements: result.settlements.map((settlement) => ({ ...settlement, rows: settlement.rows.map(rowAnswer) })),
    unsettled: { rows: result.unsettled.rows.map(rowAnswer), totals: result.unsettled.totals },
    totals: result.totals,
    service_summary: result.service_summary,
    difference: result.difference,
    daily: result.daily,
  })
}

function rowAnswer(row: JoinedRow) {
  return {
    type: row.type,
    date: row.date,
    transaction_id: row.transaction_id,
    ...rowAmounts(row),
    payment_option: row.payment_option,
    bank_name: row.bank_name,
    order: row.order,
    flag: row.flag,
    payment_link_id: row.payment_link_id,
  }
}

// A statement the plugin cannot read is the service's fault, told as such, not a crash.
async function* unreadableAsServiceError(registration: Registration, rows: AsyncIterable<JoinedRow>) {
  try {
    yield* rows
  } catch (error) {
    if (error instanceof StatementRowError || error instanceof CsvFormatError) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The csv statement of registration ${registration.id} cannot be read: ${error.message}`
      )
    }
    throw error
  }
}
