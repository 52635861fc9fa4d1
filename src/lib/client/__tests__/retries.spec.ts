import nock from "nock"
import { ApiError, ConnectionError, InstallmentsClient, NotFoundError, RefundRejectedError, TimeoutError, ValidationError } from ".."
import {
  BASE_URL,
  LINK_ID,
  REFUND_PATH,
  STORE_ID,
  TRANSACTION_ID,
  binRecord,
  intercept,
  makeClient,
  rejection,
  sleepCalls,
  socketError,
  fakeTimeouts,
  unanswered,
  transaction,
  useNock,
} from "./helpers"

useNock()
// A timeout fires when a test moves the fake clock (fakeTimeouts): the machine's speed never decides it.
afterEach(() => jest.useRealTimers())
const TIMEOUT_MS = 20_000

const READ = `/transactions/${TRANSACTION_ID}`
const CREATE = `/payment_links/${STORE_ID}/create`
const accepted = { status: "success", key_type: "RefundReference", key: "RF-1" }
const processing = {
  message: "The transaction is already under processing!",
  validation_errors: [{ Name: "Key", Error: "The transaction is already under processing!" }],
  fields_errors: [],
}
const created = { order_id: null, payment_link_id: LINK_ID, url: `https://pay.test/payment-link/${LINK_ID}`, environment: "SANDBOX" }

// With random() = 0.5 and a 500 ms base, attempt n waits 0.75 x 500 x 2^(n-1).
describe("reads retry transient failures with exponential backoff (D5)", () => {
  it.each([502, 503, 500, 504])("%d, then success", async (status) => {
    const { scope, calls } = intercept("GET", READ, [status, { detail: "upstream" }], [200, transaction()])
    const client = makeClient()
    const trx = await client.transactions.retrieve(TRANSACTION_ID)
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(trx.id).toBe(TRANSACTION_ID)
    expect(sleepCalls(client)).toEqual([375])
  })

  it("stops after maxRetries and throws the last ApiError", async () => {
    const { scope, calls } = intercept("GET", READ, [503, {}], [503, {}], [503, { message: "still down" }])
    const client = makeClient({ maxRetries: 2 })
    const error = await rejection(client.transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(3)
    expect(error).toMatchObject({ status: 503, code: "http_503", serviceMessage: "still down" })
    expect(sleepCalls(client)).toEqual([375, 750])
  })

  it("grows the delay exponentially, within the jitter band", async () => {
    const replies: Array<[number, unknown]> = [
      [503, {}],
      [503, {}],
      [503, {}],
      [200, binRecord()],
    ]
    const low = makeClient({ maxRetries: 3, retryBaseDelayMs: 100 })
    low.http.random = () => 0
    intercept("GET", "/check/bin_numbers_lookup/", ...replies)
    await low.bins.lookup({ bin: "454646" })
    expect(sleepCalls(low)).toEqual([50, 100, 200])

    const high = makeClient({ maxRetries: 3, retryBaseDelayMs: 100 })
    high.http.random = () => 0.999999
    intercept("GET", "/check/bin_numbers_lookup/", ...replies)
    await high.bins.lookup({ bin: "454646" })
    expect(sleepCalls(high)).toEqual([100, 200, 400])
  })

  it("caps one backoff step at 30 s", async () => {
    const client = makeClient({ maxRetries: 1, retryBaseDelayMs: 100_000, deadlineMs: 40_000 })
    intercept("GET", READ, [503, {}], [200, transaction()])
    await client.transactions.retrieve(TRANSACTION_ID)
    expect(sleepCalls(client)).toEqual([30_000])
  })

  it("429 waits at least Retry-After", async () => {
    const { scope } = intercept("GET", READ, [429, { detail: "slow down" }, { "Retry-After": "7" }], [200, transaction()])
    const client = makeClient()
    await client.transactions.retrieve(TRANSACTION_ID)
    expect(scope.isDone()).toBe(true)
    expect(sleepCalls(client)).toEqual([7000])
  })

  it("429 with a Retry-After shorter than the backoff keeps the backoff", async () => {
    const { scope } = intercept("GET", READ, [429, {}, { "Retry-After": "0" }], [200, transaction()])
    const client = makeClient()
    await client.transactions.retrieve(TRANSACTION_ID)
    expect(scope.isDone()).toBe(true)
    expect(sleepCalls(client)).toEqual([375])
  })

  it("429 without Retry-After and out of retries is an ApiError", async () => {
    intercept("GET", READ, [429, { detail: "Request was throttled." }])
    const error = await rejection(makeClient({ maxRetries: 0 }).transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(error).toMatchObject({ status: 429, code: "http_429", serviceMessage: "Request was throttled." })
  })

  it("a connection reset, then success", async () => {
    const scope = nock(BASE_URL).get(READ).replyWithError(socketError("ECONNRESET")).get(READ).reply(200, transaction())
    const client = makeClient()
    const trx = await client.transactions.retrieve(TRANSACTION_ID)
    expect(scope.isDone()).toBe(true)
    expect(trx.status).toBe("success")
    expect(sleepCalls(client)).toEqual([375])
  })

  it("connection failures past maxRetries are a ConnectionError with the socket's code", async () => {
    const scope = nock(BASE_URL).get(READ).times(2).replyWithError(socketError("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.1:443"))
    const client = makeClient({ maxRetries: 1 })
    const error = await rejection(client.transactions.retrieve(TRANSACTION_ID), ConnectionError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ code: "ECONNREFUSED", status: undefined, endpoint: `GET ${READ}` })
    expect(error.message).toMatch(/baseUrl/)
  })

  it("an error without a code is still a ConnectionError", async () => {
    nock(BASE_URL).get(READ).replyWithError("boom")
    const error = await rejection(makeClient({ maxRetries: 0 }).transactions.retrieve(TRANSACTION_ID), ConnectionError)
    expect(error.code).toBe("ECONNECTION")
  })

  // The timed-out attempt's reply never comes and the test moves the clock past the timeout once the
  // request is there; the attempt that must succeed is answered at once, and no clock moves for it.
  it("a timeout, then success", async () => {
    fakeTimeouts()
    const held = unanswered()
    const scope = nock(BASE_URL).get(READ).reply(held.reply).get(READ).reply(200, transaction())
    const client = makeClient({ timeoutMs: TIMEOUT_MS })
    const pending = client.transactions.retrieve(TRANSACTION_ID)
    await held.arrived(1)
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 1)
    expect(scope.pendingMocks()).toHaveLength(1)
    await jest.advanceTimersByTimeAsync(1)
    const trx = await pending
    expect(held.headers).toHaveLength(1)
    expect(scope.isDone()).toBe(true)
    expect(trx.id).toBe(TRANSACTION_ID)
    expect(sleepCalls(client)).toEqual([375])
  })

  it("timeouts past maxRetries are a TimeoutError naming the endpoint and the limit", async () => {
    fakeTimeouts()
    const held = unanswered()
    const scope = nock(BASE_URL).get(READ).times(2).reply(held.reply)
    const client = makeClient({ timeoutMs: TIMEOUT_MS, maxRetries: 1 })
    const failed = rejection(client.transactions.retrieve(TRANSACTION_ID), TimeoutError)
    await held.arrived(1)
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS)
    // A client that did not retry has already failed: it is not waited for.
    await Promise.race([held.arrived(2), failed])
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS)
    const error = await failed
    expect(held.headers).toHaveLength(2)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ code: "timeout", status: undefined, endpoint: `GET ${READ}` })
    expect(error.message).toContain(`${TIMEOUT_MS} ms`)
  })

  it.each<[number, unknown, typeof NotFoundError | typeof ValidationError]>([
    [400, { message: "bad" }, ValidationError],
    [404, { detail: "Not found." }, NotFoundError],
    [422, { error: "validation_error", message: "x", status_code: 422 }, ValidationError],
  ])("%d is final: not retried", async (status, body, type) => {
    const { scope, calls } = intercept("GET", READ, [status, body])
    const client = makeClient({ maxRetries: 5 })
    await rejection(client.transactions.retrieve(TRANSACTION_ID), type)
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(1)
    expect(sleepCalls(client)).toEqual([])
  })

  it("401 is final: not retried", async () => {
    const { calls } = intercept("POST", `/payment_links/${LINK_ID}/details`, [401, { detail: "no" }])
    const client = makeClient({ maxRetries: 5 })
    await expect(client.paymentLinks.retrieve(LINK_ID)).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
  })

  it("maxRetries 0 sends once", async () => {
    const { calls } = intercept("GET", READ, [503, {}])
    const client = makeClient({ maxRetries: 0 })
    await rejection(client.transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(calls).toHaveLength(1)
    expect(sleepCalls(client)).toEqual([])
  })

  it.each<[string, (c: ReturnType<typeof makeClient>) => Promise<unknown>, "GET" | "POST", string]>([
    ["list", (c) => c.paymentLinks.list(STORE_ID), "POST", `/payment_links/${STORE_ID}/list`],
    ["resolve", (c) => c.paymentLinks.resolve(LINK_ID), "POST", `/payment_links/${LINK_ID}/resolve`],
    [
      "statements",
      (c) => c.reports.statements({ from_date: "2026-01-01", to_date: "2026-01-31", store_id: STORE_ID }),
      "POST",
      "/reports/statements",
    ],
  ])("%s is a read and retries too", async (_label, call, method, path) => {
    const { calls } = intercept(method, path, [502, {}], [502, {}])
    const client = makeClient({ maxRetries: 1 })
    await expect(call(client)).rejects.toBeInstanceOf(ApiError)
    expect(calls).toHaveLength(2)
  })

  it("the default sleep really waits", async () => {
    // Not makeClient: its sleep is a mock.
    const real = new InstallmentsClient({ secretKey: "s", publicKey: "sandbox-x", baseUrl: BASE_URL, retryBaseDelayMs: 40 })
    real.http.random = () => 1
    intercept("GET", READ, [503, {}], [200, transaction()])
    const started = Date.now()
    await real.transactions.retrieve(TRANSACTION_ID)
    expect(Date.now() - started).toBeGreaterThanOrEqual(35)
  })
})

describe("backoff with fake timers and the real sleep", () => {
  afterEach(() => jest.useRealTimers())

  it("sends the retry only once the backoff has elapsed", async () => {
    // Only setTimeout is faked: nock and axios still need ticks and immediates to answer.
    jest.useFakeTimers({
      doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
    })
    const client = new InstallmentsClient({ secretKey: "s", publicKey: "sandbox-x", baseUrl: BASE_URL, retryBaseDelayMs: 1000 })
    client.http.random = () => 0.5
    // The real sleep, observed: the test moves the clock only once the client is waiting.
    const realSleep = client.http.sleep
    let woke = false
    const sleeping = new Promise<number>((resolve) => {
      client.http.sleep = (ms) => {
        resolve(ms)
        return realSleep(ms).then(() => {
          woke = true
        })
      }
    })
    const { calls } = intercept("GET", READ, [503, {}], [200, transaction()])
    const pending = client.transactions.retrieve(TRANSACTION_ID)

    expect(await sleeping).toBe(750)
    expect(calls).toHaveLength(1)
    await jest.advanceTimersByTimeAsync(749)
    expect(woke).toBe(false)
    expect(calls).toHaveLength(1)

    await jest.advanceTimersByTimeAsync(1)
    expect(woke).toBe(true)
    await expect(pending).resolves.toMatchObject({ id: TRANSACTION_ID })
    expect(calls).toHaveLength(2)
  })
})

describe("link creation retries: a spare unpaid link is harmless (D5)", () => {
  it("503, then 201: two links may exist, the caller gets the second", async () => {
    const { scope, calls } = intercept("POST", CREATE, [503, {}], [201, created])
    const client = makeClient()
    const link = await client.paymentLinks.create(STORE_ID, { amount: 150, title: "x" })
    expect(scope.isDone()).toBe(true)
    expect(calls.map((call) => call.body)).toEqual([
      { amount: 150, title: "x" },
      { amount: 150, title: "x" },
    ])
    expect(link.payment_link_id).toBe(LINK_ID)
    expect(sleepCalls(client)).toEqual([375])
  })

  it("a connection reset, then 201", async () => {
    const scope = nock(BASE_URL).post(CREATE).replyWithError(socketError("ECONNRESET")).post(CREATE).reply(201, created)
    const link = await makeClient().paymentLinks.create(STORE_ID, { amount: 150, title: "x" })
    expect(scope.isDone()).toBe(true)
    expect(link.environment).toBe("SANDBOX")
  })

  it("422 is final", async () => {
    const { calls } = intercept("POST", CREATE, [422, { error: "validation_error", message: "m", status_code: 422 }])
    await rejection(makeClient().paymentLinks.create(STORE_ID, { amount: 50, title: "x" }), ValidationError)
    expect(calls).toHaveLength(1)
  })
})

describe("refunds: one Idempotency-Key for every attempt (D5)", () => {
  it("a generated key is reused on 503 and on a connection reset, and returned", async () => {
    const calls: string[] = []
    const record = function (this: nock.ReplyFnContext): void {
      calls.push(String(this.req.headers["idempotency-key"]))
    }
    const scope = nock(BASE_URL)
      .post(REFUND_PATH)
      .reply(function () {
        record.call(this)
        return [503, {}]
      })
      .post(REFUND_PATH)
      .replyWithError(socketError("ECONNRESET"))
      .post(REFUND_PATH)
      .reply(function () {
        record.call(this)
        return [200, accepted]
      })
    const client = makeClient({ maxRetries: 2 })
    const refund = await client.transactions.refund(TRANSACTION_ID, { refund_amount: 100 })

    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(new Set(calls).size).toBe(1)
    expect(refund.idempotency_key).toBe(calls[0])
    expect(sleepCalls(client)).toEqual([375, 750])
  })

  it("a given key is sent on every attempt, including after a timeout", async () => {
    const keys: string[] = []
    // The key is read as each request arrives, so the attempt that times out is counted too.
    const keyOf = function (this: { headers: Record<string, string> }) {
      keys.push(String(this.headers["idempotency-key"]))
      return true
    }
    // The first attempt is never answered: it times out when the test moves the clock, once it is there.
    fakeTimeouts()
    const held = unanswered()
    const scope = nock(BASE_URL).post(REFUND_PATH, keyOf).reply(held.reply).post(REFUND_PATH, keyOf).reply(200, accepted)
    const client = makeClient({ timeoutMs: TIMEOUT_MS, maxRetries: 1 })
    const pending = client.transactions.refund(TRANSACTION_ID, { refund_amount: 100 }, { idempotencyKey: "medusa-refund-ref_01J" })
    await held.arrived(1)
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS)
    const refund = await pending
    expect(held.headers).toHaveLength(1)
    expect(keys).toHaveLength(2)
    expect(scope.isDone()).toBe(true)
    expect(keys.at(-1)).toBe("medusa-refund-ref_01J")
    expect(keys.every((key) => key === "medusa-refund-ref_01J")).toBe(true)
    expect(refund.idempotency_key).toBe("medusa-refund-ref_01J")
  })

  it("'already under processing' is retried after processingRetryDelayMs with the same key", async () => {
    const { scope, calls } = intercept("POST", REFUND_PATH, [400, processing], [400, processing], [200, accepted])
    const client = makeClient({ maxRetries: 2, processingRetryDelayMs: 3_000 })
    const refund = await client.transactions.refund(TRANSACTION_ID, { refund_amount: 40 }, { idempotencyKey: "k-1" })

    expect(scope.isDone()).toBe(true)
    expect(calls.map((call) => call.headers["idempotency-key"])).toEqual(["k-1", "k-1", "k-1"])
    expect(calls.map((call) => call.body)).toEqual([{ refund_amount: 40 }, { refund_amount: 40 }, { refund_amount: 40 }])
    expect(sleepCalls(client)).toEqual([3_000, 3_000])
    expect(refund.key).toBe("RF-1")
  })

  it("'already under processing' is bounded by maxRetries, then surfaces", async () => {
    const { scope, calls } = intercept("POST", REFUND_PATH, [400, processing], [400, processing])
    const client = makeClient({ maxRetries: 1, processingRetryDelayMs: 1_234 })
    const error = await rejection(client.transactions.refund(TRANSACTION_ID, { refund_amount: 40 }), RefundRejectedError)
    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(error.reason).toBe("already_processing")
    expect(sleepCalls(client)).toEqual([1_234])
  })

  it("uses the default processing delay of 3 s", async () => {
    intercept("POST", REFUND_PATH, [400, processing], [200, accepted])
    const client = makeClient()
    await client.transactions.refund(TRANSACTION_ID, { refund_amount: 40 })
    expect(sleepCalls(client)).toEqual([3_000])
  })

  it.each<[number, Record<string, unknown>]>([
    [400, { message: "Maximum amount to be refunded is 10" }],
    [403, { detail: "This transaction is not refundable" }],
    [403, { detail: "You are not allowed to refund this transaction" }],
    [400, { message: "Insufficient balance", validation_errors: [{ Name: "Supplier", Error: "x" }] }],
  ])("a final refusal (%d) is sent once", async (status, body) => {
    const { calls } = intercept("POST", REFUND_PATH, [status, body])
    const client = makeClient({ maxRetries: 3 })
    await rejection(client.transactions.refund(TRANSACTION_ID, { refund_amount: 40 }), RefundRejectedError)
    expect(calls).toHaveLength(1)
    expect(sleepCalls(client)).toEqual([])
  })
})
