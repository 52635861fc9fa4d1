import { Readable } from "node:stream"
import { csvRecords } from "../../../../../lib/statements/csv-records"
import { neutralised } from "../../../../../lib/csv"
import {
  MID_CELL_PAYLOADS,
  OWASP_CSV_PAYLOADS,
  runsAsFormula,
  spreadsheetCells,
} from "../../../../../lib/__tests__/owasp-csv-payloads"
import type { StatementReport } from "../../../../../lib/client"
import type { JoinedRow } from "../order-join"
import { settlementCsvLines } from "../settlement-csv"

// Every column whose text comes from a shopper (names, emails) or from the service (references,
// bank names, payment options, ids): each takes every payload in turn.
const TEXT_COLUMNS = [
  "settlement_id",
  "bank_reference",
  "transaction_id",
  "payment_option",
  "bank_name",
  "order_id",
  "customer_name",
  "customer_email",
  "payment_link_id",
] as const

function rowWith(text: string): { report: StatementReport; row: JoinedRow } {
  const report = {
    currency: "SAR",
    summary: { total_gross_sales: "0.00", total_fees: "0.00", total_vat: "0.00", total_refunds: "0.00", net_payout_amount: "0.00" },
    settlements: [{ settlement_id: text, payout_date: "2026-11-01", bank_reference: text, net_amount: "-12.00", status: "paid" }],
  } as StatementReport
  const row: JoinedRow = {
    type: "refund",
    date: "2026-11-01",
    transaction_id: text,
    payment_option: text,
    bank_name: text,
    amount: 0n,
    service_fee: 0n,
    service_tax_vat: 0n,
    refund_amount: 1200n,
    net_amount: -1200n,
    settlement_id: text,
    order: { id: text, display_id: 7, customer: { name: text, email: text }, amount: "12.00" },
    flag: null,
    payment_link_id: text,
  }
  return { report, row }
}

async function csvText(text: string): Promise<string> {
  const { report, row } = rowWith(text)
  let csv = ""
  for await (const line of settlementCsvLines(
    report,
    (async function* () {
      yield row
    })()
  )) {
    csv += line
  }
  return csv
}

async function csvOf(text: string) {
  const records = []
  for await (const record of csvRecords(Readable.from([await csvText(text)]))) {
    records.push(record.values)
  }
  return records
}

describe("settlementCsvLines", () => {
  it.each([...OWASP_CSV_PAYLOADS, ...MID_CELL_PAYLOADS].map((payload) => [JSON.stringify(payload), payload]))(
    "writes %s in every text column as text, never as a formula, in a `,`, `;` or tab spreadsheet",
    async (_name, payload) => {
      const [values] = await csvOf(payload)
      for (const column of TEXT_COLUMNS) {
        expect([column, values[column]]).toEqual([column, neutralised(payload)])
      }
      const csv = await csvText(payload)
      for (const delimiter of [",", ";", "\t"] as const) {
        for (const cell of spreadsheetCells(csv, delimiter).flat()) {
          expect([delimiter, cell, runsAsFormula(String(cell))]).toEqual([delimiter, cell, false])
        }
      }
      // Amounts and the order number stay numbers a spreadsheet sums: a negative one is not prefixed.
      expect(values.net_amount).toBe("-12.00")
      const [header, row] = spreadsheetCells(csv, ",")
      const cell = (name: string) => row[header.indexOf(name)]
      expect([cell("net_amount"), cell("refund_amount"), cell("order_display_id"), cell("order_amount")]).toEqual([-12, 12, 7, 12])
    }
  )
})
