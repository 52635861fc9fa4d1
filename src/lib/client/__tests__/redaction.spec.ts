import nock from "nock"
import { inspect } from "node:util"
import { InstallmentsError } from ".."
import type { InstallmentsClient } from ".."
import {
  BASE_URL,
  REFUND_PATH,
  SECRET,
  STORE_ID,
  TRANSACTION_ID,
  fakeTimeouts,
  intercept,
  makeClient,
  socketError,
  unanswered,
  useNock,
} from "./helpers"

useNock()
afterEach(() => jest.useRealTimers())

const READ = `/transactions/${TRANSACTION_ID}`
const CREATE = `/payment_links/${STORE_ID}/create`

/** Every way a secret could escape through an error or a log line. */
function exposures(error: unknown, lines: string[]): Record<string, string> {
  const err = error as InstallmentsError
  return {
    message: err.message,
    json: JSON.stringify(err),
    inspect: inspect(err, { depth: 10 }),
    inspectHidden: inspect(err, { depth: 10, showHidden: true }),
    stack: String(err.stack),
    serviceMessage: String(err.serviceMessage),
    body: JSON.stringify(err.body) ?? "",
    logs: lines.join("\n"),
  }
}

function loggedClient(options: Parameters<typeof makeClient>[0] = {}): { client: InstallmentsClient; lines: string[] } {
  const lines: string[] = []
  const write = (level: string) => (message: string) => lines.push(`${level} ${message}`)
  const client = makeClient({
    logger: { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") },
    ...options,
  })
  return { client, lines }
}

async function failure(promise: Promise<unknown>): Promise<InstallmentsError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(InstallmentsError)
    return error as InstallmentsError
  }
  throw new Error("expected a failure")
}

function expectNoSecret(error: InstallmentsError, lines: string[]) {
  for (const [where, text] of Object.entries(exposures(error, lines))) {
    if (text.includes(SECRET)) {
      throw new Error(`the secret key leaked through ${where}: ${text}`)
    }
  }
  // Not vacuous: the dumps describe the failure, and something was logged.
  expect(JSON.stringify(error)).toContain(error.endpoint ?? "<no endpoint>")
  expect(lines.length).toBeGreaterThan(0)
}

describe("the secret key never leaks", () => {
  it.each<[string, unknown]>([
    ["{detail}", { detail: "Authentication credentials were not provided." }],
    ["{error, message, status_code}", { error: "authentication_failed", message: "Invalid secret key.", status_code: 401 }],
  ])("401 %s", async (_label, body) => {
    const { client, lines } = loggedClient()
    const { calls } = intercept("POST", CREATE, [401, body])
    const error = await failure(client.paymentLinks.create(STORE_ID, { amount: 150, title: "x" }))
    // The secret did go out, as the Authorization header: it is the error that must not keep it.
    expect(calls[0].headers.authorization).toBe(SECRET)
    expect(error.status).toBe(401)
    expectNoSecret(error, lines)
  })

  it("401 on a refund", async () => {
    const { client, lines } = loggedClient()
    intercept("POST", REFUND_PATH, [401, { detail: "Invalid token." }])
    const error = await failure(client.transactions.refund(TRANSACTION_ID, { refund_amount: 1 }))
    expectNoSecret(error, lines)
  })

  it.each([500, 503])("%d after every retry", async (status) => {
    const { client, lines } = loggedClient({ maxRetries: 2 })
    intercept("GET", READ, [status, { message: "upstream error" }], [status, {}], [status, {}])
    const error = await failure(client.transactions.retrieve(TRANSACTION_ID))
    expect(error.status).toBe(status)
    expect(lines.filter((line) => line.startsWith("warn"))).toHaveLength(2)
    expectNoSecret(error, lines)
  })

  it("a 5xx page that echoes the request headers", async () => {
    const { client, lines } = loggedClient({ maxRetries: 0 })
    const echo = `<pre>POST ${CREATE}\nAuthorization: ${SECRET}\nX-Service-Key: sandbox-pk</pre>`
    intercept("POST", CREATE, [502, echo, { "Content-Type": "text/html" }])
    const error = await failure(client.paymentLinks.create(STORE_ID, { amount: 150, title: "x" }))
    expect(error.serviceMessage).toContain("Authorization: [REDACTED]")
    expectNoSecret(error, lines)
  })

  it("a JSON error body that echoes the secret", async () => {
    const { client, lines } = loggedClient()
    intercept("GET", READ, [401, { detail: `Invalid key ${SECRET}` }])
    const error = await failure(client.transactions.retrieve(TRANSACTION_ID))
    expect(error.serviceMessage).toBe("Invalid key [REDACTED]")
    expectNoSecret(error, lines)
  })

  it("a timeout", async () => {
    // Both attempts are never answered and time out when the test moves the clock, once each is there.
    fakeTimeouts()
    const held = unanswered()
    const { client, lines } = loggedClient({ timeoutMs: 20_000, maxRetries: 1 })
    nock(BASE_URL).get(READ).times(2).reply(held.reply)
    const failed = failure(client.transactions.retrieve(TRANSACTION_ID))
    await held.arrived(1)
    await jest.advanceTimersByTimeAsync(20_000)
    await Promise.race([held.arrived(2), failed])
    await jest.advanceTimersByTimeAsync(20_000)
    const error = await failed
    expect(held.headers).toHaveLength(2)
    expect(error.code).toBe("timeout")
    expectNoSecret(error, lines)
  })

  it("a connection reset", async () => {
    const { client, lines } = loggedClient({ maxRetries: 1 })
    nock(BASE_URL).post(REFUND_PATH).times(2).replyWithError(socketError("ECONNRESET"))
    const error = await failure(client.transactions.refund(TRANSACTION_ID, { refund_amount: 1 }))
    expect(error.code).toBe("ECONNRESET")
    expectNoSecret(error, lines)
  })

  it("is not visible in the client itself", () => {
    const client = makeClient()
    for (const text of [
      inspect(client, { depth: 10 }),
      inspect(client, { depth: 10, showHidden: true }),
      inspect(client.http, { depth: 10, showHidden: true }),
      JSON.stringify(client),
      JSON.stringify(client.http),
      String(client),
      Object.values(client).map(String).join(" "),
    ]) {
      expect(text).not.toContain(SECRET)
    }
  })
})
