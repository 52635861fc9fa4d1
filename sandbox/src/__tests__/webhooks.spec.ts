import { twoDecimals } from "./amounts"
import { EVENT_NAMES } from "../validation/webhooks"
import { isKnownWebhookEvent, verifyWebhook } from "../../../src/lib/webhooks"
import { RunningSandbox } from "../index"
import { boot, call, control, createLink, pay, Receiver, waitFor, type JsonBody } from "./helpers"

const ALL_EVENTS = [...EVENT_NAMES]

// Long enough that no answered delivery ever meets it, however busy the machine: the one test of a
// timeout makes it happen by moving a fake clock (fakeTimeouts).
const WEBHOOK_TIMEOUT_MS = 20_000

let sb: RunningSandbox
let receiver: Receiver
beforeAll(async () => {
  sb = await boot({ allowHttpWebhooks: true, webhookRetryBaseMs: 5, webhookTimeoutMs: WEBHOOK_TIMEOUT_MS })
})
afterEach(() => jest.useRealTimers())
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
  receiver = new Receiver()
  await receiver.start()
})
afterEach(() => receiver.stop())

const register = (target: RunningSandbox, body: unknown) => call(target, "POST", "/api/create-webhook-and-apikey/", { body })

async function subscribe(events = ALL_EVENTS, url = receiver.url) {
  const answer = await register(sb, { url, description: "test", event_type_names: events })
  expect(answer.status).toBe(201)
  return twoDecimals(answer.body)
}

const deliveries = async (query = "") => (await control(sb, "GET", `/webhooks/deliveries${query}`)).body.deliveries as JsonBody[]
const settle = () => control(sb, "POST", "/webhooks/wait", { timeout_ms: 5000 })

/**
 * Fakes only setTimeout and clearTimeout, so the sandbox's delivery timeout and retry backoff fire when
 * the test moves the clock; HTTP (Node's own timers) and polling by immediates still run in real time.
 */
function fakeTimeouts(): void {
  jest.useFakeTimers({
    doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
  })
}

/** Polls by immediates (fake timers leave them real) until the predicate holds; 10 s is reached only when it never does. */
async function until(predicate: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error("condition not met in time")
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe("webhook registration (endpoint 9, D1, D6, D21)", () => {
  it("answers 201 with the endpoint and a new RSA public key each time", async () => {
    const first = await subscribe(["order.success"])
    const second = await subscribe(["order.failed"])
    expect(first.webhook_endpoint).toMatchObject({ url: receiver.url, description: "test", event_type_names: ["order.success"] })
    expect(first.api_key.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    expect(first.api_key.prefix).not.toBe(second.api_key.prefix)
    expect(first.api_key.public_key).not.toBe(second.api_key.public_key)
    const listed = (await control(sb, "GET", "/webhooks")).body.webhooks
    expect(listed).toHaveLength(2)
    expect(JSON.stringify(listed)).not.toContain("BEGIN")
  })

  it("requires HTTPS unless in development mode, and then only for localhost", async () => {
    const strict = await boot()
    try {
      const http = await register(strict, { url: "http://localhost:9/hooks", event_type_names: ["order.success"] })
      expect(http.status).toBe(400)
      expect(http.body).toMatchObject({ error: "invalid_request", status_code: 400 })
      expect(http.body.message).toContain("HTTPS")
      expect((await register(strict, { url: "https://shop.example/hooks", event_type_names: ["order.success"] })).status).toBe(201)
    } finally {
      await strict.stop()
    }
    expect((await register(sb, { url: "http://shop.example/hooks", event_type_names: ["order.success"] })).status).toBe(400)
    expect((await register(sb, { url: "http://127.0.0.1:9/hooks", event_type_names: ["order.success"] })).status).toBe(201)
    // Development mode accepts exactly the three loopback spellings (README, sandbox assumptions).
    expect((await register(sb, { url: "http://localhost:9/hooks", event_type_names: ["order.success"] })).status).toBe(201)
    expect((await register(sb, { url: "http://[::1]:9/hooks", event_type_names: ["order.success"] })).status).toBe(201)
    expect((await register(sb, { url: "http://127.0.0.2:9/hooks", event_type_names: ["order.success"] })).status).toBe(400)
  })

  it.each([
    [{ url: "https://x.example/h", event_type_names: ["order.paid"] }, 'unknown event name "order.paid"'],
    [{ url: "https://x.example/h", event_type_names: [] }, "event_type_names"],
    [{ url: "https://x.example/h" }, "event_type_names"],
    [{ event_type_names: ["order.success"] }, "url"],
    [{ url: "not a url", event_type_names: ["order.success"] }, "url"],
  ])("400 invalid_request for %j", async (body, message) => {
    const answer = await register(sb, body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: "invalid_request", status_code: 400 })
    expect(answer.body.message).toContain(message)
  })

  it("401 with the code shape and 301 without the trailing slash", async () => {
    const unauth = await call(sb, "POST", "/api/create-webhook-and-apikey/", { body: {}, auth: false })
    expect(unauth.status).toBe(401)
    expect(unauth.body).toMatchObject({ error: "authentication_failed" })
    const slashless = await call(sb, "POST", "/api/create-webhook-and-apikey", { body: {} })
    expect(slashless.status).toBe(301)
    expect(slashless.headers.get("location")).toBe("/api/create-webhook-and-apikey/")
  })
})

describe("deliveries (D18 to D21)", () => {
  it("signs each delivery with the registration's key; the payload follows D19 and verifies", async () => {
    const registration = await subscribe()
    const link = await createLink(sb, { amount: 400, metadata: { session_id: "ps_42" } })
    await pay(sb, link, "4092010000000018")
    await settle()
    expect(receiver.received.map((r) => r.json.event)).toEqual(["order.created", "installment.tracker.approved", "order.success"])
    const keys = { [registration.api_key.prefix]: registration.api_key.public_key }
    for (const delivery of receiver.received) {
      expect(delivery.headers["x-api-key"]).toBe(registration.api_key.prefix)
      expect(delivery.headers["content-type"]).toBe("application/json")
      const event = verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, keys })
      expect(event.id).toMatch(/^evt_/)
      expect(isKnownWebhookEvent(event)).toBe(true)
      expect(isKnownWebhookEvent(event) && event.data).toMatchObject({ payment_link_id: link, metadata: { session_id: "ps_42" } })
    }
    const last = receiver.received[2].json
    expect(Object.keys(last).sort()).toEqual(["created_at", "data", "event", "id"])
    expect(last.data.status).toBe("success")
    // Another registration's key does not verify these deliveries.
    const other = await subscribe(["modal.closed"])
    expect(() =>
      verifyWebhook({
        rawBody: receiver.received[0].raw,
        headers: { ...receiver.received[0].headers, "x-api-key": other.api_key.prefix },
        keys: { [other.api_key.prefix]: other.api_key.public_key },
      })
    ).toThrow()
    const records = await deliveries()
    expect(records.every((record) => record.status === "delivered" && record.attempts.length === 1)).toBe(true)
  })

  it("delivers only subscribed events; every event type has a parseable payload", async () => {
    const registration = await subscribe([
      "modal.closed",
      "payment_link.expired",
      "order.disputed",
      "order.updated",
      "order.failed",
      "installment.tracker.rejected",
    ])
    const keys = { [registration.api_key.prefix]: registration.api_key.public_key }
    const link = await createLink(sb)
    await control(sb, "POST", `/payment-links/${link}/cancel`)
    await control(sb, "POST", `/payment-links/${link}/expire`)
    const rejected = await createLink(sb, { amount: 400 })
    await pay(sb, rejected, "4092010000000034")
    const good = await createLink(sb, { amount: 400 })
    const { transaction_id } = await pay(sb, good, "4092010000000018")
    await call(sb, "POST", `/transactions/refund/${transaction_id}/`, { body: { refund_amount: 10 } })
    await control(sb, "POST", `/transactions/${transaction_id}/dispute`, {})
    await settle()
    const names = receiver.received.map((r) => r.json.event)
    expect(names).toEqual([
      "modal.closed",
      "payment_link.expired",
      "installment.tracker.rejected",
      "order.failed",
      "order.updated",
      "order.disputed",
    ])
    for (const delivery of receiver.received) {
      expect(() => verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, keys })).not.toThrow()
    }
    expect(receiver.received[0].json.data).toEqual({ payment_link_id: link, metadata: { session_id: "ps_1" } })
    expect(receiver.received[1].json.data).toMatchObject({ id: link, status: "Expired" })
  })

  it("retries 5xx with backoff until a 2xx, recording every attempt", async () => {
    await subscribe(["modal.closed"])
    receiver.statuses = [500, 503]
    await control(sb, "POST", `/payment-links/${await createLink(sb)}/cancel`)
    await settle()
    expect(receiver.received).toHaveLength(3)
    expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1)
    const [record] = await deliveries()
    expect(record.status).toBe("delivered")
    expect(record.attempts.map((a: { status_code: number | null; error?: unknown }) => a.status_code)).toEqual([500, 503, 200])
  })

  it("treats 4xx as final", async () => {
    await subscribe(["modal.closed"])
    receiver.statuses = [401]
    await control(sb, "POST", `/payment-links/${await createLink(sb)}/cancel`)
    await settle()
    expect(receiver.received).toHaveLength(1)
    const [record] = await deliveries()
    expect(record).toMatchObject({ status: "failed" })
    expect(record.attempts).toHaveLength(1)
  })

  it("treats a 3xx as final too, without following it (sandbox assumption: D21 names only 4xx)", async () => {
    await subscribe(["modal.closed"])
    receiver.statuses = [302]
    await control(sb, "POST", `/payment-links/${await createLink(sb)}/cancel`)
    await settle()
    expect(receiver.received).toHaveLength(1)
    const [record] = await deliveries()
    expect(record).toMatchObject({ status: "failed" })
    expect(record.attempts.map((a: { status_code: number | null; error?: unknown }) => a.status_code)).toEqual([302])
  })

  it("gives up after 5 retries (6 attempts) on network errors", async () => {
    await subscribe(["modal.closed"], "http://127.0.0.1:1/hooks")
    await control(sb, "POST", `/payment-links/${await createLink(sb)}/cancel`)
    await settle()
    const [record] = await deliveries()
    expect(record.status).toBe("failed")
    expect(record.attempts).toHaveLength(6)
    expect(
      record.attempts.every(
        (a: { status_code: number | null; error?: unknown }) => a.status_code === null && typeof a.error === "string"
      )
    ).toBe(true)
  })

  it("retries a delivery that times out", async () => {
    // The first attempt is never answered: it times out when the test moves the clock past the timeout,
    // once the receiver holds it. The retry is answered at once, and no clock moves past its timeout.
    await subscribe(["modal.closed"])
    receiver.statuses = ["hang"]
    const linkId = await createLink(sb)
    fakeTimeouts()
    await control(sb, "POST", `/payment-links/${linkId}/cancel`)
    await until(() => receiver.received.length === 1)
    await jest.advanceTimersByTimeAsync(WEBHOOK_TIMEOUT_MS)
    await until(async () => (await deliveries())[0]?.attempts.length === 1)
    // The retry's backoff (5 ms), far short of the second attempt's timeout.
    await jest.advanceTimersByTimeAsync(1_000)
    await settle()
    const [record] = await deliveries()
    expect(record.status).toBe("delivered")
    expect(record.attempts[0].error).toBe(`timeout after ${WEBHOOK_TIMEOUT_MS} ms`)
    expect(record.attempts).toHaveLength(2)
    expect(receiver.received).toHaveLength(2)
  })

  it("faults drop or duplicate deliveries, and the records say so", async () => {
    await subscribe(["modal.closed"])
    await control(sb, "POST", "/faults", { drop_webhooks: 1, duplicate_webhooks: 1 })
    const link = await createLink(sb)
    await control(sb, "POST", `/payment-links/${link}/cancel`)
    await control(sb, "POST", `/payment-links/${link}/cancel`)
    await settle()
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[0].json.id).toBe(receiver.received[1].json.id)
    const records = await deliveries()
    expect(records.map((r) => r.status)).toEqual(["dropped", "delivered", "delivered"])
    expect(records[2].duplicate_of).toBe(records[1].id)
    expect(await deliveries("?status=dropped")).toHaveLength(1)
  })

  it("can sign with RSA PKCS#1 v1.5 instead (D18 setting)", async () => {
    const pkcs = await boot({ allowHttpWebhooks: true, signatureScheme: "rsa-pkcs1-sha256" })
    try {
      const answer = await register(pkcs, { url: receiver.url, event_type_names: ["modal.closed"] })
      const registration = twoDecimals(answer.body)
      const link = await createLink(pkcs)
      await pkcs.engine.cancel(link)
      await waitFor(() => receiver.received.length === 1)
      const keys = { [registration.api_key.prefix]: registration.api_key.public_key }
      const delivery = receiver.received[0]
      expect(() => verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, keys, scheme: "rsa-pkcs1-sha256" })).not.toThrow()
      expect(() => verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, keys })).toThrow()
    } finally {
      await pkcs.stop()
    }
  })
})
