import { Readable } from "node:stream"
import { neutralised } from "../../csv"
import { MID_CELL_PAYLOADS, OWASP_CSV_PAYLOADS, runsAsFormula, spreadsheetCells } from "../../__tests__/owasp-csv-payloads"
import { statementCsvLines } from "../statement-csv"
import { csvRecords, MAX_RECORD_CHARS } from "../csv-records"

const HEADER =
  "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id"

// The service's own plain csv (D17): cells quoted only when they must be, nothing neutralised.
const serviceCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
const serviceCsv = (bankName: string) =>
  [
    HEADER,
    ["2026-11-01", "payment", "tx-1", "Installment", bankName, "1200.00", "31.00", "4.65", "0.00", "1164.35", "STL-1"]
      .map(serviceCell)
      .join(","),
    ["2026-11-02", "refund", "tx-1", "Installment", bankName, "0.00", "0.00", "0.00", "100.10", "-100.10", ""]
      .map(serviceCell)
      .join(","),
  ].join("\r\n") + "\r\n"

async function rewritten(csv: string): Promise<string> {
  let out = ""
  for await (const line of statementCsvLines(Readable.from([csv]))) out += line
  return out
}

describe("statementCsvLines: the service's csv statement as the admin downloads it", () => {
  it.each([...OWASP_CSV_PAYLOADS, ...MID_CELL_PAYLOADS].map((payload) => [JSON.stringify(payload), payload]))(
    "passes a bank name of %s on neutralised and quoted, amounts as numbers",
    async (_name, payload) => {
      const csv = await rewritten(serviceCsv(payload))
      const [header, payment, refund] = spreadsheetCells(csv, ",")
      expect(header).toEqual(HEADER.split(","))
      expect(payment[4]).toBe(neutralised(payload))
      expect(payment.slice(5, 10)).toEqual([1200, 31, 4.65, 0, 1164.35])
      expect(refund[9]).toBe(-100.1)
      for (const delimiter of [",", ";", "\t"] as const) {
        for (const cell of spreadsheetCells(csv, delimiter).flat()) {
          expect([delimiter, cell, runsAsFormula(String(cell))]).toEqual([delimiter, cell, false])
        }
      }
    }
  )

  it("keeps a statement with no rows as its header, and the service's columns in the service's order", async () => {
    expect(await rewritten(`${HEADER}\r\n`)).toBe(
      `${HEADER.split(",")
        .map((name) => `"${name}"`)
        .join(",")}\r\n`
    )
    expect(await rewritten("b,a\r\n=1,2\r\n")).toBe('"b","a"\r\n"\'=1","2"\r\n')
  })

  it("refuses a row over the cap at that row, never holding more of it", async () => {
    const long = `${HEADER}\r\n2026-11-01,payment,tx-1,Installment,"${"A".repeat(MAX_RECORD_CHARS)}",1.00,0,0,0,1.00,S\r\n`
    await expect(rewritten(long)).rejects.toThrow(/^line 2: a row longer than 65,536 characters \(the cap on one statement row\)/)
    const records = csvRecords(Readable.from([`a\r\n${"x".repeat(200)}\r\n`]), { maxRecordChars: 100 })
    await expect(records.next()).rejects.toThrow(/line 2: a row longer than 100 characters/)
  })
})
