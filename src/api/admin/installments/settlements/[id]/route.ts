import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SettlementRowsResponse } from "../../../../../installments/back-office/answers"
import { MedusaError } from "@medusajs/framework/utils"
import { rowAmounts, statementRows } from "../../../../../lib/statements/statement-row"
import { callService } from "../../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../../installments/registrations/lookup"
import type { JoinedRow } from "../order-join"
import { settlementRowsPage } from "../settlement-rows-page"
import { unreadableAsServiceError } from "../unreadable-statement"
import { SettlementIdParam, UNSETTLED_ID, type AdminSettlementRowsQueryType } from "../validators"

/**
 * A page of the payments and refunds one payout of the window paid out (`unsettled`: the rows no
 * payout has paid yet), joined to this store's orders, with the payout's totals and row count.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminSettlementRowsQueryType>, res: MedusaResponse) => {
  const parsedId = SettlementIdParam.safeParse(req.params.id)
  if (!parsedId.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, parsedId.error.issues[0].message)
  }
  const id = parsedId.data
  const { provider_id, from_date, to_date, limit, offset } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const params = { from_date, to_date, store_id: registration.options.storeId }
  const report = await callService(registration, () => registration.client.reports.statements(params))
  const listed = report.settlements.find((settlement) => settlement.settlement_id === id)
  const file = await callService(registration, () => registration.client.reports.streamStatement({ ...params, format: "csv" }))
  const rows = unreadableAsServiceError(registration, statementRows(file.stream))
  const page = await settlementRowsPage(req.scope, rows, id === UNSETTLED_ID ? null : id, { offset, limit })
  if (id !== UNSETTLED_ID && !listed && page.count === 0) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Settlement ${id} is not in the window ${from_date} to ${to_date}`)
  }
  const answer: SettlementRowsResponse = {
    from_date,
    to_date,
    currency: report.currency,
    settlement: {
      settlement_id: id === UNSETTLED_ID ? null : id,
      payout_date: listed?.payout_date ?? null,
      bank_reference: listed?.bank_reference ?? null,
      status: id === UNSETTLED_ID ? "unsettled" : (listed?.status ?? "unknown"),
      net_amount: listed?.net_amount ?? null,
      totals: page.totals,
      row_count: page.count,
    },
    rows: page.rows.map(rowAnswer),
    count: page.count,
    limit,
    offset,
  }
  res.json(answer)
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
