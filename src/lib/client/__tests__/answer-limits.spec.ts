import type { ClientRequest } from "node:http"
import diagnostics from "node:diagnostics_channel"
import type { Socket } from "node:net"
import type { Readable } from "node:stream"
import { AnswerTooLargeError, ApiError, InstallmentsClient, type ClientOptions } from ".."
import { DEFAULT_ANSWER_LIMITS } from "../answer-limits"
import { readLink } from "../../../installments/links/read-link"
import { CsvFormatError } from "../../statements/csv-records"
import { statementRows } from "../../statements/statement-row"
import { statementCsvLines } from "../../statements/statement-csv"
import type { RunningSandbox } from "../../../../sandbox/src"
import { PUBLIC, SECRET, boot, control, createLink, pay } from "../../../../sandbox/src/__tests__/helpers"

// Each cap of the client against the sandbox sending too much (its endpoint faults: D36): the answer
// is refused with the call and the cap named, after reading no more than the cap.

const SUCCESS_CARD = "4092010000000018"
const MiB = 1024 * 1024

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const client = (options: Partial<ClientOptions> = {}) =>
  new InstallmentsClient({ secretKey: SECRET, publicKey: PUBLIC, baseUrl: sb.url, maxRetries: 0, ...options })

async function arm(endpoint: string, mode: string, extra: Record<string, unknown> = {}) {
  expect((await control(sb, "POST", "/faults", { endpoint_faults: [{ endpoint, mode, ...extra }] })).status).toBe(200)
}

/** What one client call cost on the wire, counted as it happened (see onTheWire). */
interface Wire<T> {
  outcome: T | unknown
  /** Requests the client sent on the path. */
  sent: number
  /** The same requests, as the sandbox logged them (all of them: see onTheWire). */
  logged: number
  /** Bytes the client read from those requests' sockets: headers and as much of the bodies as it took. */
  bytesRead: number
}

/**
 * Runs one client call and counts what it cost: every request it sent on a path (Node's http client
 * reports each one on a diagnostics channel as it starts, so none is missed, however late) and the
 * bytes it read from their sockets. Then waits until the sandbox has logged every one of those
 * requests: it logs a request when its connection closes, which for an answer the client stopped
 * reading can come after the client has given up. The wait's deadline is reached only when a request
 * is missing from the log, and the test then fails on the counts.
 */
async function onTheWire<T>(pathPart: string, call: () => Promise<T>): Promise<Wire<T>> {
  const sockets = new Map<Socket, number>()
  let sent = 0
  const onStart = (message: unknown): void => {
    const { request } = message as { request: ClientRequest }
    if (!request.path.includes(pathPart)) return
    sent++
    // A kept-alive socket may have read before: only what it reads from now on counts.
    const add = (socket: Socket) => void (sockets.has(socket) || sockets.set(socket, socket.bytesRead))
    if (request.socket) add(request.socket)
    else request.once("socket", add)
  }
  diagnostics.subscribe("http.client.request.start", onStart)
  let outcome: T | unknown
  try {
    outcome = await call().catch((thrown: unknown) => thrown)
  } finally {
    diagnostics.unsubscribe("http.client.request.start", onStart)
  }
  // Read now: the control calls below may reuse a pooled socket.
  const bytesRead = [...sockets].reduce((sum, [socket, before]) => sum + socket.bytesRead - before, 0)
  const deadline = Date.now() + 10_000
  for (;;) {
    const { requests } = (await control(sb, "GET", "/requests")).body as { requests: { path: string }[] }
    const logged = requests.filter((entry) => entry.path.includes(pathPart)).length
    if (logged >= sent || Date.now() > deadline) {
      return { outcome, sent, logged, bytesRead }
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let count = 0
  for await (const _ of stream) count++
  return count
}

const window = () => {
  const today = new Date().toISOString().slice(0, 10)
  return { from_date: `${today.slice(0, 8)}01`, to_date: today, store_id: sb.storeId }
}

describe("the client's caps on what the service sends", () => {
  it("a JSON answer over 4 MiB is refused, naming the call and the cap, and is not asked for again", async () => {
    const linkId = await createLink(sb, { amount: 400 })
    await arm("link_details", "oversized_answer", { size_bytes: 5 * MiB, times: 0 })
    const path = `/payment_links/${linkId}/details`
    const wire = await onTheWire(path, () => client({ maxRetries: 2, retryBaseDelayMs: 1 }).paymentLinks.retrieve(linkId))
    const error = wire.outcome
    expect(error).toBeInstanceOf(AnswerTooLargeError)
    expect(error).toMatchObject({ code: "answer_too_large", limit: "4 MiB", endpoint: `POST /payment_links/${linkId}/details` })
    expect((error as Error).message).toBe(
      `The installments service's answer to POST /payment_links/${linkId}/details is larger than 4 MiB (the cap on one answer); it was not read`
    )
    expect(DEFAULT_ANSWER_LIMITS.answerBytes).toBe(4 * MiB)
    // Every request the client sent, each one logged by the sandbox: one, not retried.
    expect(wire).toMatchObject({ sent: 1, logged: 1 })
    // Read up to the cap and no further (a socket's read buffer past it at most), of a 5 MiB answer.
    expect(wire.bytesRead).toBeGreaterThan(4 * MiB)
    expect(wire.bytesRead).toBeLessThan(4 * MiB + 512 * 1024)
  })

  it("an answer just under the cap is read as usual", async () => {
    const linkId = await createLink(sb, { amount: 400 })
    await arm("link_details", "oversized_answer", { size_bytes: 3 * MiB })
    const details = await client().paymentLinks.retrieve(linkId)
    expect(details.payment_link.id).toBe(linkId)
  })

  it("an error page over 64 KiB keeps its status, is not read past the cap, and says so", async () => {
    const id = (await pay(sb, await createLink(sb, { amount: 400 }), SUCCESS_CARD)).transaction_id as string
    await arm("transaction", "oversized_error", { size_bytes: 8 * MiB })
    const wire = await onTheWire(`/transactions/${id}`, () => client().transactions.retrieve(id))
    const error = wire.outcome
    expect(wire).toMatchObject({ sent: 1, logged: 1 })
    // Of the 8 MiB page, the client read its first 64 KiB and no further (a socket's read buffer past it at most).
    expect(wire.bytesRead).toBeGreaterThan(64 * 1024)
    expect(wire.bytesRead).toBeLessThan(512 * 1024)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, body: undefined, serviceMessage: undefined })
    expect((error as Error).message).toBe(
      `The installments service failed on GET /transactions/${id} (502) (its body, over the 64 KiB cap on an error answer, was not read)`
    )
  })

  it("a statement file over its cap ends its stream with the call and the cap named", async () => {
    await pay(sb, await createLink(sb, { amount: 400 }), SUCCESS_CARD)
    await arm("statements", "oversized_answer", { size_bytes: 2 * MiB })
    const file = await client({ answerLimits: { fileBytes: MiB } }).reports.streamStatement({ ...window(), format: "csv" })
    const error = await drain(statementRows(file.stream)).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(AnswerTooLargeError)
    expect((error as Error).message).toBe(
      "The installments service's answer to POST /reports/statements is larger than 1 MiB (the cap on a statement file); it was not read"
    )
    expect((file.stream as Readable).destroyed).toBe(true)
    expect(DEFAULT_ANSWER_LIMITS.fileBytes).toBe(256 * MiB)
  })

  it("a statement row over 64 Ki characters is refused at that row, naming its line and the cap", async () => {
    await pay(sb, await createLink(sb, { amount: 400 }), SUCCESS_CARD)
    await arm("statements", "oversized_row", { size_bytes: 200_000 })
    const file = await client().reports.streamStatement({ ...window(), format: "csv" })
    const error = await drain(statementCsvLines(file.stream)).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(CsvFormatError)
    expect((error as Error).message).toBe(
      "line 3: a row longer than 65,536 characters (the cap on one statement row); the file is not read further"
    )
  })

  it("a link whose service never stops saying `next` is read for 5 pages, then refused", async () => {
    const linkId = await createLink(sb, { amount: 400 })
    await pay(sb, linkId, SUCCESS_CARD)
    await arm("link_details", "endless_pages", { times: 0 })
    const wire = await onTheWire(`/payment_links/${linkId}/details`, () => readLink(client(), linkId))
    const error = wire.outcome
    expect(error).toBeInstanceOf(AnswerTooLargeError)
    expect(error).toMatchObject({ code: "too_many_pages", limit: "5 pages of 100 transactions" })
    expect((error as Error).message).toBe(
      `The installments service has more than 5 pages of 100 transactions for payment link ${linkId} (POST /payment_links/${linkId}/details); the plugin reads at most 5`
    )
    expect(wire).toMatchObject({ sent: 5, logged: 5 })
  })
})
