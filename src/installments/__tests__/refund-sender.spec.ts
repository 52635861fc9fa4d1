import nock from "nock"
import { MedusaError } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../lib/client"
import { useNock } from "../../lib/__tests__/use-nock"
import { refundFailureOf } from "../refund-failures"
import { sendRefund } from "../refund-sender"
import { BASE_URL, OPTIONS, transaction, TX_ID } from "./fixtures"

const client = () => new InstallmentsClient({ ...OPTIONS, maxRetries: 0, timeoutMs: 100 })
const order = (halalas: bigint, idempotencyKey = "cancel-pay_1") => ({ transactionId: TX_ID, halalas, idempotencyKey, reason: "Order canceled in Medusa" })
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
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    let sent: { body?: Record<string, unknown>; key?: string } = {}
    refundCall((body, key) => (sent = { body, key })).reply(200, { status: "success", key_type: "RefundReference", key: "RF-1" })
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: false })
    expect(sent).toEqual({ body: { refund_amount: 143.75, reason: "Order canceled in Medusa" }, key: "cancel-pay_1" })
  })

  it("absorbs one rounding halala the balance lacks, and no more", async () => {
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "38.33", refunded_amount: "0.00" }))
    let body: Record<string, unknown> = {}
    refundCall((b) => (body = b)).reply(200, { status: "success", key_type: "RefundReference", key: "RF-2" })
    expect((await sendRefund(client(), order(3834n))).halalas).toBe(3833n)
    expect(body.refund_amount).toBe(38.33)
  })

  it("a key the service already lists is not sent again: its amount is what was refunded", async () => {
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "143.75", status: "refunded", refund_tracker: [entry("cancel-pay_1", "143.75")] }))
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: true })
    expect(nock.pendingMocks()).toEqual([])
  })

  it("a call without an answer is settled from the refund tracker", async () => {
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    refundCall().reply(503, { error: "unavailable" })
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ amount: "143.75", refunded_amount: "143.75", status: "refunded", refund_tracker: [entry("cancel-pay_1", "143.75")] }))
    expect(await sendRefund(client(), order(14375n))).toEqual({ halalas: 14375n, alreadyAccepted: false })
  })

  it("an outage the tracker does not settle is thrown with the outage code, which the ledger retries", async () => {
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    refundCall().reply(503, { error: "unavailable" })
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "143.75", refunded_amount: "0.00" }))
    const error = await sendRefund(client(), order(14375n)).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.code).toBe("installments_unavailable")
    expect(refundFailureOf(error)).toMatchObject({ retryable: true })
  })

  it("a rounding halala on a transaction with nothing left is refused without a call", async () => {
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction({ amount: "143.75", refunded_amount: "143.75", status: "refunded" }))
    await expect(sendRefund(client(), order(1n, "ref_1"))).rejects.toThrow(/no refundable balance left/)
    expect(nock.pendingMocks()).toEqual([])
  })
})
