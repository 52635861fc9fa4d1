import type { MedusaContainer } from "@medusajs/framework/types"
import { addRow, formatTotals, zeroTotals, type FormattedTotals } from "../../../../lib/statements/settlement-book"
import type { StatementRow } from "../../../../lib/statements/statement-row"
import { joinRowsToOrders, type JoinedRow } from "./order-join"

/** A page of one payout's rows, joined to orders, with the payout's row count and totals. */
export interface SettlementRowsPage {
  rows: JoinedRow[]
  count: number
  totals: FormattedTotals
}

/**
 * Reads a window's statement rows as they stream in and keeps the page `offset`..`offset + limit`
 * of those paid out by `settlementId` (null: the rows no payout has paid yet). Only the page is held
 * and joined to orders; the rest is counted and summed, so a year's statement costs one page.
 */
export async function settlementRowsPage(
  container: MedusaContainer,
  rows: AsyncIterable<StatementRow>,
  settlementId: string | null,
  page: { offset: number; limit: number }
): Promise<SettlementRowsPage> {
  const kept: StatementRow[] = []
  const totals = zeroTotals()
  let count = 0
  for await (const row of rows) {
    if (row.settlement_id !== settlementId) {
      continue
    }
    if (count >= page.offset && kept.length < page.limit) {
      kept.push(row)
    }
    addRow(totals, row)
    count++
  }
  return { rows: await joinRowsToOrders(container, kept), count, totals: formatTotals(totals) }
}
