import { RunningSandbox } from "../index"
import { SECRET, STORE_ID, boot, call, control, createLink, pay, waitFor } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const countLinks = async () => (await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })).body.total as number

describe("control API", () => {
  it("describes the sandbox", async () => {
    const answer = await control(sb, "GET", "/")
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ base_url: sb.url, pay_url: sb.payUrl, store_id: STORE_ID, public_key: "sandbox-pk-test" })
    expect(answer.body.banks.map((bank: { bank_code: string }) => bank.bank_code)).toEqual(["snb", "rajhi", "ribl", "inma"])
    // A page in any browser tab could read this route: the secret key must not be in it.
    expect(answer.text).not.toContain(SECRET)
  })

  it("fail_next answers 5xx without doing anything, then the service works again", async () => {
    await control(sb, "POST", "/faults", { fail_next: 2, error_status: 503 })
    for (let i = 0; i < 2; i++) {
      const answer = await call(sb, "POST", `/payment_links/${STORE_ID}/create`, { body: { amount: 150, title: "x" } })
      expect(answer.status).toBe(503)
    }
    expect(await countLinks()).toBe(0)
    expect((await control(sb, "GET", "/faults")).body.fail_next).toBe(0)
  })

  it("error_rate is deterministic for a seed, and paths limit where faults apply", async () => {
    const run = async () => {
      await control(sb, "POST", "/faults", { error_rate: 0.5, seed: 42, paths: ["/check/"] })
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        statuses.push((await call(sb, "GET", "/check/bin_numbers_lookup/?bin=409201")).status)
      }
      return statuses
    }
    const first = await run()
    const second = await run()
    expect(first).toEqual(second)
    expect(first).toContain(500)
    expect(first).toContain(200)
    expect((await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })).status).toBe(200)
    await control(sb, "DELETE", "/faults")
    expect((await control(sb, "GET", "/faults")).body).toMatchObject({ error_rate: 0, paths: [] })
  })

  // Functional, not timed: the API request is seen held in a latency wait while a control call is
  // answered. The timings themselves are measured in bench/sandbox.ts (npm run bench:sandbox).
  it("adds latency to API answers but not to the control API", async () => {
    await control(sb, "POST", "/faults", { latency_ms: 1000 })
    let answered = false
    const delayed = call(sb, "GET", "/check/bin_numbers_lookup/?bin=409201").then((answer) => {
      answered = true
      return answer.status
    })
    await waitFor(() => sb.core.pendingDelays === 1)
    expect((await control(sb, "GET", "/clock")).status).toBe(200)
    expect(answered).toBe(false)
    expect(sb.core.pendingDelays).toBe(1)
    expect(await delayed).toBe(200)
    expect(sb.core.pendingDelays).toBe(0)
  })

  it("holds API requests on a path, and only those, until released", async () => {
    const path = `/payment_links/${STORE_ID}/list`
    await control(sb, "POST", "/holds", { paths: [path] })
    const answered: number[] = []
    const held = [1, 2].map((n) =>
      call(sb, "POST", path, { body: {} }).then((answer) => {
        answered.push(n)
        return answer
      })
    )
    // Another path goes through while the hold waits.
    expect((await call(sb, "GET", "/check/bin_numbers_lookup/?bin=409201")).status).toBe(200)
    let waiting: unknown[] = []
    for (let tries = 0; waiting.length < 2 && tries < 100; tries += 1) {
      waiting = (await control(sb, "GET", "/holds")).body.held
    }
    expect(waiting).toEqual([expect.objectContaining({ method: "POST", path }), expect.objectContaining({ method: "POST", path })])
    expect(answered).toEqual([])
    expect((await control(sb, "DELETE", "/holds")).body).toEqual({ released: 2 })
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200])
    expect((await control(sb, "GET", "/holds")).body).toEqual({ held: [] })
    expect((await call(sb, "POST", path, { body: {} })).status).toBe(200)
    expect((await control(sb, "POST", "/holds", { paths: [] })).status).toBe(400)
  })

  it("rejects unknown fault settings and bad values", async () => {
    expect((await control(sb, "POST", "/faults", { explode: true })).status).toBe(400)
    expect((await control(sb, "POST", "/faults", { error_rate: 2 })).status).toBe(400)
  })

  it("moves the clock forward only", async () => {
    const before = (await control(sb, "GET", "/clock")).body
    const after = (await control(sb, "POST", "/clock/advance", { hours: 1, minutes: 30 })).body
    expect(after.offset_ms - before.offset_ms).toBe(90 * 60_000)
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(90 * 60_000)
    expect((await control(sb, "POST", "/clock/advance", { ms: -1 })).status).toBe(400)
    expect((await control(sb, "POST", "/clock/advance", { weeks: 1 })).status).toBe(400)
    expect((await control(sb, "POST", "/clock/advance", { days: 1e9 })).status).toBe(400)
  })

  it("reset forgets links, transactions, events and the clock offset", async () => {
    await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000018")
    await control(sb, "POST", "/clock/advance", { days: 1 })
    await control(sb, "POST", "/merchant/balance", { balance: 1 })
    await control(sb, "POST", "/reset")
    const info = (await control(sb, "GET", "/")).body
    expect(info.counts).toEqual({ payment_links: 0, transactions: 0, webhooks: 0, events: 0, deliveries: 0 })
    expect(info.clock_offset_ms).toBe(0)
    expect(info.merchant_balance).toBe("1000000.00")
  })

  it("validates the merchant balance", async () => {
    expect((await control(sb, "POST", "/merchant/balance", { balance: "12.345" })).status).toBe(400)
    expect((await control(sb, "POST", "/merchant/balance", { balance: -1 })).status).toBe(400)
    expect((await control(sb, "POST", "/merchant/balance", { balance: 12.5 })).body).toEqual({ balance: "12.50" })
  })

  it("lists test cards and BINs; unknown routes and ids answer 404; bad JSON 400", async () => {
    expect((await control(sb, "GET", "/test-cards")).body.cards.length).toBeGreaterThan(10)
    const bins = (await control(sb, "GET", "/bins")).body.bins
    expect(bins.find((row: { bin: string }) => row.bin === "588845")).toMatchObject({ participating: false })
    expect(bins.find((row: { bin: string }) => row.bin === "409201")).toMatchObject({
      participating: true,
      bank_amount_limit: "300.00",
    })
    expect((await control(sb, "GET", "/nope")).status).toBe(404)
    expect((await control(sb, "POST", "/payment-links/nope/pay", { card_number: "4092010000000018" })).status).toBe(404)
    expect((await control(sb, "POST", "/transactions/nope/review", { decision: "approve" })).status).toBe(404)
    expect((await call(sb, "POST", "/__sandbox/faults", { raw: "{", auth: false })).status).toBe(400)
  })
})

describe("routing", () => {
  it("unknown paths answer 404 {detail}; wrong methods 405", async () => {
    const unknown = await call(sb, "GET", "/nope")
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ detail: "Not found." })
    expect((await call(sb, "GET", `/payment_links/${STORE_ID}/create`)).status).toBe(405)
    expect((await call(sb, "DELETE", "/check/bin_numbers_lookup/")).status).toBe(405)
    // Paths given without a trailing slash do not take one.
    expect((await call(sb, "POST", `/payment_links/${STORE_ID}/create/`, { body: { amount: 150, title: "x" } })).status).toBe(404)
  })

  it("X-API-Key stands in for X-Service-Key on the BIN lookup only", async () => {
    const headers = { "x-service-key": "", "x-api-key": "sandbox-pk-test" }
    expect((await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {}, headers })).status).toBe(401)
    expect((await call(sb, "GET", "/transactions/00000000-0000-4000-8000-000000000000", { headers })).status).toBe(401)
    expect((await call(sb, "GET", "/check/bin_numbers_lookup/?bin=409201", { headers })).status).toBe(200)
  })

  it("refuses a secret sent with a scheme prefix", async () => {
    const answer = await call(sb, "POST", `/payment_links/${STORE_ID}/list`, {
      body: {},
      headers: { authorization: "Bearer sk_test_sandbox_secret" },
    })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toContain("without a scheme prefix")
  })

  it("serves the hosted checkout page on the same port", async () => {
    const id = await createLink(sb)
    const page = await fetch(`${sb.url}/payment-link/${id}`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/text\/html/)
    await page.arrayBuffer()
  })
})
