import { twoDecimals } from "./amounts"
import { RunningSandbox } from "../index"
import { advance, boot, call, control, createLink, eventNames, pay } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const refund = (id: string, body: unknown, headers?: Record<string, string>) =>
  call(sb, "POST", `/transactions/refund/${id}/`, { body, headers })
const read = async (id: string) => twoDecimals((await call(sb, "GET", `/transactions/${id}`)).body)

async function paid(amount = 1000): Promise<string> {
  return (await pay(sb, await createLink(sb, { amount }), "4092010000000018")).transaction_id
}

describe("refund (endpoint 7) and the transaction state table", () => {
  it("partial refund: success -> partially refunded at acceptance, tracker entry P then R with rrn (D14, D16)", async () => {
    const id = await paid()
    const answer = await refund(id, { refund_amount: 250.5, reason: "damaged", metadata: { rma: "R1" } })
    expect(answer.status).toBe(200)
    const body = twoDecimals(answer.body)
    expect(body).toMatchObject({ status: "success", key_type: "RefundReference" })
    let transaction = await read(id)
    expect(transaction).toMatchObject({ status: "partially refunded", refunded_amount: "250.50", is_refundable: true })
    expect(transaction.refund_tracker).toHaveLength(1)
    expect(transaction.refund_tracker[0]).toMatchObject({
      status: "P",
      amount: "250.50",
      rrn: null,
      gateway_transaction_id: body.key,
      gateway_key_type: "RefundReference",
    })
    expect(transaction.refund_tracker[0].idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
    await advance(sb, { seconds: 2 })
    transaction = await read(id)
    expect(transaction.refund_tracker[0].status).toBe("R")
    expect(transaction.refund_tracker[0].rrn).toMatch(/^\d{12}$/)
    expect(await eventNames(sb)).toEqual([
      "order.created",
      "installment.tracker.approved",
      "order.success",
      "order.updated",
      "order.updated",
    ])
  })

  it("full refund: -> refunded, is_refundable false, then 'Maximum amount to be refunded is 0.00'", async () => {
    const id = await paid(400)
    expect((await refund(id, { refund_amount: 400 })).status).toBe(200)
    const transaction = await read(id)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "400.00", is_refundable: false })
    await advance(sb, { seconds: 2 })
    const again = await refund(id, { refund_amount: 1 })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({
      message: "Maximum amount to be refunded is 0.00",
      validation_errors: [],
      fields_errors: expect.any(Array),
    })
  })

  it("several partial refunds add up exactly, and the last one makes it refunded", async () => {
    const id = await paid(100.03)
    for (const amount of [0.01, 0.02, 100]) {
      expect((await refund(id, { refund_amount: amount })).status).toBe(200)
      await advance(sb, { hours: 2 })
    }
    const transaction = await read(id)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "100.03" })
    expect(transaction.refund_tracker.map((entry: { status: string }) => entry.status)).toEqual(["R", "R", "R"])
  })

  it("400 'Maximum amount to be refunded is <remaining>' above the remaining balance", async () => {
    const id = await paid(1000)
    await refund(id, { refund_amount: 600 })
    await advance(sb, { seconds: 2 })
    const answer = await refund(id, { refund_amount: 400.01 })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe("Maximum amount to be refunded is 400.00")
    expect(answer.body.validation_errors).toEqual([])
    expect((await read(id)).refunded_amount).toBe("600.00")
  })

  it("1-hour rule: a later refund within the hour stays P (rrn null) until support settles it (D14)", async () => {
    const id = await paid(1000)
    await refund(id, { refund_amount: 100 })
    await advance(sb, { seconds: 5 })
    await refund(id, { refund_amount: 100 })
    await advance(sb, { minutes: 59 })
    let tracker = (await read(id)).refund_tracker
    expect(tracker.map((entry: { status: string; rrn: string | null }) => [entry.status, entry.rrn === null])).toEqual([
      ["R", false],
      ["P", true],
    ])
    await advance(sb, { days: 3 })
    expect((await read(id)).refund_tracker[1].status).toBe("P")
    const pending = await control(sb, "GET", "/refunds?status=P")
    expect(pending.body.refunds).toHaveLength(1)
    expect(pending.body.refunds[0]).toMatchObject({ transaction_id: id, settles: "manually" })
    const settled = await control(sb, "POST", "/refunds/settle", { transaction_id: id })
    expect(settled.body.settled).toHaveLength(1)
    tracker = (await read(id)).refund_tracker
    expect(tracker[1].status).toBe("R")
    expect(tracker[1].rrn).toMatch(/^\d{12}$/)
    const updates = (await eventNames(sb)).filter((name) => name === "order.updated")
    expect(updates).toHaveLength(4) // two acceptances, two settlements
  })

  it("after an hour the next refund is first of a new window and settles by itself", async () => {
    const id = await paid(1000)
    await refund(id, { refund_amount: 100 })
    await advance(sb, { minutes: 61 })
    await refund(id, { refund_amount: 100 })
    await advance(sb, { seconds: 2 })
    expect((await read(id)).refund_tracker.map((entry: { status: string }) => entry.status)).toEqual(["R", "R"])
  })

  it("400 'already under processing' within the processing window (D15)", async () => {
    const id = await paid(1000)
    await refund(id, { refund_amount: 10 })
    const conflict = await refund(id, { refund_amount: 10 })
    expect(conflict.status).toBe(400)
    expect(conflict.body).toEqual({
      message: "The transaction is already under processing!",
      validation_errors: [{ Name: "Key", Error: "The transaction is already under processing!" }],
      fields_errors: [],
    })
    await advance(sb, { ms: 1000 })
    expect((await refund(id, { refund_amount: 10 })).status).toBe(200)
    expect((await read(id)).refunded_amount).toBe("20.00")
  })

  it("Idempotency-Key replays the first answer and refunds nothing more (D15)", async () => {
    const id = await paid(1000)
    const key = "1b4e28ba-2fa1-41d2-883f-0016d3cca427"
    const first = await refund(id, { refund_amount: 75 }, { "idempotency-key": key })
    const second = await refund(id, { refund_amount: 75 }, { "idempotency-key": key })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    await advance(sb, { hours: 2 })
    const third = await refund(id, { refund_amount: 75 }, { "idempotency-key": key })
    expect(third.body).toEqual(first.body)
    const transaction = await read(id)
    expect(transaction.refunded_amount).toBe("75.00")
    expect(transaction.refund_tracker).toHaveLength(1)
    expect(transaction.refund_tracker[0].idempotency_key).toBe(key)
    const reused = await refund(id, { refund_amount: 80 }, { "idempotency-key": key })
    expect(reused.status).toBe(400)
    expect(reused.body.validation_errors[0].Name).toBe("Key")
  })

  it.each(["return-ret_1-pay_1", "ref_01JABC", "1b4e28ba2fa141d2883f0016d3cca427", `${"a".repeat(36)}`])(
    "refuses Idempotency-Key %s, which is not a UUID (the interface's type), with a field error; nothing refunded",
    async (key) => {
      const id = await paid(1000)
      const answer = await refund(id, { refund_amount: 10 }, { "idempotency-key": key })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        message: "Idempotency-Key: Must be a valid UUID.",
        validation_errors: [],
        fields_errors: [{ Name: "Idempotency-Key", Error: expect.stringContaining("UUID") }],
      })
      expect((await read(id)).refunded_amount).toBe("0.00")
    }
  )

  it("concurrent requests: the same key refunds once, different keys meet the processing conflict", async () => {
    const id = await paid(1000)
    const key = "0e0e0e0e-1111-4222-8333-444444444444"
    const same = await Promise.all([1, 2, 3].map(() => refund(id, { refund_amount: 30 }, { "idempotency-key": key })))
    expect(same.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(new Set(same.map((answer) => answer.body.key)).size).toBe(1)
    await advance(sb, { seconds: 2 })
    const different = await Promise.all([1, 2].map(() => refund(id, { refund_amount: 30 })))
    expect(different.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect((await read(id)).refunded_amount).toBe("60.00")
  })

  it("a conflict answer is not stored: the same key succeeds once processing is over", async () => {
    const id = await paid(1000)
    await refund(id, { refund_amount: 10 })
    const key = "f1d7c0de-0000-4000-8000-000000000001"
    expect((await refund(id, { refund_amount: 20 }, { "idempotency-key": key })).status).toBe(400)
    await advance(sb, { seconds: 1 })
    expect((await refund(id, { refund_amount: 20 }, { "idempotency-key": key })).status).toBe(200)
    expect((await read(id)).refunded_amount).toBe("30.00")
  })

  it("merchant balance shortfall: 400 with a Supplier validation error, nothing refunded", async () => {
    const id = await paid(1000)
    await control(sb, "POST", "/merchant/balance", { balance: "50.00" })
    const answer = await refund(id, { refund_amount: 50.01 })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe("Insufficient balance to initiate any refund")
    expect(answer.body.validation_errors).toHaveLength(1)
    expect(answer.body.validation_errors[0].Name).toBe("Supplier")
    expect(answer.body.validation_errors[0].Error).toContain("Sandbox Test Store")
    expect(answer.body.fields_errors).toEqual([])
    expect((await read(id)).refunded_amount).toBe("0.00")
    expect((await refund(id, { refund_amount: 50 })).status).toBe(200)
    expect((await control(sb, "GET", "/merchant/balance")).body.balance).toBe("0.00")
  })

  it("403 not refundable outside the 90-day window (D13)", async () => {
    const id = await paid(1000)
    await advance(sb, { days: 91 })
    const answer = await refund(id, { refund_amount: 10 })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({ detail: "This transaction is not refundable" })
  })

  it("403 not allowed for unknown, malformed, failed and pending transactions", async () => {
    const failed = (await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000026")).transaction_id
    const pending = (await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000042")).transaction_id
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc", failed, pending]) {
      const answer = await refund(id, { refund_amount: 10 })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ detail: "You are not allowed to refund this transaction" })
    }
  })

  it.each([
    [{}, "refund_amount"],
    [{ refund_amount: "10" }, "refund_amount"],
    [{ refund_amount: 0 }, "refund_amount"],
    [{ refund_amount: -1 }, "refund_amount"],
    [{ refund_amount: 1.005 }, "refund_amount"],
  ])("400 with message, validation_errors and fields_errors for %j", async (body, field) => {
    const id = await paid(1000)
    const answer = await refund(id, body)
    expect(answer.status).toBe(400)
    expect(typeof answer.body.message).toBe("string")
    expect(answer.body.validation_errors).toEqual([])
    expect(answer.body.fields_errors[0].Name).toBe(field)
  })

  // Local to the client (docs/service-api.md, "Who enforces what"): the service takes a longer reason.
  it("accepts a reason over 500 characters: that limit is the client's, not the service's", async () => {
    const id = await paid(1000)
    const answer = await refund(id, { refund_amount: 1, reason: "r".repeat(501) })
    expect(answer.status).toBe(200)
    expect((await read(id)).refunded_amount).toBe("1.00")
  })

  it("400 refund shape for a missing content type or malformed JSON", async () => {
    const id = await paid(1000)
    const untyped = await call(sb, "POST", `/transactions/refund/${id}/`, { body: { refund_amount: 1 }, noContentType: true })
    expect(untyped.status).toBe(400)
    expect(untyped.body).toMatchObject({ validation_errors: [], fields_errors: [] })
    expect(untyped.body.message).toContain("Content-Type")
    const malformed = await call(sb, "POST", `/transactions/refund/${id}/`, { raw: "{" })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ validation_errors: [], fields_errors: [] })
  })

  it("without the trailing slash: 301 to the slashed path and nothing refunded", async () => {
    const id = await paid(1000)
    const answer = await call(sb, "POST", `/transactions/refund/${id}`, { body: { refund_amount: 10 } })
    expect(answer.status).toBe(301)
    expect(answer.headers.get("location")).toBe(`/transactions/refund/${id}/`)
    expect((await read(id)).refunded_amount).toBe("0.00")
  })

  it("401 {detail} without credentials", async () => {
    const id = await paid(1000)
    const answer = await call(sb, "POST", `/transactions/refund/${id}/`, { body: { refund_amount: 1 }, auth: false })
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ detail: "Authentication credentials were not provided." })
  })

  it("settlement waits for the settlement delay in real time too", async () => {
    // A delay long enough that a loaded machine still reads "P" first; "R" is awaited, not raced.
    const delayMs = 3_000
    const quick = await boot({ settlementDelayMs: delayMs })
    try {
      const id = (await pay(quick, await createLink(quick, { amount: 400 }), "4092010000000018")).transaction_id
      const refundedAt = Date.now()
      await call(quick, "POST", `/transactions/refund/${id}/`, { body: { refund_amount: 5 } })
      const status = async () => (await call(quick, "GET", `/transactions/${id}`)).body.refund_tracker[0].status
      expect(await status()).toBe("P")
      while ((await status()) !== "R") {
        expect(Date.now() - refundedAt).toBeLessThan(delayMs + 10_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(Date.now() - refundedAt).toBeGreaterThanOrEqual(delayMs)
    } finally {
      await quick.stop()
    }
  })
})
