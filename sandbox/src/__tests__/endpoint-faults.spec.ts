import { RunningSandbox } from "../index"
import { PUBLIC, SECRET, STORE_ID, boot, call, control, createLink, pay, waitFor } from "./helpers"

// The per-endpoint fault modes of the control API, each on the refund (endpoint 7) and on link
// creation (endpoint 2): whether the request was applied, exactly once, and what the caller saw.

const SUCCESS_CARD = "4092010000000018"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

type Outcome = { status: number; contentType: string | null; text: string } | "no answer"

/** A request that may get no HTTP answer at all: "no answer" when the connection ends without one. */
async function attempt(method: string, path: string, body: unknown): Promise<Outcome> {
  try {
    const answer = await call(sb, method, path, { body })
    return { status: answer.status, contentType: answer.headers.get("content-type"), text: answer.text }
  } catch {
    return "no answer"
  }
}

async function arm(endpoint: string, mode: string, extra: Record<string, unknown> = {}): Promise<void> {
  const answer = await control(sb, "POST", "/faults", { endpoint_faults: [{ endpoint, mode, ...extra }] })
  expect(answer.status).toBe(200)
}

async function paidTransaction(): Promise<string> {
  return (await pay(sb, await createLink(sb, { amount: 400 }), SUCCESS_CARD)).transaction_id as string
}

const refundPath = (id: string) => `/transactions/refund/${id}/`
const createPath = `/payment_links/${STORE_ID}/create`
const refunds = async (id: string) => (await call(sb, "GET", `/transactions/${id}`)).body.refund_tracker as Array<{ amount: string }>
const linkCount = async () => (await control(sb, "GET", "/")).body.counts.payment_links as number
const logged = async () =>
  (await control(sb, "GET", "/requests")).body.requests as Array<{ path: string; status: number; fault: string | null }>

describe("endpoint faults on the refund", () => {
  it("apply_lose_answer: the refund is applied once, the caller gets no answer, the log names the fault", async () => {
    const id = await paidTransaction()
    await arm("refund", "apply_lose_answer")
    const headers = { "idempotency-key": "5b0f6a52-2c1e-4d4a-9a57-1f0c3e2d9b10" }
    await expect(call(sb, "POST", refundPath(id), { body: { refund_amount: 10 }, headers })).rejects.toThrow()
    expect(await refunds(id)).toHaveLength(1)
    await waitFor(async () => (await logged()).some((entry) => entry.path === refundPath(id)))
    expect((await logged()).find((entry) => entry.path === refundPath(id))).toMatchObject({ status: 0, fault: "apply_lose_answer" })
    // One hit by default: the caller's retry with the same key is answered, replayed, not applied again (D15).
    const retry = await call(sb, "POST", refundPath(id), { body: { refund_amount: 10 }, headers })
    expect(retry.status).toBe(200)
    expect(retry.headers.get("idempotent-replayed")).toBe("true")
    expect(await refunds(id)).toHaveLength(1)
  })

  it("apply_5xx: the refund is applied once, the caller gets a 502 HTML proxy page", async () => {
    const id = await paidTransaction()
    await arm("refund", "apply_5xx")
    const outcome = await attempt("POST", refundPath(id), { refund_amount: 10 })
    expect(outcome).toMatchObject({ status: 502, text: "<html><body>502 Bad Gateway</body></html>" })
    expect((outcome as { contentType: string }).contentType).toMatch(/^text\/html/)
    const tracker = await refunds(id)
    expect(tracker).toHaveLength(1)
    expect(tracker[0].amount).toMatch(/^10\.0+$/)
    expect((await logged()).find((entry) => entry.path === refundPath(id))).toMatchObject({ status: 502, fault: "apply_5xx" })
  })

  it("refuse_429: nothing is applied, a gateway's 429 answers, the log names the fault", async () => {
    const id = await paidTransaction()
    await arm("refund", "refuse_429")
    expect(await attempt("POST", refundPath(id), { refund_amount: 10 })).toMatchObject({ status: 429, text: "Too Many Requests" })
    expect((await call(sb, "GET", `/transactions/${id}`)).body.refund_tracker ?? []).toEqual([])
    await waitFor(async () => (await logged()).some((entry) => entry.path === refundPath(id)))
    expect((await logged()).find((entry) => entry.path === refundPath(id))).toMatchObject({ status: 429, fault: "refuse_429" })
  })

  it("hang: nothing is applied; the connection is dropped after delay_ms", async () => {
    const id = await paidTransaction()
    await arm("refund", "hang", { delay_ms: 100 })
    expect(await attempt("POST", refundPath(id), { refund_amount: 10 })).toBe("no answer")
    expect((await call(sb, "GET", `/transactions/${id}`)).body.refund_tracker ?? []).toEqual([])
    expect(sb.core.pendingDelays).toBe(0)
    await waitFor(async () => (await logged()).some((entry) => entry.fault === "hang"))
  })

  it("hang without delay_ms: held until the client gives up, then its wait is cleared", async () => {
    const id = await paidTransaction()
    await arm("refund", "hang")
    const aborted = new AbortController()
    const pending = fetch(`${sb.url}${refundPath(id)}`, {
      method: "POST",
      headers: { authorization: SECRET, "x-service-key": PUBLIC, "content-type": "application/json" },
      body: JSON.stringify({ refund_amount: 10 }),
      signal: aborted.signal,
    }).then(
      () => "answered",
      () => "no answer"
    )
    await waitFor(() => sb.core.pendingDelays === 1)
    aborted.abort()
    expect(await pending).toBe("no answer")
    await waitFor(() => sb.core.pendingDelays === 0)
    expect((await call(sb, "GET", `/transactions/${id}`)).body.refund_tracker ?? []).toEqual([])
  })

  it("slow: the refund is applied and answered normally after delay_ms", async () => {
    const id = await paidTransaction()
    await arm("refund", "slow", { delay_ms: 50 })
    expect(await attempt("POST", refundPath(id), { refund_amount: 10 })).toMatchObject({ status: 200 })
    expect(await refunds(id)).toHaveLength(1)
    expect((await logged()).find((entry) => entry.path === refundPath(id))).toMatchObject({ status: 200, fault: "slow" })
  })
})

describe("endpoint faults on link creation", () => {
  const body = { amount: 500, title: "Faulted order" }

  it("apply_lose_answer: the link is created once, the caller gets no answer", async () => {
    await arm("create_link", "apply_lose_answer")
    expect(await attempt("POST", createPath, body)).toBe("no answer")
    expect(await linkCount()).toBe(1)
  })

  it("apply_5xx: the link is created once, the caller gets a 502 HTML page", async () => {
    await arm("create_link", "apply_5xx")
    expect(await attempt("POST", createPath, body)).toMatchObject({ status: 502, contentType: expect.stringMatching(/^text\/html/) })
    expect(await linkCount()).toBe(1)
  })

  it("hang: no link is created", async () => {
    await arm("create_link", "hang", { delay_ms: 50 })
    expect(await attempt("POST", createPath, body)).toBe("no answer")
    expect(await linkCount()).toBe(0)
  })

  it("slow: the link is created and answered 201 after delay_ms", async () => {
    await arm("create_link", "slow", { delay_ms: 50 })
    expect(await attempt("POST", createPath, body)).toMatchObject({ status: 201 })
    expect(await linkCount()).toBe(1)
  })
})

describe("endpoint faults through the control API", () => {
  it("GET shows what remains; times counts hits, 0 hits every request until cleared; DELETE and reset clear", async () => {
    await control(sb, "POST", "/faults", {
      endpoint_faults: [
        { endpoint: "bin_lookup", mode: "apply_5xx", times: 2 },
        { endpoint: "list_links", mode: "apply_5xx", times: 0 },
      ],
    })
    expect((await control(sb, "GET", "/faults")).body.endpoint_faults).toEqual([
      { endpoint: "bin_lookup", mode: "apply_5xx", times: 2 },
      { endpoint: "list_links", mode: "apply_5xx", times: 0 },
    ])
    const lookup = () => attempt("GET", "/check/bin_numbers_lookup/?bin=409201", undefined)
    expect(await lookup()).toMatchObject({ status: 502 })
    expect((await control(sb, "GET", "/faults")).body.endpoint_faults[0]).toMatchObject({ endpoint: "bin_lookup", times: 1 })
    expect(await lookup()).toMatchObject({ status: 502 })
    expect(await lookup()).toMatchObject({ status: 200 })
    for (let i = 0; i < 3; i++) {
      expect(await attempt("POST", `/payment_links/${STORE_ID}/list`, {})).toMatchObject({ status: 502 })
    }
    expect((await control(sb, "GET", "/faults")).body.endpoint_faults).toEqual([
      { endpoint: "list_links", mode: "apply_5xx", times: 0 },
    ])
    expect((await control(sb, "DELETE", "/faults")).body.endpoint_faults).toEqual([])

    await arm("list_links", "apply_5xx", { times: 0 })
    await control(sb, "POST", "/reset")
    expect((await control(sb, "GET", "/faults")).body.endpoint_faults).toEqual([])
  })

  it("refuses an unknown endpoint or mode", async () => {
    expect((await control(sb, "POST", "/faults", { endpoint_faults: [{ endpoint: "refunds", mode: "hang" }] })).status).toBe(400)
    expect((await control(sb, "POST", "/faults", { endpoint_faults: [{ endpoint: "refund", mode: "explode" }] })).status).toBe(400)
  })
})

describe("endpoint faults of a service that sends too much", () => {
  const detailsPath = (id: string) => `/payment_links/${id}/details`
  const today = new Date().toISOString().slice(0, 10)
  const window = { from_date: `${today.slice(0, 8)}01`, to_date: today, store_id: STORE_ID }

  it("oversized_answer: the route's own JSON answer, still valid, padded to size_bytes", async () => {
    const linkId = await createLink(sb, { amount: 400 })
    await arm("link_details", "oversized_answer", { size_bytes: 300_000 })
    const answer = await call(sb, "POST", detailsPath(linkId), { body: {} })
    expect(answer.status).toBe(200)
    expect(answer.bytes.length).toBeGreaterThanOrEqual(300_000)
    expect(answer.bytes.length).toBeLessThan(300_100)
    expect(Number(answer.headers.get("content-length"))).toBe(answer.bytes.length)
    expect(answer.body.payment_link.id).toBe(linkId)
    expect(answer.body.padding).toMatch(/^x+$/)
  })

  it("oversized_answer on a csv statement: more of its own rows; oversized_row: one row of size_bytes", async () => {
    await pay(sb, await createLink(sb, { amount: 400 }), SUCCESS_CARD)
    const plain = await call(sb, "POST", "/reports/statements", { body: { ...window, format: "csv" } })
    expect(plain.status).toBe(200)
    await arm("statements", "oversized_answer", { size_bytes: 100_000 })
    const padded = await call(sb, "POST", "/reports/statements", { body: { ...window, format: "csv" } })
    expect(padded.bytes.length).toBeGreaterThanOrEqual(100_000)
    const rows = padded.text.trim().split("\r\n")
    expect(rows[0]).toBe(plain.text.split("\r\n")[0])
    expect(new Set(rows.slice(1)).size).toBe(1)

    await arm("statements", "oversized_row", { size_bytes: 50_000 })
    const long = await call(sb, "POST", "/reports/statements", { body: { ...window, format: "csv" } })
    const lines = long.text.trim().split("\r\n")
    expect(lines).toHaveLength(plain.text.trim().split("\r\n").length + 1)
    expect(lines[lines.length - 1]).toContain(`"${"B".repeat(50_000)}"`)
  })

  it("oversized_error: a 502 page of size_bytes, nothing applied", async () => {
    await arm("create_link", "oversized_error", { size_bytes: 200_000 })
    const before = await linkCount()
    const answer = await attempt("POST", createPath, { amount: 400, title: "x", order_id: "o-1" })
    expect(answer).toMatchObject({ status: 502, contentType: expect.stringMatching(/^text\/html/) })
    expect((answer as { text: string }).text).toHaveLength(200_000)
    expect(await linkCount()).toBe(before)
  })

  it("endless_pages: every page of a link's details is its first, and says there is a next one", async () => {
    const linkId = await createLink(sb, { amount: 400 })
    await pay(sb, linkId, SUCCESS_CARD)
    await arm("link_details", "endless_pages", { times: 0 })
    for (const page of [1, 2, 7]) {
      const answer = await call(sb, "POST", detailsPath(linkId), { body: { page, page_size: 100 } })
      expect(answer.status).toBe(200)
      expect(answer.body.transactions).toHaveLength(1)
      expect(answer.body.pagination.next).toBe(true)
    }
  })
})
