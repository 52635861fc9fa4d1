import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from "pdf-lib"
import { formatAmount } from "../../../src/lib/money"
import { STATEMENT_COLUMNS, Statement } from "./report"

// A4 landscape, so the 11 columns of D17 fit on one line.
const PAGE: [number, number] = [842, 595]
const MARGIN = 36
const ROW_HEIGHT = 12
const COLUMN_WIDTHS = [92, 40, 178, 60, 44, 56, 50, 56, 56, 58, 80]

// The standard fonts only encode WinAnsi; anything else (an Arabic merchant name) would throw.
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?")
}

function header(page: PDFPage, font: PDFFont, y: number): number {
  let x = MARGIN
  STATEMENT_COLUMNS.forEach((column, index) => {
    page.drawText(column, { x, y, size: 7, font })
    x += COLUMN_WIDTHS[index]
  })
  page.drawLine({ start: { x: MARGIN, y: y - 3 }, end: { x: PAGE[0] - MARGIN, y: y - 3 }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) })
  return y - ROW_HEIGHT - 2
}

/** The pdf format (D17): the same summary, settlements and rows as the json and csv formats. */
export async function statementPdf(statement: Statement, merchantName: string): Promise<Buffer> {
  const document = await PDFDocument.create()
  document.setTitle(`Settlement statement ${statement.report_id}`)
  document.setProducer("installments-sandbox")
  document.setCreationDate(new Date(statement.generated_at))
  const regular = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)

  let page = document.addPage(PAGE)
  let y = PAGE[1] - MARGIN
  const line = (text: string, font = regular, size = 9) => {
    page.drawText(printable(text), { x: MARGIN, y, size, font })
    y -= size + 5
  }
  line("Settlement statement (SANDBOX)", bold, 14)
  line(`Merchant: ${merchantName}   Store: ${statement.store_id}`)
  line(`Period: ${statement.from} to ${statement.to}   Generated: ${statement.generated_at}   Report: ${statement.report_id}`)
  y -= 4
  const { summary } = statement
  line("Summary (SAR)", bold, 10)
  line(`Total gross sales: ${formatAmount(summary.gross)}`)
  line(`Total fees: ${formatAmount(summary.fees)}`)
  line(`Total VAT: ${formatAmount(summary.vat)}`)
  line(`Total refunds: ${formatAmount(summary.refunds)}`)
  line(`Net payout amount: ${formatAmount(summary.net)}`, bold)
  y -= 4
  line("Settlements", bold, 10)
  for (const settlement of statement.settlements) {
    line(
      `${settlement.settlement_id}  payout ${settlement.payout_date}  ref ${settlement.bank_reference}  net ${formatAmount(settlement.net)}  ${settlement.status}`
    )
  }
  if (statement.settlements.length === 0) {
    line("No settlements in this period.")
  }
  y -= 6
  line(`Transactions and refunds (${statement.rows.length})`, bold, 10)
  y = header(page, bold, y)
  for (const row of statement.rows) {
    if (y < MARGIN) {
      page = document.addPage(PAGE)
      y = header(page, bold, PAGE[1] - MARGIN)
    }
    let x = MARGIN
    STATEMENT_COLUMNS.forEach((column, index) => {
      page.drawText(printable(row[column]), { x, y, size: 7, font: regular })
      x += COLUMN_WIDTHS[index]
    })
    y -= ROW_HEIGHT
  }
  return Buffer.from(await document.save())
}
