import type { StatementReport } from "../../client"
import { SettlementBook } from "../settlement-book"
import { statementRow, StatementRowError } from "../statement-row"

const report = (overrides: Partial<StatementReport> = {}): StatementReport => ({
  report_id: "rpt_1",
  generated_at: "2026-12-01T00:00:00Z",
  currency: "SAR",
  summary: {
    total_gross_sales: "1500.00",
    total_fees: "38.50",
    total_vat: "5.78",
    total_refunds: "100.00",
    net_payout_amount: "1355.72",
  },
  settlements: [
    { settlement_id: "STL-1", payout_date: "2026-11-03", bank_reference: "SARIE1", net_amount: "1170.00", status: "completed" },
    { settlement_id: "STL-2", payout_date: "2026-11-05", bank_reference: "SARIE2", net_amount: "185.72", status: "completed" },
  ],
  ...overrides,
})

let line = 1
const row = (values: Record<string, string>) => statementRow({ line: ++line, values })
const payment = (id: string, amount: string, fee: string, vat: string, net: string, settlement: string) =>
  row({
    date: "2026-11-02T10:00:00Z",
    type: "payment",
    transaction_id: id,
    amount,
    service_fee: fee,
    service_tax_vat: vat,
    refund_amount: "0.00",
    net_amount: net,
    settlement_id: settlement,
  })
const refund = (id: string, amount: string, settlement: string) =>
  row({
    date: "2026-11-04T10:00:00Z",
    type: "refund",
    transaction_id: id,
    amount: "0.00",
    service_fee: "0.00",
    service_tax_vat: "0.00",
    refund_amount: amount,
    net_amount: settlement ? `-${amount}` : "0.00",
    settlement_id: settlement,
  })

function seededBook(overrides?: Partial<StatementReport>) {
  const book = new SettlementBook(report(overrides))
  book.add(payment("t1", "1200.00", "31.00", "4.65", "1164.35", "STL-1"))
  book.add(payment("t2", "300.00", "7.50", "1.13", "291.37", "STL-2"))
  book.add(refund("t1", "100.00", "STL-2"))
  book.add(refund("t1", "50.00", ""))
  return book
}

describe("SettlementBook", () => {
  it("totals each settlement and the window to the halala; a pending refund is shown but moves nothing", () => {
    const result = seededBook({
      settlements: [
        { settlement_id: "STL-1", payout_date: "2026-11-03", bank_reference: "SARIE1", net_amount: "1164.35", status: "completed" },
        { settlement_id: "STL-2", payout_date: "2026-11-05", bank_reference: "SARIE2", net_amount: "191.37", status: "completed" },
      ],
      summary: {
        total_gross_sales: "1500.00",
        total_fees: "38.50",
        total_vat: "5.78",
        total_refunds: "100.00",
        net_payout_amount: "1355.72",
      },
    }).result()
    expect(result.settlements.map((s) => [s.settlement_id, s.totals, s.row_count])).toEqual([
      ["STL-1", { gross: "1200.00", fees: "31.00", vat: "4.65", refunds: "0.00", net: "1164.35" }, 1],
      ["STL-2", { gross: "300.00", fees: "7.50", vat: "1.13", refunds: "100.00", net: "191.37" }, 2],
    ])
    expect(result.unsettled.row_count).toBe(1)
    expect(result.unsettled.totals).toEqual({ gross: "0.00", fees: "0.00", vat: "0.00", refunds: "0.00", net: "0.00" })
    expect(result.totals).toEqual({ gross: "1500.00", fees: "38.50", vat: "5.78", refunds: "100.00", net: "1355.72" })
    expect(result.totals).toEqual(result.service_summary)
    expect(result.difference).toBeNull()
    expect(result.daily).toEqual([
      { date: "2026-11-03", net: "1164.35" },
      { date: "2026-11-04", net: "0.00" },
      { date: "2026-11-05", net: "191.37" },
    ])
  })

  it("reports what does not add up instead of hiding it: a summary off by a halala, a payout off", () => {
    const result = seededBook({
      summary: {
        total_gross_sales: "1500.01",
        total_fees: "38.50",
        total_vat: "5.78",
        total_refunds: "100.00",
        net_payout_amount: "1355.72",
      },
    }).result()
    expect(result.difference).toEqual({
      totals: { gross: { rows: "1500.00", service: "1500.01", difference: "-0.01" } },
      settlements: [
        { settlement_id: "STL-1", rows: "1164.35", service: "1170.00", difference: "-5.65" },
        { settlement_id: "STL-2", rows: "191.37", service: "185.72", difference: "5.65" },
      ],
      net_formula_broken: false,
    })
  })

  it("keeps a payout the json report does not list, as a difference", () => {
    const book = new SettlementBook(report({ settlements: [] }))
    book.add(payment("t9", "100.00", "2.50", "0.38", "97.12", "STL-X"))
    const result = book.result()
    expect(result.settlements[0]).toMatchObject({ settlement_id: "STL-X", status: "unknown", payout_date: null })
    expect(result.difference?.settlements).toEqual([{ settlement_id: "STL-X", rows: "97.12", service: "0.00", difference: "97.12" }])
  })

  it("flags rows whose net is not gross - fees - VAT - refunds", () => {
    const book = new SettlementBook(report())
    book.add(payment("t1", "100.00", "2.50", "0.38", "99.00", "STL-1"))
    expect(book.result().difference?.net_formula_broken).toBe(true)
  })

  it("answers no rows, only sums and counts: a year of rows is never held", () => {
    const result = seededBook().result()
    expect(JSON.stringify(result)).not.toContain("t1")
    expect(result.totals.gross).toBe("1500.00")
  })
})

describe("statementRow", () => {
  it("reads the service's payment type as a transaction and amounts exactly (extra digits rounded half-up)", () => {
    const parsed = statementRow({
      line: 2,
      values: { type: "payment", transaction_id: "t1", amount: "299.99000", service_fee: "7.505", settlement_id: "S" },
    })
    expect(parsed).toMatchObject({ type: "transaction", amount: 29999n, service_fee: 751n, refund_amount: 0n, settlement_id: "S" })
  })

  it.each([
    [{ type: "chargeback", transaction_id: "t1" }, /line 7: type "chargeback"/],
    [{ type: "refund" }, /line 7: transaction_id is missing/],
    [{ type: "refund", transaction_id: "t1", refund_amount: "ten" }, /line 7: refund_amount "ten" is not an amount/],
  ])("refuses a line it cannot read, naming the line and column", (values, message) => {
    expect(() => statementRow({ line: 7, values: values as Record<string, string> })).toThrow(StatementRowError)
    expect(() => statementRow({ line: 7, values: values as Record<string, string> })).toThrow(message)
  })
})
