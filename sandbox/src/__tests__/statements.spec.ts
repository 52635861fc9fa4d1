import { twoDecimals } from "./amounts"
import { PDFDocument } from "pdf-lib"
import { toHalalas } from "../../../src/lib/money"
import { RunningSandbox } from "../index"
import { STORE_ID, advance, boot, call, control, createLink, pay } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())

const statement = (body: Record<string, unknown>) => call(sb, "POST", "/reports/statements", { body: { store_id: STORE_ID, ...body } })
const windowOf = () => ({
  from_date: new Date(Date.now() - 86_400_000).toISOString(),
  to_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
})

describe("statement report (endpoint 8, D17)", () => {
  let window: { from_date: string; to_date: string }
  let paymentIds: string[]

  beforeAll(async () => {
    await control(sb, "POST", "/reset")
    window = windowOf()
    // VISA 1234.57: fee 31.86, VAT 4.78; mada 333.33: fee 3.33, VAT 0.50; a declined attempt is not on it.
    const first = await pay(sb, await createLink(sb, { amount: 1234.57 }), "4005550000000019")
    const second = await pay(sb, await createLink(sb, { amount: 333.33 }), "5888450000000011")
    await pay(sb, await createLink(sb, { amount: 500 }), "4092010000000026")
    paymentIds = [first.transaction_id, second.transaction_id]
    await call(sb, "POST", `/transactions/refund/${first.transaction_id}/`, { body: { refund_amount: 100.1 } })
    await advance(sb, { seconds: 3 })
    await call(sb, "POST", `/transactions/refund/${first.transaction_id}/`, { body: { refund_amount: 5 } }) // stays pending: not on it
  })

  it("json: exact summary of captured payments and settled refunds, settlements per payout day", async () => {
    const answer = await statement(window)
    expect(answer.status).toBe(200)
    const report = twoDecimals(answer.body)
    expect(report.currency).toBe("SAR")
    expect(report.report_id).toMatch(/^rpt_/)
    expect(report.summary).toEqual({
      total_gross_sales: "1567.90",
      total_fees: "35.19",
      total_vat: "5.28",
      total_refunds: "100.10",
      net_payout_amount: "1427.33",
    })
    expect(answer.body.summary.total_gross_sales).toBe(1567.9)
    const settlementTotal = report.settlements.reduce((sum: bigint, s: { net_amount: string }) => sum + toHalalas(s.net_amount), 0n)
    expect(settlementTotal).toBe(142733n)
    for (const settlement of report.settlements) {
      expect(settlement.payout_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(settlement.status).toBe("pending")
      expect(settlement.bank_reference).toMatch(/^SARIE\d{8}/)
    }
  })

  it("csv: text/csv with the D17 columns, one row per payment and refund (pending ones without a settlement)", async () => {
    const answer = await statement({ ...window, format: "csv" })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/)
    const lines = answer.text.trim().split("\r\n")
    expect(lines[0]).toBe(
      "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id"
    )
    expect(lines).toHaveLength(5)
    const rows = lines.slice(1).map((line) => line.split(","))
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ["payment", paymentIds[0]],
      ["payment", paymentIds[1]],
      ["refund", paymentIds[0]],
      ["refund", paymentIds[0]],
    ])
    expect(rows[0].slice(3, 10)).toEqual(["Installment", "SNB", "1234.57", "31.86", "4.78", "0.00", "1197.93"])
    expect(rows[2].slice(8, 10)).toEqual(["100.10", "-100.10"])
    expect(rows[2][10]).toMatch(/^STL-\d{8}-/)
    // The pending refund is listed, but belongs to no settlement yet and takes nothing off the payout.
    expect(rows[3].slice(8, 11)).toEqual(["5.00", "0.00", ""])
    // The rows' net_amount adds up to the json summary's net payout (which counts settled refunds only).
    expect(rows.reduce((sum, row) => sum + toHalalas(row[9]), 0n)).toBe(142733n)
  })

  it("a pending refund moves to its settlement once settled", async () => {
    await control(sb, "POST", "/refunds/settle", { transaction_id: paymentIds[0] })
    const csv = (await statement({ ...window, format: "csv" })).text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","))
    const refunds = csv.filter((row) => row[1] === "refund")
    expect(refunds.map((row) => row[8])).toEqual(["100.10", "5.00"])
    expect(refunds.every((row) => /^STL-/.test(row[10]))).toBe(true)
    const report = twoDecimals((await statement(window)).body)
    expect(report.summary.total_refunds).toBe("105.10")
    expect(report.summary.net_payout_amount).toBe("1422.33")
  })

  it("pdf: a real PDF with the summary and rows", async () => {
    const answer = await statement({ ...window, format: "pdf" })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toBe("application/pdf")
    expect(answer.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const document = await PDFDocument.load(answer.bytes)
    expect(document.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(document.getTitle()).toMatch(/^Settlement statement rpt_/)
  })

  it("an empty window has zero totals; date-only to_date includes that whole day", async () => {
    const empty = twoDecimals((await statement({ from_date: "2001-01-01", to_date: "2001-12-31" })).body)
    expect(empty.summary.total_gross_sales).toBe("0.00")
    expect(empty.settlements).toEqual([])
    const today = new Date(Date.now()).toISOString().slice(0, 10)
    const day = twoDecimals((await statement({ from_date: today, to_date: today })).body)
    expect(day.summary.total_gross_sales).toBe("1567.90")
  })

  it.each([
    [{ from_date: "2026-02-01T00:00:00Z", to_date: "2026-01-01T00:00:00Z" }],
    [{ from_date: "2025-01-01T00:00:00Z", to_date: "2026-01-03T00:00:00Z" }],
  ])("400 invalid_date_range for %j", async (body) => {
    const answer = await statement(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: "invalid_date_range", status_code: 400 })
  })

  it("a 366-day window is fine", async () => {
    expect((await statement({ from_date: "2024-01-01T00:00:00Z", to_date: "2025-01-01T00:00:00Z" })).status).toBe(200)
  })

  it("400 invalid_request for missing fields or a bad format; 404 for another store; 401", async () => {
    expect((await statement({ from_date: "2026-01-01" })).body).toMatchObject({ error: "invalid_request" })
    expect((await statement({ ...windowOf(), format: "xlsx" })).body).toMatchObject({ error: "invalid_request" })
    expect((await statement({ ...windowOf(), from_date: "soon" })).body).toMatchObject({ error: "invalid_request" })
    const other = await call(sb, "POST", "/reports/statements", {
      body: { ...windowOf(), store_id: "00000000-0000-4000-8000-000000000000" },
    })
    expect(other.status).toBe(404)
    expect(other.body.error).toBe("store_not_found")
    const unauth = await call(sb, "POST", "/reports/statements", { body: windowOf(), auth: false })
    expect(unauth.status).toBe(401)
    expect(unauth.body).toMatchObject({ error: "authentication_failed", status_code: 401 })
  })

  it("settlements turn completed once their payout date has passed", async () => {
    await advance(sb, { days: 3 })
    const report = twoDecimals((await statement(window)).body)
    expect(report.settlements.every((s: { status: string }) => s.status === "completed")).toBe(true)
  })
})
