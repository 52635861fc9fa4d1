import type { StatementReport } from "../../../../lib/client"
import { csvLine, csvNumber } from "../../../../lib/csv"
import { rowAmounts } from "../../../../lib/statements/statement-row"
import type { JoinedRow } from "./order-join"

const COLUMNS = [
  "settlement_id",
  "payout_date",
  "bank_reference",
  "type",
  "date",
  "transaction_id",
  "payment_option",
  "bank_name",
  "amount",
  "service_fee",
  "service_tax_vat",
  "refund_amount",
  "net_amount",
  "order_id",
  "order_display_id",
  "customer_name",
  "customer_email",
  "order_amount",
  "payment_link_id",
  "flag",
] as const

/**
 * The settlement rows as CSV lines for accounting software: the header, then one line per row as
 * the rows arrive, each with its payout and its order. Amounts and the order number are number
 * cells; every other cell is text, quoted and neutralised (lib/csv.ts).
 */
export async function* settlementCsvLines(report: StatementReport, rows: AsyncIterable<JoinedRow>): AsyncGenerator<string> {
  const payouts = new Map(report.settlements.map((settlement) => [settlement.settlement_id, settlement]))
  yield csvLine(COLUMNS)
  for await (const row of rows) {
    const payout = row.settlement_id ? payouts.get(row.settlement_id) : undefined
    const amounts = rowAmounts(row)
    yield csvLine([
      row.settlement_id ?? "",
      payout?.payout_date ?? "",
      payout?.bank_reference ?? "",
      row.type,
      row.date,
      row.transaction_id,
      row.payment_option ?? "",
      row.bank_name ?? "",
      csvNumber(amounts.amount),
      csvNumber(amounts.service_fee),
      csvNumber(amounts.service_tax_vat),
      csvNumber(amounts.refund_amount),
      csvNumber(amounts.net_amount),
      row.order?.id ?? "",
      row.order?.display_id === undefined || row.order.display_id === null ? "" : csvNumber(row.order.display_id),
      row.order?.customer?.name ?? "",
      row.order?.customer?.email ?? "",
      row.order?.amount ? csvNumber(row.order.amount) : "",
      row.payment_link_id ?? "",
      row.flag ?? "",
    ])
  }
}
