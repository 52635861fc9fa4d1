import { ApiError, RedirectError, ValidationError } from ".."
import {
  BASE_URL,
  LINK_ID,
  REFUND_PATH,
  STORE_ID,
  TRANSACTION_ID,
  intercept,
  makeClient,
  rejection,
  sleepCalls,
  transaction,
  useNock,
} from "./helpers"

useNock()

const READ = `/transactions/${TRANSACTION_ID}`

describe("redirects are never followed (D3)", () => {
  it.each([301, 302, 307, 308])("a %d on the refund path is a RedirectError and the target is not requested", async (status) => {
    // The service redirects a refund path missing its slash; a client that followed it could refund twice.
    const location = `${BASE_URL}/transactions/refund/${TRANSACTION_ID}/elsewhere/`
    const { scope, calls } = intercept("POST", REFUND_PATH, [status, "", { Location: location }])
    const target = intercept("POST", `/transactions/refund/${TRANSACTION_ID}/elsewhere/`, [200, {}])
    const client = makeClient({ maxRetries: 3 })

    const error = await rejection(client.transactions.refund(TRANSACTION_ID, { refund_amount: 5 }), RedirectError)

    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(1)
    expect(target.calls).toHaveLength(0)
    expect(target.scope.isDone()).toBe(false)
    expect(sleepCalls(client)).toEqual([])
    expect(error).toMatchObject({ status, code: "redirect", location, endpoint: `POST ${REFUND_PATH}` })
    expect(error.message).toContain(REFUND_PATH)
    expect(error.message).toMatch(/trailing slash/)
    expect(error.toJSON()).toMatchObject({ location })
  })

  it("a redirect on a read is refused the same way", async () => {
    const { scope } = intercept("GET", READ, [302, "", { Location: "https://elsewhere.test/login" }])
    const outside = intercept("GET", "/login", [200, {}])
    const error = await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), RedirectError)
    expect(scope.isDone()).toBe(true)
    expect(outside.calls).toHaveLength(0)
    expect(error.location).toBe("https://elsewhere.test/login")
  })

  it("a redirect without Location still says what happened", async () => {
    intercept("POST", `/payment_links/${STORE_ID}/list`, [301])
    const error = await rejection(makeClient().paymentLinks.list(STORE_ID), RedirectError)
    expect(error.location).toBeUndefined()
    expect(error.message).toMatch(/another address/)
  })
})

describe("other answers", () => {
  it("a 5xx HTML page from a proxy is an ApiError with a short excerpt", async () => {
    const html = `<html><body><h1>502 Bad Gateway</h1>${"x".repeat(2000)}</body></html>`
    intercept("GET", READ, [502, html, { "Content-Type": "text/html" }])
    const error = await rejection(makeClient({ maxRetries: 0 }).transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(error.status).toBe(502)
    expect(error.code).toBe("http_502")
    expect(error.serviceMessage).toMatch(/^<html><body><h1>502 Bad Gateway/)
    expect(String(error.body).length).toBeLessThanOrEqual(500)
  })

  it("a 5xx with an empty body", async () => {
    intercept("GET", READ, [500])
    const error = await rejection(makeClient({ maxRetries: 0 }).transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(error).toMatchObject({ status: 500, code: "http_500", serviceMessage: undefined, body: undefined })
  })

  it("a 5xx with the service's error code keeps it", async () => {
    const body = { error: "internal_error", message: "Something went wrong", status_code: 500 }
    intercept("POST", `/payment_links/${LINK_ID}/resolve`, [500, body])
    const error = await rejection(makeClient({ maxRetries: 0 }).paymentLinks.resolve(LINK_ID), ApiError)
    expect(error).toMatchObject({ status: 500, code: "internal_error", serviceMessage: "Something went wrong", body })
  })

  it("a 422 without an error code still reads as validation_error", async () => {
    intercept("POST", `/payment_links/${STORE_ID}/create`, [422, { detail: "invalid date format" }])
    const error = await rejection(makeClient().paymentLinks.create(STORE_ID, { amount: 150, title: "x" }), ValidationError)
    expect(error).toMatchObject({ status: 422, code: "validation_error", serviceMessage: "invalid date format" })
  })

  it("a 403 outside refunds is an ApiError", async () => {
    intercept("GET", READ, [403, { detail: "You do not have permission to perform this action." }])
    const error = await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), ApiError)
    expect(error).toMatchObject({
      status: 403,
      code: "http_403",
      serviceMessage: "You do not have permission to perform this action.",
    })
  })

  it("sends a User-Agent naming the plugin", async () => {
    const { calls } = intercept("GET", READ, [404, { detail: "Not found." }])
    await makeClient()
      .transactions.retrieve(TRANSACTION_ID)
      .catch(() => undefined)
    expect(calls[0].headers["user-agent"]).toMatch(/^medusa-payment-installments\/\d+\.\d+\.\d+$/)
  })
})

describe("logging", () => {
  it("writes one debug line per attempt and a warning per retry", async () => {
    const lines: Array<[string, string]> = []
    const logger = {
      debug: (m: string) => lines.push(["debug", m]),
      warn: (m: string) => lines.push(["warn", m]),
    }
    intercept("GET", READ, [503, {}], [200, transaction()])
    await makeClient({ logger }).transactions.retrieve(TRANSACTION_ID)
    expect(lines.map(([level]) => level)).toEqual(["debug", "warn", "debug"])
    expect(lines[0][1]).toMatch(new RegExp(`GET ${READ} -> 503 \\(\\d+ ms\\)`))
    expect(lines[1][1]).toMatch(/failed \(503\); retry 1 of 2 in 375 ms/)
  })

  it("works with a logger that has none of the methods", async () => {
    intercept("GET", READ, [503, {}], [404, { detail: "Not found." }])
    await expect(makeClient({ logger: {} }).transactions.retrieve(TRANSACTION_ID)).rejects.toMatchObject({ status: 404 })
  })
})
