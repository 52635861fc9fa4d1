import { Readable } from "node:stream"
import { insightsFigures } from "../../../../../installments/insights/figures"
import { insightsWindow } from "../../../../../installments/insights/window"
import { toHalalas } from "../../../../../lib/money"
import { neutralised } from "../../../../../lib/csv"
import { OWASP_CSV_PAYLOADS, runsAsFormula } from "../../../../../lib/__tests__/owasp-csv-payloads"
import { csvRecords } from "../../../../../lib/statements/csv-records"
import { insightsCsvLines, windowDays } from "../insights-csv"
import { AdminInsightsCheckoutsQuery, AdminInsightsQuery } from "../validators"

const messages = (schema: typeof AdminInsightsQuery | typeof AdminInsightsCheckoutsQuery, query: Record<string, unknown>) => {
  const parsed = schema.safeParse(query)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe("the Insights queries", () => {
  it("take a window of up to a year, a leap year included; a bare to_date covers its day", () => {
    expect(messages(AdminInsightsQuery, { from_date: "2028-01-01", to_date: "2028-12-31" })).toEqual([])
    expect(messages(AdminInsightsQuery, { from_date: "2026-01-01", to_date: "2027-01-01" })).toEqual([])
    expect(messages(AdminInsightsQuery, { from_date: "2026-01-01", to_date: "2027-01-02" })).toEqual([
      "to_date must be at most 366 days after from_date (Insights cover at most a year)",
    ])
    expect(messages(AdminInsightsQuery, { from_date: "2026-01-02", to_date: "2026-01-01" })).toEqual([
      "from_date must not be after to_date",
    ])
    expect(messages(AdminInsightsQuery, { from_date: "2026-01-01", to_date: "2026-01-01" })).toEqual([])
  })

  it("name the field of a missing or unreadable date, with no window rule on top", () => {
    expect(messages(AdminInsightsQuery, { to_date: "2026-01-01" })).toEqual([
      "from_date is required: an ISO 8601 date, e.g. 2026-11-01",
    ])
    expect(messages(AdminInsightsQuery, { from_date: "2026-02-30", to_date: "2026-03-01" })).toEqual([
      "from_date must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z",
    ])
  })

  it("want a table with format=csv, and only the page's tables", () => {
    const window = { from_date: "2026-01-01", to_date: "2026-01-31" }
    expect(messages(AdminInsightsQuery, { ...window, format: "csv" })).toEqual([
      "table is required with format=csv: one of funnel, ways, costs, daily",
    ])
    expect(messages(AdminInsightsQuery, { ...window, format: "csv", table: "ways" })).toEqual([])
    expect(messages(AdminInsightsQuery, { ...window, format: "csv", table: "orders" })).toEqual([
      "table must be one of funnel, ways, costs, daily",
    ])
    expect(AdminInsightsQuery.parse(window)).toEqual({ ...window, format: "json" })
  })

  it("page the checkouts with the back office's paging rule, and filter by a known outcome", () => {
    const window = { from_date: "2026-01-01", to_date: "2026-01-31" }
    expect(AdminInsightsCheckoutsQuery.parse(window)).toEqual({ ...window, limit: 50, offset: 0 })
    expect(messages(AdminInsightsCheckoutsQuery, { ...window, limit: 101 })).toEqual(["limit must be a whole number from 1 to 100"])
    expect(messages(AdminInsightsCheckoutsQuery, { ...window, outcome: "paid" })).toEqual([])
    expect(messages(AdminInsightsCheckoutsQuery, { ...window, outcome: "lost" })).toEqual([
      "outcome must be one of paid, bank_declined, card_declined, abandoned, open, not_placed",
    ])
  })
})

describe("the Insights CSV", () => {
  const window = insightsWindow("2026-11-26", "2026-11-28")
  const group = (
    provider: string | null,
    option: string | null,
    bank: string | null,
    tenure: string | null,
    orders: number,
    value: string
  ) => ({
    provider_id: provider,
    payment_option: option,
    bank,
    tenure,
    orders,
    value: toHalalas(value),
    refunded: 0n,
    refunded_orders: 0,
    fee: 0n,
    fee_vat: 0n,
    with_fee: 0,
    value_with_fee: 0n,
  })
  const figures = insightsFigures({
    orders: [
      group("pp_installments_installments", "Installment", "rajhi", "12", 2, "3000.00"),
      group("pp_system_default", null, null, null, 1, "100.00"),
    ],
    daily: [
      { day: "2026-11-27", provider_id: "pp_installments_installments", payment_option: "Installment", orders: 2, value: 0n },
      { day: "2026-11-28", provider_id: "pp_system_default", payment_option: null, orders: 1, value: 0n },
    ],
    funnel: [
      {
        outcome: "paid",
        provider_id: "pp_installments_installments",
        checkouts: 2,
        amount: toHalalas("3000.00"),
        with_refusal: 0,
        bank_rejections: 0,
        card_declines: 0,
      },
    ],
    scope: {},
  })

  it("every day of the window, the ones without an order included, from the window's UTC days", () => {
    expect(windowDays(window)).toEqual(["2026-11-26", "2026-11-27", "2026-11-28"])
    expect(windowDays(insightsWindow("2026-11-26T21:00:00Z", "2026-11-27T20:59:59Z"))).toEqual(["2026-11-26", "2026-11-27"])
    expect(insightsCsvLines("daily", figures, window)).toEqual([
      '"date","installments","pp_system_default","all"\r\n',
      '"2026-11-26",0,0,0\r\n',
      '"2026-11-27",2,0,2\r\n',
      '"2026-11-28",0,1,1\r\n',
    ])
  })

  it("the ways with their banks and tenures, then all orders", () => {
    expect(insightsCsvLines("ways", figures, window)).toEqual([
      '"way","provider_id","bank","tenure_months","orders","share_of_orders","total","average","refunded","refunded_orders","share_refunded"\r\n',
      '"installments","","","",2,66.67,3000.00,1500.00,0.00,0,0.00\r\n',
      '"installments","","rajhi","",2,66.67,3000.00,1500.00,0.00,0,0.00\r\n',
      '"installments","","rajhi",12,2,66.67,3000.00,1500.00,0.00,0,0.00\r\n',
      '"provider","pp_system_default","","",1,33.33,100.00,100.00,0.00,0,0.00\r\n',
      '"all","","","",3,100.00,3100.00,1033.33,0.00,0,0.00\r\n',
    ])
  })

  it("the funnel from those started, and the costs in one row", () => {
    expect(insightsCsvLines("funnel", figures, window).slice(0, 3)).toEqual([
      '"outcome","checkouts","share_of_started","amount"\r\n',
      '"started",2,100.00,""\r\n',
      '"paid",2,100.00,3000.00\r\n',
    ])
    expect(insightsCsvLines("costs", figures, window)).toEqual([
      '"orders","sales","fees","vat","fees_and_vat","share_fees","share_vat","share_fees_and_vat","orders_without_fees"\r\n',
      '2,3000.00,0.00,0.00,0.00,"","","",2\r\n',
    ])
  })

  it("writes a bank, tenure or provider name a spreadsheet would run as a formula as text, in every table", async () => {
    for (const payload of OWASP_CSV_PAYLOADS) {
      const hostile = insightsFigures({
        orders: [
          group(payload, null, null, null, 1, "1.00"),
          group("pp_installments_installments", "Installment", payload, payload, 1, "1.00"),
        ],
        daily: [{ day: "2026-11-27", provider_id: payload, payment_option: null, orders: 1, value: 0n }],
        funnel: [],
        scope: {},
      })
      for (const table of ["ways", "daily"] as const) {
        const cells: string[] = []
        for await (const record of csvRecords(Readable.from(insightsCsvLines(table, hostile, window)))) {
          cells.push(...Object.keys(record.values), ...Object.values(record.values))
        }
        expect(cells.filter(runsAsFormula)).toEqual([])
        // As text, whole (a way's key is the provider id trimmed).
        expect(cells.some((cell) => cell === neutralised(payload) || cell === neutralised(payload.trim()))).toBe(true)
      }
    }
  })
})
