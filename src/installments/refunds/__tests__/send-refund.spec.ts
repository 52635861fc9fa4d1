import nock from "nock"
import { MedusaError } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../../lib/client"
import { useNock } from "../../../lib/__tests__/use-nock"
import { fakeModule } from "../../../modules/installments/__tests__/helpers/fake-module"
import { sendRefund as send, REFUND_PENDING_CODES, type RefundRequest } from "../send-refund"
import { BASE_URL, OPTIONS, transaction, TX_ID } from "../../__tests__/fixtures"
import { asRegistrationId } from "../../registrations/provider-ids"

const client = () => new InstallmentsClient({ ...OPTIONS, maxRetries: 0, timeoutMs: 5_000 })
const order = (halalas: bigint, idempotencyKey = "cancel-pay_1"): RefundRequest => ({
  transaction_id: TX_ID,
  halalas,
  idempotency_key: idempotencyKey,
  provider_id: asRegistrationId("installments"),
  payment_id: "pay_1",
  source: "cancel",
  reason: "Order canceled in Medusa",
})
let ledger = fakeModule()
beforeEach(() => {
  ledger = fakeModule()
})
// What callers read of the answer; the key is the cause's, checked where it matters.
const sendRefund = (c: InstallmentsClient, request: RefundRequest) =>
  send(c, ledger.svc, request).then(({ halalas, alreadyAccepted }) => ({ halalas, alreadyAccepted }))
const entry = (idempotencyKey: string, amount: string) => ({
  id: `t-${idempotencyKey}`,
  status: "P",
  amount,
  gateway_transaction_id: null,
  gateway_key_type: null,
  rrn: null,
  idempotency_key: idempotencyKey,
  order_refund_id: null,
})

function refundCall(capture: (body: Record<string, unknown>, key: string) => void = () => undefined) {
  return nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`, function (this: { headers: Record<string, string> }, body) {
    capture(body, this.headers["idempotency-key"])
    return true
  })
}

useNock()

describe("sendRefund: every refund path sends through it", () => {
  it("sends the amount under the key and returns what the service took", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    let sent: { body?: Record<string, unknown>; key?: string } = {}
    refundCall((body, key) => (sent = { body, key })).reply(200, { status: "success", key_type: "RefundReference", key: "RF-1" })
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: false })
    expect(sent).toEqual({ body: { refund_amount: 143.75, reason: "Order canceled in Medusa" }, key: "cancel-pay_1" })
  })

  it("absorbs one rounding halala the balance lacks, and no more", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "38.33", refunded_amount: "0.00" }))
    let body: Record<string, unknown> = {}
    refundCall((b) => (body = b)).reply(200, { status: "success", key_type: "RefundReference", key: "RF-2" })
    expect((await sendRefund(client(), order(3834n))).halalas).toBe(3833n)
    expect(body.refund_amount).toBe(38.33)
  })

  it("a key the service already lists is not sent again: its amount is what was refunded", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(
        200,
        transaction({
          amount: "143.75",
          refunded_amount: "143.75",
          status: "refunded",
          refund_tracker: [entry("cancel-pay_1", "143.75")],
        })
      )
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: true })
    expect(nock.pendingMocks()).toEqual([])
  })

  it("a call without an answer is settled from the refund tracker", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    refundCall().reply(503, { error: "unavailable" })
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(
        200,
        transaction({
          amount: "143.75",
          refunded_amount: "143.75",
          status: "refunded",
          refund_tracker: [entry("cancel-pay_1", "143.75")],
        })
      )
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: false })
  })

  it("an outage the tracker does not settle leaves the intent unknown: never failed, never sent under another key", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    refundCall().reply(503, { error: "unavailable" })
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    const error = await sendRefund(client(), order(14375n)).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.code).toBe(REFUND_PENDING_CODES.unconfirmed)
    expect(ledger.refunds.rows).toEqual([expect.objectContaining({ status: "unknown", idempotency_key: "cancel-pay_1" })])
    // The same cause again, before the resolver spoke: nothing is sent.
    const again = await sendRefund(client(), order(14375n)).catch((e) => e)
    expect(again.code).toBe(REFUND_PENDING_CODES.beingConfirmed)
  })

  it("the intent is in the ledger before the call: a process killed during the call leaves it `sending`", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    let rowsWhenSent: Record<string, unknown>[] = []
    refundCall(() => (rowsWhenSent = ledger.refunds.rows.map((row) => ({ ...row })))).reply(200, {
      status: "success",
      key_type: "RefundReference",
      key: "RF-9",
    })
    await sendRefund(client(), order(14375n))
    expect(rowsWhenSent).toEqual([expect.objectContaining({ status: "sending", idempotency_key: "cancel-pay_1", amount: "143.75" })])
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "P" })
  })

  it("a clear refusal is recorded as failed with the merchant's words", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    refundCall().reply(400, { message: "Insufficient balance", validation_errors: [{ Name: "Supplier", Error: "Supplier X" }] })
    await expect(sendRefund(client(), order(14375n))).rejects.toThrow(/Top up/)
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "failed", retryable: true, attempts: 1 })
  })

  it("a rounding halala on a transaction with nothing left is refused without a call", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "143.75", status: "refunded" }))
    await expect(sendRefund(client(), order(1n, "ref_1"))).rejects.toThrow(/no refundable balance left/)
    expect(nock.pendingMocks()).toEqual([])
  })

  describe("a call is judged by every attempt, not the last (an applied attempt then a refused one)", () => {
    const retrying = () =>
      new InstallmentsClient({ ...OPTIONS, maxRetries: 2, timeoutMs: 5_000, retryBaseDelayMs: 0, processingRetryDelayMs: 0 })
    const unlisted = () =>
      nock(BASE_URL)
        .get(`/transactions/${TX_ID}`)
        .reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    const refusedCases: [string, (scope: nock.Interceptor) => void][] = [
      ["a 429 from a gateway", (call) => call.times(2).reply(429, "Too Many Requests")],
      [
        "a refused connection",
        (call) => call.times(2).replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
      ],
      ["'already under processing'", (call) => call.times(2).reply(400, { message: "Refund already under processing" })],
    ]
    it.each(refusedCases)("a 502 on the first attempt, then %s: unknown, never failed", async (_name, later) => {
      unlisted()
      refundCall().reply(502, "Bad Gateway")
      later(refundCall())
      unlisted()
      const error = await send(retrying(), ledger.svc, order(14375n)).catch((e) => e)
      expect(nock.pendingMocks()).toEqual([])
      expect(error.code).toBe(REFUND_PENDING_CODES.unconfirmed)
      expect(ledger.refunds.rows).toEqual([expect.objectContaining({ status: "unknown", idempotency_key: "cancel-pay_1" })])
    })

    it("a refused connection on every attempt is a clear no: nothing reached the service", async () => {
      unlisted()
      refundCall()
        .times(3)
        .replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
      await expect(send(retrying(), ledger.svc, order(14375n))).rejects.toThrow()
      expect(ledger.refunds.rows).toEqual([expect.objectContaining({ status: "failed", idempotency_key: "cancel-pay_1" })])
    })
  })
})
