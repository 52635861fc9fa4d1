import { twoDecimals } from "./amounts"
import { RunningSandbox } from "../index"
import { STORE_ID, advance, boot, call, control, createLink, eventNames, pay, waitFor } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot({ payUrl: "https://pay.example.test/" })
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const create = (body: unknown, options: { raw?: string; noContentType?: boolean } = {}) =>
  call(sb, "POST", `/payment_links/${STORE_ID}/create`, { body, ...options })
const details = (id: string, body: unknown = {}, query = "") => call(sb, "POST", `/payment_links/${id}/details${query}`, { body })
const list = (body: unknown) => call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body })
const resolve = (id: string) => call(sb, "POST", `/payment_links/${id}/resolve`, { body: {} })
const DAY = 86_400_000

describe("create payment link (endpoint 2, D1, D7, D8)", () => {
  it("answers 201 with the creation response and a hosted URL under the pay URL", async () => {
    const answer = await create({ amount: 299.99, title: "Order", order_id: "A-1" })
    expect(answer.status).toBe(201)
    const body = twoDecimals(answer.body)
    expect(body.order_id).toBe("A-1")
    expect(body.environment).toBe("SANDBOX")
    expect(body.url).toBe(`https://pay.example.test/payment-link/${body.payment_link_id}`)
    expect((await create({ amount: 150, title: "No order" })).body.order_id).toBeNull()
  })

  it.each([
    [{ title: "x" }, "amount is required."],
    [{ amount: 150 }, "title is required."],
    [{ amount: 0, title: "x" }, "amount: must be greater than 0"],
    [{ amount: -5, title: "x" }, "amount: must be greater than 0"],
    [{ amount: "150.00", title: "x" }, "amount must be a number (SAR), e.g. 299.99."],
    [{ amount: 150.001, title: "x" }, "2 decimal places"],
    [{ amount: 150, title: "" }, "title"],
    [{ amount: 150, title: "t".repeat(201) }, "title: must be at most 200 characters"],
    [{ amount: 150, title: "x", description: "d".repeat(501) }, "description"],
    [{ amount: 150, title: "x", client_email: "not-an-email" }, "client_email"],
    [{ amount: 150, title: "x", branch: "not-a-uuid" }, "branch"],
    [{ amount: 1e12, title: "x" }, "amount must be at most"],
  ])("400 invalid_request for %j", async (body, message) => {
    const answer = await create(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: "invalid_request", status_code: 400 })
    expect(answer.body.message).toContain(message)
  })

  // Local to the client (docs/service-api.md, "Who enforces what"): the service takes such a link.
  it("accepts both only_show_* flags true: that rule is the client's, not the service's", async () => {
    const answer = await create({ amount: 150, title: "x", only_show_bank_installments: true, only_show_pay_in_full: true })
    expect(answer.status).toBe(201)
    const link = (await call(sb, "POST", `/payment_links/${answer.body.payment_link_id}/details`, { body: {} })).body.payment_link
    expect(link).toMatchObject({ only_show_bank_installments: true, only_show_pay_in_full: true })
  })

  it("400 invalid_request for malformed JSON and for a missing JSON content type", async () => {
    const malformed = await create(undefined, { raw: '{"amount": 150,' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ error: "invalid_request", status_code: 400 })
    const untyped = await create({ amount: 150, title: "x" }, { noContentType: true })
    expect(untyped.status).toBe(400)
    expect(untyped.body.message).toContain("Content-Type must be application/json")
    const form = await call(sb, "POST", `/payment_links/${STORE_ID}/create`, {
      raw: "amount=150",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(form.status).toBe(400)
    const array = await create([1, 2])
    expect(array.status).toBe(400)
  })

  it("422 below the 100.00 threshold unless only_show_pay_in_full (D7)", async () => {
    const answer = await create({ amount: 99.99, title: "x" })
    expect(answer.status).toBe(422)
    expect(answer.body).toEqual({
      error: "validation_error",
      message: "amount must be at least 100.00 SAR for bank installment checkout",
      status_code: 422,
    })
    expect((await create({ amount: 100, title: "x" })).status).toBe(201)
    expect((await create({ amount: 0.01, title: "x", only_show_pay_in_full: true })).status).toBe(201)
    expect((await create({ amount: 50, title: "x", only_show_bank_installments: true })).status).toBe(422)
  })

  it.each(["not a date", "2020-01-01T00:00:00Z", "2026-13-45T00:00:00Z"])(
    "422 validation_error for selectedDate %p",
    async (selectedDate) => {
      const answer = await create({ amount: 150, title: "x", selectedDate })
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({ error: "validation_error", status_code: 422 })
    }
  )

  it("404 store_not_found for another store", async () => {
    const answer = await call(sb, "POST", "/payment_links/00000000-0000-4000-8000-000000000000/create", {
      body: { amount: 150, title: "x" },
    })
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ error: "store_not_found", status_code: 404 })
  })

  it("401 authentication_failed for missing or wrong keys", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { authorization: "" },
      { authorization: "nope" },
      { "x-service-key": "" },
      { "x-service-key": "prod-pk-test" },
    ]) {
      const answer = await call(sb, "POST", `/payment_links/${STORE_ID}/create`, { body: { amount: 150, title: "x" }, headers })
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ error: "authentication_failed", status_code: 401 })
      expect(typeof answer.body.message).toBe("string")
    }
  })

  it("expires 7 days after creation by default (D8) and at selectedDate when given", async () => {
    const id = await createLink(sb)
    const link = twoDecimals((await details(id)).body).payment_link
    expect(Date.parse(link.expiry_date!) - Date.parse(link.created_at!)).toBe(7 * DAY)
    const selectedDate = new Date(Date.now() + 3 * DAY).toISOString()
    const chosen = await createLink(sb, { selectedDate })
    const resolved = twoDecimals((await resolve(chosen)).body)
    expect(Date.parse(resolved.expires_at!)).toBe(Date.parse(selectedDate))
  })

  it("stores every creation field and shows it in details", async () => {
    const id = await createLink(sb, {
      amount: 1234.5,
      title: "Sofa",
      description: "Blue sofa",
      singleUse: false,
      callback_url: "https://shop.example/return",
      client_first_name: "Sara",
      client_last_name: "Ali",
      client_email: "sara@example.com",
      client_phone_number: "+966501234567",
      client_street1: "King Fahd Rd",
      client_city: "Riyadh",
      address_required: true,
      language: "en",
      passkey_enabled: false,
      only_show_bank_installments: true,
      metadata: { session_id: "ps_9", nested: { a: 1 } },
    })
    const answer = await details(id)
    expect(answer.status).toBe(200)
    const { payment_link: link } = twoDecimals(answer.body)
    // On the wire like the live service (D4: 5 decimals by default); the client reads it exactly.
    expect(answer.body.payment_link.amount).toBe("1234.50000")
    expect(link.amount).toBe("1234.50")
    expect(answer.body.payment_link.created_at).toMatch(/\+03:00$/)
    expect(link).toMatchObject({
      id,
      status: "Unpaid",
      title: "Sofa",
      description: "Blue sofa",
      single_use: false,
      enabled: true,
      is_expired: false,
      environment_type: "SANDBOX",
      order_id: "1001",
      callback_url: "https://shop.example/return",
      metadata: { session_id: "ps_9", nested: { a: 1 } },
      full_name: "Sara Ali",
      client_phone_number: "+966501234567",
      address_required: true,
      has_customer_details: true,
      has_address_details: true,
      only_show_bank_installments: true,
      only_show_pay_in_full: false,
      passkey_enabled: false,
      merchant_country_code: "SA",
    })
  })
})

describe("link details (endpoint 3, D2, D6)", () => {
  it("404 {detail} for an unknown or malformed id, and accepts GET", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const answer = await details(id)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ detail: "Not found." })
    }
    const id = await createLink(sb)
    const viaGet = await call(sb, "GET", `/payment_links/${id}/details`)
    expect(viaGet.status).toBe(200)
    expect(twoDecimals(viaGet.body).payment_link.id).toBe(id)
    const noBody = await call(sb, "POST", `/payment_links/${id}/details`)
    expect(noBody.status).toBe(200)
  })

  it("pages transactions newest first with page/page_size in the body or the query", async () => {
    const id = await createLink(sb, { singleUse: false, amount: 400 })
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      ids.push((await pay(sb, id, "4092010000000026")).transaction_id)
    }
    const first = twoDecimals((await details(id)).body)
    expect(first.pagination).toEqual({ count: 12, page: 1, page_size: 10, total_pages: 2, next: true, previous: false })
    expect(first.transactions[0].id).toBe(ids[11])
    const second = twoDecimals((await details(id, { page: 2 })).body)
    expect(second.transactions.map((t: { id: string }) => t.id)).toEqual([ids[1], ids[0]])
    expect(second.pagination).toMatchObject({ page: 2, next: false, previous: true })
    const query = twoDecimals((await details(id, {}, "?page=3&page_size=5")).body)
    expect(query.pagination).toMatchObject({ page: 3, page_size: 5, total_pages: 3, next: false, previous: true })
    expect(query.transactions).toHaveLength(2)
    const bodyWins = twoDecimals((await details(id, { page_size: 4 }, "?page_size=5")).body)
    expect(bodyWins.pagination.page_size).toBe(4)
    const empty = twoDecimals((await details(await createLink(sb))).body)
    expect(empty.pagination).toEqual({ count: 0, page: 1, page_size: 10, total_pages: 1, next: false, previous: false })
  })

  it.each([{ page: 0 }, { page_size: 101 }, { page: "2" }, { page_size: 1.5 }])("400 invalid_parameters for %j", async (body) => {
    const answer = await details(await createLink(sb), body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: "invalid_parameters", status_code: 400 })
  })

  it("401 with the link shape", async () => {
    const answer = await call(sb, "POST", `/payment_links/${await createLink(sb)}/details`, { body: {}, auth: false })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ error: "authentication_failed", status_code: 401 })
  })
})

describe("list payment links (endpoint 4)", () => {
  async function seed(): Promise<Record<string, string>> {
    const a = await createLink(sb, { amount: 300, title: "A", branch: "11111111-2222-4333-8444-555555555555" })
    await advance(sb, { ms: 10 })
    const b = await createLink(sb, { amount: 100, title: "B", client_first_name: "Noura", client_email: "n@example.com" })
    await advance(sb, { ms: 10 })
    const c = await createLink(sb, { amount: 2000, title: "C" })
    await advance(sb, { ms: 10 })
    const d = await createLink(sb, { amount: 700, title: "D", selectedDate: new Date(Date.now() + 60_000).toISOString() })
    await pay(sb, c, "4005550000000019")
    return { a, b, c, d }
  }

  it("defaults: page 1, limit 20, newest first, list records parse", async () => {
    const { a, b, c, d } = await seed()
    const answer = await list({})
    expect(answer.status).toBe(200)
    const body = twoDecimals(answer.body)
    expect(body).toMatchObject({ total: 4, page: 1, limit: 20 })
    expect(body.data.map((row: { payment_link_id: string }) => row.payment_link_id)).toEqual([d, c, b, a])
    const rowB = answer.body.data[2]
    expect(rowB).toMatchObject({
      amount: 100,
      currency: "SAR",
      status: "Unpaid",
      title: "B",
      description: null,
      single_use: true,
      branch_name: null,
    })
    expect(rowB.customer).toEqual({ first_name: "Noura", last_name: null, email: "n@example.com", phone: null })
    expect(rowB.url).toBe(`https://pay.example.test/payment-link/${b}`)
    expect(rowB.created_at).toMatch(/Z$/)
    expect(answer.body.data[3].branch_name).toEqual(expect.any(String))
  })

  it("filters by status, branch and created window; sorts by amount either way; pages", async () => {
    const { a, b, c, d } = await seed()
    await advance(sb, { minutes: 2 })
    const ids = async (body: unknown) =>
      twoDecimals((await list(body)).body).data.map((row: { payment_link_id: string }) => row.payment_link_id)
    expect(await ids({ status: "Paid" })).toEqual([c])
    expect(await ids({ status: "Expired" })).toEqual([d])
    expect(await ids({ status: "Unpaid" })).toEqual([b, a])
    expect(await ids({ branch: "11111111-2222-4333-8444-555555555555" })).toEqual([a])
    expect(await ids({ sort_by: "amount" })).toEqual([c, d, a, b])
    expect(await ids({ sort_by: "amount", sort_order: "asc" })).toEqual([b, a, d, c])
    expect(await ids({ sort_order: "asc", limit: 2 })).toEqual([a, b])
    expect(await ids({ sort_order: "asc", limit: 2, page: 2 })).toEqual([c, d])
    expect(await ids({ page: 3, limit: 2 })).toEqual([])
    const all = (await list({ sort_order: "asc" })).body.data as Array<{ created_at: string }>
    expect(await ids({ from_date: all[1].created_at, to_date: all[2].created_at, sort_order: "asc" })).toEqual([b, c])
    expect(await ids({ from_date: "2000-01-01", to_date: "2000-01-02" })).toEqual([])
    expect((await ids({ to_date: new Date(Date.parse(all[0].created_at) + 5 * DAY).toISOString().slice(0, 10) })).length).toBe(4)
    expect((await list({ limit: 1 })).body).toMatchObject({ total: 4, limit: 1 })
  })

  it.each([
    { from_date: "2026-02-01T00:00:00Z", to_date: "2026-01-01T00:00:00Z" },
    { page: 0 },
    { limit: 0 },
    { limit: 101 },
    { page: "1" },
    { status: "Open" },
    { sort_by: "title" },
    { sort_order: "up" },
    { branch: "x" },
    { from_date: "yesterday" },
  ])("400 invalid_parameters for %j", async (body) => {
    const answer = await list(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: "invalid_parameters", status_code: 400 })
  })

  it("404 store_not_found and 401", async () => {
    expect((await call(sb, "POST", "/payment_links/00000000-0000-4000-8000-000000000000/list", { body: {} })).body).toMatchObject({
      error: "store_not_found",
    })
    expect((await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {}, auth: false })).status).toBe(401)
  })
})

describe("bodies of list, details and resolve (every field optional)", () => {
  const post = (path: string, options: { raw?: string; headers?: Record<string, string> }) => call(sb, "POST", path, options)

  it.each([
    ["an empty body with Content-Type JSON", { raw: "" }],
    ["a blank body with Content-Type JSON", { raw: " \r\n" }],
    ["an empty body without a Content-Type", {}],
    ["an empty body with another Content-Type", { raw: "", headers: { "content-type": "application/x-www-form-urlencoded" } }],
  ])("%s counts as {}", async (_label, options) => {
    const id = await createLink(sb)
    const resolved = await post(`/payment_links/${id}/resolve`, options)
    expect(resolved.status).toBe(200)
    expect(twoDecimals(resolved.body).status).toBe("valid")
    const listed = await post(`/payment_links/${STORE_ID}/list`, options)
    expect(listed.status).toBe(200)
    expect(twoDecimals(listed.body)).toMatchObject({ total: 1, page: 1, limit: 20 })
    const detailed = await post(`/payment_links/${id}/details`, options)
    expect(detailed.status).toBe(200)
    expect(twoDecimals(detailed.body).pagination).toMatchObject({ page: 1, page_size: 10 })
  })

  it("malformed or non-object JSON stays 400 invalid_request; a non-empty body must be JSON", async () => {
    const id = await createLink(sb)
    for (const path of [`/payment_links/${id}/resolve`, `/payment_links/${STORE_ID}/list`, `/payment_links/${id}/details`]) {
      for (const raw of ['{"page": 1,', "[]", "null"]) {
        const answer = await post(path, { raw })
        expect(answer.status).toBe(400)
        expect(answer.body).toMatchObject({ error: "invalid_request", status_code: 400 })
      }
      const form = await post(path, { raw: "page=1", headers: { "content-type": "application/x-www-form-urlencoded" } })
      expect(form.status).toBe(400)
      expect(form.body.message).toContain("Content-Type must be application/json")
    }
  })
})

describe("resolve (endpoint 5, D10) and the link state table (D11)", () => {
  it("valid with the banks and tenures the amount qualifies for (D9)", async () => {
    const check = async (amount: number, banks: string[], tenures: number[], extra: Record<string, unknown> = {}) => {
      const body = twoDecimals((await resolve(await createLink(sb, { amount, ...extra }))).body)
      expect(body).toMatchObject({ status: "valid", currency: "SAR", supported_banks: banks, installment_tenures: tenures })
      expect(body.amount).toBe(`${amount.toFixed(2)}`)
    }
    await check(150, [], [])
    await check(300, ["rajhi"], [3, 6, 12, 24])
    await check(500, ["rajhi", "ribl", "inma"], [3, 6, 12, 24])
    await check(1000, ["snb", "rajhi", "ribl", "inma"], [3, 6, 12, 24])
    await check(5000, [], [], { only_show_pay_in_full: true })
  })

  it("answers 404 payment_link_not_found for unknown ids, resolves without a body", async () => {
    const answer = await resolve("00000000-0000-4000-8000-000000000000")
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ error: "payment_link_not_found", status_code: 404 })
    const id = await createLink(sb)
    expect((await call(sb, "POST", `/payment_links/${id}/resolve`)).status).toBe(200)
  })

  it("Unpaid -> Paid: a single-use link closes on its first successful authorization", async () => {
    const id = await createLink(sb, { amount: 400 })
    await pay(sb, id, "4092010000000026") // a decline leaves it open
    expect((await details(id)).body.payment_link).toMatchObject({ status: "Unpaid", enabled: true })
    await pay(sb, id, "4092010000000018")
    const link = (await details(id)).body.payment_link
    expect(link).toMatchObject({ status: "Paid", enabled: false, is_expired: false })
    expect((await resolve(id)).body.status).toBe("already_paid")
    const again = await control(sb, "POST", `/payment-links/${id}/pay`, { card_number: "4092010000000018" })
    expect(again.status).toBe(409)
    expect(again.body.message).toContain("already been paid")
    // A paid link never turns Expired.
    await advance(sb, { days: 8 })
    expect((await details(id)).body.payment_link.status).toBe("Paid")
    expect(await eventNames(sb)).not.toContain("payment_link.expired")
  })

  it("a multi-use link stays Unpaid and open after payments", async () => {
    const id = await createLink(sb, { amount: 400, singleUse: false })
    await pay(sb, id, "4092010000000018")
    await pay(sb, id, "5412009900000011")
    const body = twoDecimals((await details(id)).body)
    expect(body.payment_link).toMatchObject({ status: "Unpaid", enabled: true, single_use: false })
    expect(body.transactions.map((t: { status: string }) => t.status)).toEqual(["success", "success"])
    expect((await resolve(id)).body.status).toBe("valid")
  })

  it("Unpaid -> Expired when the expiry time passes: is_expired, attempts refused, payment_link.expired once", async () => {
    const id = await createLink(sb)
    await advance(sb, { days: 7 })
    const link = twoDecimals((await details(id)).body).payment_link
    expect(link).toMatchObject({ status: "Expired", is_expired: true, enabled: false })
    expect((await resolve(id)).body.status).toBe("expired")
    const attempt = await control(sb, "POST", `/payment-links/${id}/pay`, { card_number: "4005550000000019" })
    expect(attempt.status).toBe(409)
    expect(attempt.body.message).toContain("expired")
    await advance(sb, { days: 1 })
    const events = (await control(sb, "GET", "/events?event=payment_link.expired")).body.events
    expect(events).toHaveLength(1)
    expect(events[0].data).toMatchObject({ id, status: "Expired", is_expired: true, metadata: { session_id: "ps_1" } })
  })

  it("expires in real time too: the expiry timer emits payment_link.expired", async () => {
    const id = await createLink(sb, { selectedDate: new Date(Date.now() + 150).toISOString() })
    expect((await details(id)).body.payment_link.status).toBe("Unpaid")
    await waitFor(async () => (await eventNames(sb)).includes("payment_link.expired"))
    expect((await details(id)).body.payment_link.status).toBe("Expired")
  })

  it("the control API expires an unpaid link at once, and refuses a paid one", async () => {
    const id = await createLink(sb)
    expect((await control(sb, "POST", `/payment-links/${id}/expire`)).status).toBe(200)
    expect((await details(id)).body.payment_link.status).toBe("Expired")
    expect(await eventNames(sb)).toEqual(["payment_link.expired"])
    expect((await control(sb, "POST", `/payment-links/${id}/expire`)).status).toBe(409)
  })
})
