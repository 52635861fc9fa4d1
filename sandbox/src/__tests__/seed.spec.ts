import { twoDecimals } from "./amounts"
import { RunningSandbox } from "../index"
import { STORE_ID, boot, call, control } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const window = { from_date: "2026-01-01T00:00:00Z", to_date: "2026-01-31T23:59:59Z", store_id: STORE_ID }

describe("control API: POST /statements/seed", () => {
  it("adds settled payments and refunds that the statement lists and sums exactly", async () => {
    const seeded = await control(sb, "POST", "/statements/seed", {
      count: 10,
      from: "2026-01-02T08:00:00Z",
      to: "2026-01-20T08:00:00Z",
      amount: "1200.00",
      refund_every: 5,
    })
    expect(seeded.status).toBe(201)
    expect(seeded.body).toEqual({ transactions: 10, refunds: 2 })

    const json = twoDecimals((await call(sb, "POST", "/reports/statements", { body: window })).body)
    // VISA 2.50% + 1.00 of 1200.00 = 31.00, VAT 4.65; ten of them, two refunds of 120.00.
    expect(json.summary).toEqual({
      total_gross_sales: "12000.00",
      total_fees: "310.00",
      total_vat: "46.50",
      total_refunds: "240.00",
      net_payout_amount: "11403.50",
    })
    const csv = await call(sb, "POST", "/reports/statements", { body: { ...window, format: "csv" } })
    const lines = csv.text.trim().split("\r\n")
    expect(lines).toHaveLength(1 + 10 + 2)
    expect(lines.filter((line) => line.includes(",refund,"))).toHaveLength(2)
  })

  it("refuses a reversed window and a count out of range, naming the field", async () => {
    const reversed = await control(sb, "POST", "/statements/seed", {
      count: 1,
      from: "2026-02-01T00:00:00Z",
      to: "2026-01-01T00:00:00Z",
    })
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toMatch(/from/)
    const tooMany = await control(sb, "POST", "/statements/seed", {
      count: 0,
      from: "2026-01-01T00:00:00Z",
      to: "2026-01-02T00:00:00Z",
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toMatch(/count/)
  })
})
