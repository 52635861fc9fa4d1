import { AuthenticationError, ProtocolError, ValidationError } from ".."
import { PUBLIC_KEY, SECRET, STORE_ID, intercept, localRefusal, makeClient, rejection, tripwire, useNock } from "./helpers"

useNock()

const PATH = "/reports/statements"
const window = { from_date: "2026-02-01T00:00:00Z", to_date: "2026-02-28T23:59:59Z", store_id: STORE_ID }

const report = {
  report_id: "rpt_202602_0001",
  generated_at: "2026-03-01T03:00:00Z",
  currency: "SAR",
  summary: {
    total_gross_sales: 15000.5,
    total_fees: 375.01,
    total_vat: 56.25,
    total_refunds: 200,
    net_payout_amount: 14369.24,
  },
  settlements: [
    { settlement_id: "st_1", payout_date: "2026-02-03", bank_reference: "SARIE-88123", net_amount: 7184.62, status: "completed" },
    { settlement_id: "st_2", payout_date: "2026-03-02", bank_reference: "SARIE-88977", net_amount: "7184.62000", status: "pending" },
  ],
}

describe("reports.statements (endpoint 8)", () => {
  it("json (the default): posts the window without a format and reads the amounts exactly", async () => {
    const { scope, calls } = intercept("POST", PATH, [200, report])
    const statement = await makeClient().reports.statements(window)

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(PATH)
    expect(calls[0].headers.authorization).toBe(SECRET)
    expect(calls[0].headers["x-service-key"]).toBe(PUBLIC_KEY)
    expect(calls[0].headers["content-type"]).toBe("application/json")
    expect(calls[0].headers.accept).toBe("application/json")
    expect(calls[0].body).toEqual(window)
    expect(statement.summary).toEqual({
      total_gross_sales: "15000.50",
      total_fees: "375.01",
      total_vat: "56.25",
      total_refunds: "200.00",
      net_payout_amount: "14369.24",
    })
    expect(statement.settlements.map((s) => [s.settlement_id, s.net_amount, s.status])).toEqual([
      ["st_1", "7184.62", "completed"],
      ["st_2", "7184.62", "pending"],
    ])
  })

  it("csv: asks for text/csv and hands back the bytes with their content type", async () => {
    const csv = "date,type,transaction_id,amount\r\n2026-02-03,payment,9b2f7c1e,1200.00\r\n"
    const { scope, calls } = intercept("POST", PATH, [200, csv, { "Content-Type": "text/csv; charset=utf-8" }])
    const file = await makeClient().reports.statements({ ...window, format: "csv" })

    expect(scope.isDone()).toBe(true)
    expect(calls[0].body).toEqual({ ...window, format: "csv" })
    expect(calls[0].headers.accept).toBe("text/csv")
    expect(file.format).toBe("csv")
    expect(file.contentType).toBe("text/csv; charset=utf-8")
    expect(file.data.toString("utf8")).toBe(csv)
  })

  it("pdf: returns the bytes untouched, binary included", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.7\n%"),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]),
      Buffer.from("\n%%EOF\n"),
    ])
    const { scope, calls } = intercept("POST", PATH, [200, pdf, { "Content-Type": "application/pdf" }])
    const file = await makeClient().reports.statements({ ...window, format: "pdf" })

    expect(scope.isDone()).toBe(true)
    expect(calls[0].headers.accept).toBe("application/pdf")
    expect(file.contentType).toBe("application/pdf")
    expect(Buffer.compare(file.data, pdf)).toBe(0)
  })

  it.each<[string, Record<string, string>]>([
    ["a JSON answer", { "Content-Type": "application/json" }],
    ["no content type", {}],
  ])("a csv request answered with %s is a ProtocolError", async (_label, headers) => {
    const { scope } = intercept("POST", PATH, [200, "{}", headers])
    const error = await rejection(makeClient().reports.statements({ ...window, format: "csv" }), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.code).toBe("unexpected_content_type")
    expect(error.message).toMatch(/asked for csv/)
  })

  it("accepts a window of exactly 366 days (a leap year; a bare to_date includes its whole day)", async () => {
    const { scope } = intercept("POST", PATH, [200, report])
    await makeClient().reports.statements({ from_date: "2024-01-01", to_date: "2024-12-31", store_id: STORE_ID })
    expect(scope.isDone()).toBe(true)
  })

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["a window over 366 days", { from_date: "2025-01-01", to_date: "2026-01-03" }, "to_date", /at most 366 days/],
    [
      "367 whole days (the bare to_date counts to its end)",
      { from_date: "2024-01-01", to_date: "2025-01-01" },
      "to_date",
      /at most 366 days/,
    ],
    [
      "from_date after to_date",
      { from_date: "2026-03-01T00:00:00Z", to_date: "2026-02-01T00:00:00Z" },
      "from_date",
      /not be after to_date/,
    ],
    ["a slash date", { from_date: "2026/02/01" }, "from_date", /ISO 8601/],
    ["an impossible date", { to_date: "2026-02-29" }, "to_date", /ISO 8601/],
    ["no from_date", { from_date: undefined }, "from_date", /.+/],
    ["a store id that is not a UUID", { store_id: "store_1" }, "store_id", /UUID/],
    ["an unknown format", { format: "xlsx" }, "format", /.+/],
  ])("refuses %s locally", async (_label, change, field, rule) => {
    const wire = tripwire()
    await localRefusal(makeClient().reports.statements({ ...window, ...change } as never), field, rule)
    expect(wire.requests()).toBe(0)
  })

  it("400 invalid_date_range is a ValidationError", async () => {
    const body = { error: "invalid_date_range", message: "The report window must not exceed 1 year.", status_code: 400 }
    const { scope } = intercept("POST", PATH, [400, body])
    const error = await rejection(makeClient().reports.statements(window), ValidationError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_date_range",
      serviceMessage: body.message,
      endpoint: `POST ${PATH}`,
      body,
    })
  })

  it("401 is an AuthenticationError, also for csv", async () => {
    const body = { error: "authentication_failed", message: "Invalid secret key.", status_code: 401 }
    const { scope } = intercept("POST", PATH, [401, body])
    const error = await rejection(makeClient().reports.statements({ ...window, format: "csv" }), AuthenticationError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status: 401, code: "authentication_failed", body })
  })

  it("a json report without its summary is a ProtocolError naming it", async () => {
    const { scope } = intercept("POST", PATH, [200, { ...report, summary: { ...report.summary, net_payout_amount: undefined } }])
    const error = await rejection(makeClient().reports.statements(window), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain("summary.net_payout_amount")
  })
})
