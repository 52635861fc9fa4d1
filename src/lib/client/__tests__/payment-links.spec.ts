import { AnswerTooLargeError, AuthenticationError, NotFoundError, ProtocolError, ValidationError } from ".."
import { MAX_LINK_PAGES } from "../resources/payment-links"
import type { CreatePaymentLinkBody } from ".."
import {
  BRANCH_ID,
  LINK_ID,
  PUBLIC_KEY,
  SECRET,
  STORE_ID,
  intercept,
  listRecord,
  localRefusal,
  makeClient,
  paymentLink,
  rejection,
  transaction,
  tripwire,
  useNock,
} from "./helpers"

useNock()

const CREATE = `/payment_links/${STORE_ID}/create`
const LIST = `/payment_links/${STORE_ID}/list`
const DETAILS = `/payment_links/${LINK_ID}/details`
const RESOLVE = `/payment_links/${LINK_ID}/resolve`

const created = {
  order_id: "1042",
  payment_link_id: LINK_ID,
  url: `https://pay.installments.test/payment-link/${LINK_ID}`,
  environment: "SANDBOX",
}

function expectBodyHeaders(headers: Record<string, string>) {
  expect(headers.authorization).toBe(SECRET)
  expect(headers["x-service-key"]).toBe(PUBLIC_KEY)
  expect(headers["content-type"]).toBe("application/json")
  expect(headers.accept).toBe("application/json")
  expect(headers["idempotency-key"]).toBeUndefined()
}

describe("paymentLinks.create (endpoint 2)", () => {
  it("posts the body with amounts as 2-decimal JSON numbers and returns the link", async () => {
    const { scope, calls } = intercept("POST", CREATE, [201, created])
    const link = await makeClient().paymentLinks.create(STORE_ID, {
      amount: "1200.50",
      title: "Order #1042",
      description: "Two items",
      order_id: "1042",
      singleUse: true,
      selectedDate: "2026-03-09T10:00:00Z",
      callback_url: "https://shop.example.sa/checkout/done",
      branch: BRANCH_ID,
      metadata: { cart_id: "cart_01", lines: 2 },
      client_first_name: "Sara",
      client_email: "sara@example.sa",
      client_phone_number: "+966501234567",
      client_country: "SA",
      language: "en",
      send_sms: false,
      only_show_bank_installments: true,
    })

    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(1)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(CREATE)
    expectBodyHeaders(calls[0].headers)
    expect(calls[0].body).toEqual({
      amount: 1200.5,
      title: "Order #1042",
      description: "Two items",
      order_id: "1042",
      singleUse: true,
      selectedDate: "2026-03-09T10:00:00Z",
      callback_url: "https://shop.example.sa/checkout/done",
      branch: BRANCH_ID,
      metadata: { cart_id: "cart_01", lines: 2 },
      client_first_name: "Sara",
      client_email: "sara@example.sa",
      client_phone_number: "+966501234567",
      client_country: "SA",
      language: "en",
      send_sms: false,
      only_show_bank_installments: true,
    })
    expect(link).toEqual(created)
  })

  it("sends only what was given, and accepts 200 as well as 201 (D1)", async () => {
    const { scope, calls } = intercept("POST", CREATE, [200, { ...created, order_id: null }])
    const link = await makeClient().paymentLinks.create(STORE_ID, { amount: 99.99, title: "Tea", only_show_pay_in_full: true })
    expect(scope.isDone()).toBe(true)
    expect(calls[0].body).toEqual({ amount: 99.99, title: "Tea", only_show_pay_in_full: true })
    expect(link.order_id).toBeNull()
  })

  it("accepts the limits themselves: a 200-character title and a 500-character description", async () => {
    const { scope, calls } = intercept("POST", CREATE, [201, created])
    await makeClient().paymentLinks.create(STORE_ID, { amount: 100, title: "t".repeat(200), description: "d".repeat(500) })
    expect(scope.isDone()).toBe(true)
    expect((calls[0].body as { title: string }).title).toHaveLength(200)
  })

  describe("refused locally before sending", () => {
    const valid: CreatePaymentLinkBody = { amount: 1200, title: "Order #1042" }
    it.each<[string, Partial<Record<keyof CreatePaymentLinkBody, unknown>>, string, RegExp]>([
      ["amount 0", { amount: 0 }, "amount", /greater than 0/],
      ["amount -10", { amount: -10 }, "amount", /greater than 0/],
      ["amount with 3 decimals", { amount: "1200.505" }, "amount", /at most 2 decimal places/],
      ["amount 0.1 + 0.2", { amount: 0.1 + 0.2 }, "amount", /at most 2 decimal places/],
      ["amount NaN", { amount: Number.NaN }, "amount", /at most 2 decimal places/],
      ["amount missing", { amount: undefined }, "amount", /.+/],
      ["title missing", { title: undefined }, "title", /.+/],
      ["title empty", { title: "" }, "title", /must not be empty/],
      ["title of 201 characters", { title: "t".repeat(201) }, "title", /at most 200 characters/],
      ["description of 501 characters", { description: "d".repeat(501) }, "description", /at most 500 characters/],
      ["email", { client_email: "sara@" }, "client_email", /email/],
      ["phone without +", { client_phone_number: "0501234567" }, "client_phone_number", /E\.164/],
      ["phone starting +0", { client_phone_number: "+0501234567" }, "client_phone_number", /E\.164/],
      ["phone of 16 digits", { client_phone_number: "+9665012345678901" }, "client_phone_number", /E\.164/],
      ["phone with spaces", { client_phone_number: "+966 50 123 4567" }, "client_phone_number", /E\.164/],
      ["country in lower case", { client_country: "sa" }, "client_country", /alpha-2/],
      ["country alpha-3", { client_country: "SAU" }, "client_country", /alpha-2/],
      ["branch not a UUID", { branch: "main-branch" }, "branch", /UUID/],
      ["selectedDate not ISO", { selectedDate: "next friday" }, "selectedDate", /ISO 8601/],
      ["selectedDate impossible", { selectedDate: "2026-02-30T10:00:00Z" }, "selectedDate", /ISO 8601/],
      ["callback_url relative", { callback_url: "/done" }, "callback_url", /URL/],
      ["language", { language: "fr" }, "language", /.+/],
      [
        "both checkout restrictions",
        { only_show_bank_installments: true, only_show_pay_in_full: true },
        "only_show_pay_in_full",
        /cannot both be true/,
      ],
    ])("%s", async (_label, change, field, rule) => {
      const wire = tripwire()
      const body = { ...valid, ...change } as CreatePaymentLinkBody
      await localRefusal(makeClient().paymentLinks.create(STORE_ID, body), field, rule)
      expect(wire.requests()).toBe(0)
    })

    it.each(["not-a-uuid", "../x", `${STORE_ID}/../../transactions`, `${STORE_ID}?x=1`, ""])(
      "store_id %p (a path parameter can never change the path)",
      async (storeId) => {
        const wire = tripwire()
        await localRefusal(makeClient().paymentLinks.create(storeId, valid), "store_id", /UUID/)
        expect(wire.requests()).toBe(0)
      }
    )

    it("names the path parameter in the message", async () => {
      const error = await rejection(makeClient().paymentLinks.create("../x", valid), ValidationError)
      expect(error.message).toContain("store_id")
    })
  })

  describe("Errors table", () => {
    it.each<[number, string, string, typeof ValidationError | typeof AuthenticationError | typeof NotFoundError]>([
      [400, "invalid_request", "title is required.", ValidationError],
      [401, "authentication_failed", "Invalid secret key.", AuthenticationError],
      [404, "store_not_found", "Store not found.", NotFoundError],
      [422, "validation_error", "amount must be at least 100.00 SAR for bank installment checkout", ValidationError],
    ])("%d %s", async (status, code, message, type) => {
      const body = { error: code, message, status_code: status }
      const { scope } = intercept("POST", CREATE, [status, body])
      const error = await rejection(makeClient().paymentLinks.create(STORE_ID, { amount: 50, title: "Tea" }), type)
      expect(scope.isDone()).toBe(true)
      expect(error).toMatchObject({ status, code, serviceMessage: message, endpoint: `POST ${CREATE}`, body })
      expect(error.message).toContain(message)
    })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ["payment_link_id missing", { order_id: null, url: "https://pay.test/x", environment: "SANDBOX" }, "payment_link_id"],
    ["payment_link_id not a UUID", { ...created, payment_link_id: "42" }, "payment_link_id"],
    ["url missing", { payment_link_id: LINK_ID }, "url"],
  ])("a 2xx body with %s is a ProtocolError naming the field", async (_label, body, field) => {
    const { scope } = intercept("POST", CREATE, [201, body])
    const error = await rejection(makeClient().paymentLinks.create(STORE_ID, { amount: 120, title: "x" }), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain(field)
    expect(error.endpoint).toBe(`POST ${CREATE}`)
  })

  it("a 2xx answer that is not JSON is a ProtocolError", async () => {
    const { scope } = intercept("POST", CREATE, [201, "<html>ok</html>"])
    const error = await rejection(makeClient().paymentLinks.create(STORE_ID, { amount: 120, title: "x" }), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain("(body)")
  })
})

describe("paymentLinks.list (endpoint 4)", () => {
  it("posts the filters in the body and reads amounts exactly", async () => {
    const body = {
      total: 42,
      page: 2,
      limit: 20,
      data: [
        listRecord({ amount: 1200.5 }),
        listRecord({
          payment_link_id: "0b1c2d3e-4f50-4617-8283-949596979899",
          amount: 299.99,
          status: "Paid",
          branch_name: "Riyadh Park",
        }),
      ],
    }
    const { scope, calls } = intercept("POST", LIST, [200, body])
    const query = {
      page: 2,
      limit: 20,
      status: "Unpaid" as const,
      from_date: "2026-03-01T00:00:00Z",
      to_date: "2026-03-31T23:59:59Z",
      branch: BRANCH_ID,
      sort_by: "amount" as const,
      sort_order: "asc" as const,
    }
    const list = await makeClient().paymentLinks.list(STORE_ID, query)

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(LIST)
    expectBodyHeaders(calls[0].headers)
    expect(calls[0].body).toEqual(query)
    expect(list.total).toBe(42)
    expect(list.data.map((record) => [record.amount, record.status])).toEqual([
      ["1200.50", "Unpaid"],
      ["299.99", "Paid"],
    ])
    expect(list.data[0].customer?.email).toBe("sara@example.sa")
  })

  it("sends {} without a query", async () => {
    const { scope, calls } = intercept("POST", LIST, [200, { total: 0, page: 1, limit: 20, data: [] }])
    const list = await makeClient().paymentLinks.list(STORE_ID)
    expect(scope.isDone()).toBe(true)
    expect(calls[0].body).toEqual({})
    expect(list.data).toEqual([])
  })

  it("accepts limit 100 and equal from/to dates", async () => {
    const { scope } = intercept("POST", LIST, [200, { total: 0, page: 1, limit: 100, data: [] }])
    await makeClient().paymentLinks.list(STORE_ID, { limit: 100, from_date: "2026-03-01", to_date: "2026-03-01" })
    expect(scope.isDone()).toBe(true)
  })

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["limit over 100", { limit: 101 }, "limit", /at most 100/],
    ["limit 0", { limit: 0 }, "limit", /1 or more/],
    ["page 0", { page: 0 }, "page", /1 or more/],
    ["fractional page", { page: 1.5 }, "page", /.+/],
    [
      "from_date after to_date",
      { from_date: "2026-03-02T00:00:00Z", to_date: "2026-03-01T00:00:00Z" },
      "from_date",
      /not be after to_date/,
    ],
    ["status in lower case", { status: "paid" }, "status", /.+/],
    ["sort_by", { sort_by: "title" }, "sort_by", /.+/],
    ["sort_order", { sort_order: "up" }, "sort_order", /.+/],
    ["from_date not ISO", { from_date: "01/03/2026" }, "from_date", /ISO 8601/],
    ["branch not a UUID", { branch: "riyadh" }, "branch", /UUID/],
  ])("refuses %s locally", async (_label, query, field, rule) => {
    const wire = tripwire()
    await localRefusal(makeClient().paymentLinks.list(STORE_ID, query as never), field, rule)
    expect(wire.requests()).toBe(0)
  })

  it.each<[number, string, typeof ValidationError | typeof AuthenticationError | typeof NotFoundError]>([
    [400, "invalid_parameters", ValidationError],
    [401, "authentication_failed", AuthenticationError],
    [404, "store_not_found", NotFoundError],
  ])("maps %d %s", async (status, code, type) => {
    const body = { error: code, message: `${code} message`, status_code: status }
    const { scope } = intercept("POST", LIST, [status, body])
    const error = await rejection(makeClient().paymentLinks.list(STORE_ID, { page: 1 }), type)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status, code, serviceMessage: `${code} message`, endpoint: `POST ${LIST}`, body })
  })
})

describe("paymentLinks.retrieve (endpoint 3)", () => {
  const details = {
    payment_link: paymentLink({ amount: "299.99000", status: "Paid", enabled: false }),
    transactions: [
      transaction({ amount: "299.99000", total_amount: "299.99000", refunded_amount: "100.00000", status: "partially refunded" }),
    ],
    pagination: { count: 11, page: 2, page_size: 5, total_pages: 3, next: true, previous: true },
  }

  it("posts page and page_size in the body (D2) and reads the link, its transactions and pagination", async () => {
    const { scope, calls } = intercept("POST", DETAILS, [200, details])
    const result = await makeClient().paymentLinks.retrieve(LINK_ID, { page: 2, page_size: 5 })

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(DETAILS)
    expectBodyHeaders(calls[0].headers)
    expect(calls[0].body).toEqual({ page: 2, page_size: 5 })
    expect(result.payment_link).toMatchObject({
      id: LINK_ID,
      status: "Paid",
      amount: "299.99",
      enabled: false,
      metadata: { cart_id: "cart_01" },
    })
    expect(result.transactions[0]).toMatchObject({ status: "partially refunded", amount: "299.99", refunded_amount: "100.00" })
    expect(result.pagination).toEqual({ count: 11, page: 2, page_size: 5, total_pages: 3, next: true, previous: true })
  })

  it("sends an empty object without a page", async () => {
    const { scope, calls } = intercept("POST", DETAILS, [200, { ...details, transactions: [] }])
    await makeClient().paymentLinks.retrieve(LINK_ID)
    expect(scope.isDone()).toBe(true)
    expect(calls[0].body).toEqual({})
  })

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["page 0", { page: 0 }, "page", /1 or more/],
    ["page_size 101", { page_size: 101 }, "page_size", /at most 100/],
    ["page_size 0", { page_size: 0 }, "page_size", /1 or more/],
  ])("refuses %s locally", async (_label, params, field, rule) => {
    const wire = tripwire()
    await localRefusal(makeClient().paymentLinks.retrieve(LINK_ID, params), field, rule)
    expect(wire.requests()).toBe(0)
  })

  it.each(["../x", "pl_123", `${LINK_ID}/`, `${LINK_ID}%2F..`])("refuses the link id %p locally", async (id) => {
    const wire = tripwire()
    const error = await localRefusal(makeClient().paymentLinks.retrieve(id), "payment_link_id", /UUID/)
    expect(error.message).toContain("payment_link_id")
    expect(wire.requests()).toBe(0)
  })

  it("404 {detail: Not found.} is a NotFoundError (D6)", async () => {
    const { scope } = intercept("POST", DETAILS, [404, { detail: "Not found." }])
    const error = await rejection(makeClient().paymentLinks.retrieve(LINK_ID), NotFoundError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({
      status: 404,
      code: "not_found",
      serviceMessage: "Not found.",
      endpoint: `POST ${DETAILS}`,
      body: { detail: "Not found." },
    })
  })

  it("401 is an AuthenticationError", async () => {
    const body = { error: "authentication_failed", message: "Invalid secret key.", status_code: 401 }
    const { scope } = intercept("POST", DETAILS, [401, body])
    const error = await rejection(makeClient().paymentLinks.retrieve(LINK_ID), AuthenticationError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status: 401, code: "authentication_failed", serviceMessage: "Invalid secret key.", body })
  })

  it.each<[string, unknown, string]>([
    ["without the transaction list", { payment_link: details.payment_link, pagination: details.pagination }, "transactions"],
    [
      "with a transaction missing its status",
      { ...details, transactions: [{ ...transaction(), status: undefined }] },
      "transactions.0.status",
    ],
    [
      "with a transaction missing its amount",
      { ...details, transactions: [{ ...transaction(), amount: undefined }] },
      "transactions.0.amount",
    ],
    ["with a link missing its id", { ...details, payment_link: paymentLink({ id: undefined }) }, "payment_link.id"],
    ["with a link missing its status", { ...details, payment_link: paymentLink({ status: undefined }) }, "payment_link.status"],
    ["with an amount that is not a number", { ...details, payment_link: paymentLink({ amount: "twelve" }) }, "payment_link.amount"],
  ])("a body %s is a ProtocolError naming the field", async (_label, body, field) => {
    const { scope } = intercept("POST", DETAILS, [200, body])
    const error = await rejection(makeClient().paymentLinks.retrieve(LINK_ID), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain(field)
  })
})

describe("paymentLinks.retrieveAll", () => {
  const page = (n: number, next: boolean, id: string) => ({
    payment_link: paymentLink(),
    transactions: [transaction({ id, status: n === 3 ? "success" : "fail" })],
    pagination: { count: 3, page: n, page_size: 1, total_pages: 3, next, previous: n > 1 },
  })
  const ids = ["0b8a6c9e-1111-4a4a-8a8a-000000000001", "0b8a6c9e-1111-4a4a-8a8a-000000000002", "0b8a6c9e-1111-4a4a-8a8a-000000000003"]

  it("reads every page in order, so a paid attempt on a later page is seen", async () => {
    const { scope, calls } = intercept(
      "POST",
      DETAILS,
      [200, page(1, true, ids[0])],
      [200, page(2, true, ids[1])],
      [200, page(3, false, ids[2])]
    )
    const result = await makeClient().paymentLinks.retrieveAll(LINK_ID, { pageSize: 1 })
    expect(scope.isDone()).toBe(true)
    expect(calls.map((call) => call.body)).toEqual([
      { page: 1, page_size: 1 },
      { page: 2, page_size: 1 },
      { page: 3, page_size: 1 },
    ])
    expect(result.transactions.map((t) => t.id)).toEqual(ids)
    expect(result.transactions[2].status).toBe("success")
  })

  it("refuses a link with more pages than maxPages, naming the call and the cap, after reading no more than them", async () => {
    const { scope, calls } = intercept("POST", DETAILS, [200, page(1, true, ids[0])], [200, page(2, true, ids[1])])
    const error = await rejection(makeClient().paymentLinks.retrieveAll(LINK_ID, { pageSize: 1, maxPages: 2 }), AnswerTooLargeError)
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(error).toMatchObject({
      code: "too_many_pages",
      limit: "2 pages of 1 transactions",
      endpoint: `POST /payment_links/${LINK_ID}/details`,
    })
    expect(error.message).toMatch(/more than 2 pages of 1 transactions for payment link .* the plugin reads at most 2/)
  })

  it("reads the documented 5 pages by default, and not a sixth", async () => {
    const pages = [1, 2, 3, 4, 5].map((n) => [200, page(n, true, ids[(n - 1) % ids.length])] as [number, unknown])
    const { scope, calls } = intercept("POST", DETAILS, ...pages)
    await rejection(makeClient().paymentLinks.retrieveAll(LINK_ID, { pageSize: 1 }), AnswerTooLargeError)
    expect(scope.isDone()).toBe(true)
    expect(MAX_LINK_PAGES).toBe(5)
    expect(calls).toHaveLength(5)
  })

  it("stops at an empty page even when the service still says there is a next one", async () => {
    const empty = { ...page(2, true, ids[1]), transactions: [] }
    const { scope, calls } = intercept("POST", DETAILS, [200, page(1, true, ids[0])], [200, empty])
    const result = await makeClient().paymentLinks.retrieveAll(LINK_ID, { pageSize: 1, maxPages: 1_000 })
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(result.transactions.map((t) => t.id)).toEqual([ids[0]])
  })
})

describe("paymentLinks.resolve (endpoint 5)", () => {
  const resolved = (status: string) => ({
    status,
    payment_link_id: LINK_ID,
    amount: 1200,
    currency: "SAR",
    merchant_name: "Example Store",
    supported_banks: ["snb", "rajhi"],
    installment_tenures: [3, 6, 12, 24],
    expires_at: "2026-03-09T07:00:00Z",
  })

  it.each(["valid", "expired", "already_paid"])("posts {} and reads status %s", async (status) => {
    const { scope, calls } = intercept("POST", RESOLVE, [200, resolved(status)])
    const result = await makeClient().paymentLinks.resolve(LINK_ID)
    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(RESOLVE)
    expectBodyHeaders(calls[0].headers)
    expect(calls[0].body).toEqual({})
    expect(result).toEqual({ ...resolved(status), amount: "1200.00" })
  })

  it("keeps a resolve status the interface does not list as the string it came as", async () => {
    const { scope } = intercept("POST", RESOLVE, [200, resolved("paid")])
    const result = await makeClient().paymentLinks.resolve(LINK_ID)
    expect(scope.isDone()).toBe(true)
    expect(result.status).toBe("paid")
  })

  it("a resolve answer without its status is a ProtocolError naming it", async () => {
    const { scope } = intercept("POST", RESOLVE, [200, { ...resolved("valid"), status: undefined }])
    const error = await rejection(makeClient().paymentLinks.resolve(LINK_ID), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain("status")
  })

  it.each<[number, string, typeof AuthenticationError | typeof NotFoundError]>([
    [401, "authentication_failed", AuthenticationError],
    [404, "payment_link_not_found", NotFoundError],
  ])("maps %d %s", async (status, code, type) => {
    const body = { error: code, message: "Payment link not found.", status_code: status }
    const { scope } = intercept("POST", RESOLVE, [status, body])
    const error = await rejection(makeClient().paymentLinks.resolve(LINK_ID), type)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status, code, serviceMessage: "Payment link not found.", endpoint: `POST ${RESOLVE}`, body })
  })

  it("refuses a bad link id locally", async () => {
    const wire = tripwire()
    await localRefusal(makeClient().paymentLinks.resolve("../../admin"), "payment_link_id", /UUID/)
    expect(wire.requests()).toBe(0)
  })
})
