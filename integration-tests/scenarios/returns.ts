import { Modules } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../src/lib/client"
import checkCanceledOrderRefunds from "../../src/jobs/check-canceled-order-refunds"
import resolveRefundIntents from "../../src/jobs/resolve-refund-intents"
import retryFailedRefunds from "../../src/jobs/retry-failed-refunds"
import { cancelRefundKey, returnRefundKey } from "../../src/installments/refunds/keys"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import { REFUND_FAILED_EVENT, type RefundFailedData } from "../../src/modules/installments/events"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { SuiteContext } from "../helpers/context"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import { PUBLIC_KEY, SECRET_KEY, waitFor } from "../helpers/sandbox"
import { PROVIDERS } from "../helpers/seed"
import { returnFlow, type OrderItem } from "../helpers/returns"
import { setUpShipping, type ShippingSetup } from "../helpers/shipping"

type LedgerRow = {
  id: string
  status: string
  source: string | null
  amount: number
  order_id: string | null
  return_id: string | null
  failure_reason: string | null
  will_retry: boolean
  attempts: number
  idempotency_key: string | null
}

/** Scenarios of issue 12: returns, claims and exchanges become refunds, exactly once. */
export function returnScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  let shipping: ShippingSetup

  beforeEach(async () => {
    shipping = await setUpShipping(api, ctx.admin, ctx.seed)
  })
  afterEach(async () => {
    await ctx.sandbox.control.delete("/faults")
    await ctx.sandbox.control.post("/merchant/balance", { balance: "1000000.00" })
  })

  const client = () =>
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })
  const { paidOrder, shippedOrder, readOrder, requestReturn, receive, refundsOf, waitForRefunds } = returnFlow(ctx, () => shipping)

  const itemOf = (order: { items: OrderItem[] }, variantId: string) => order.items.find((item) => item.variant_id === variantId)!
  const ledger = async (query: string) =>
    (await api.get(`/admin/installments/refunds?${query}`, ctx.admin)).data.refunds as LedgerRow[]
  const halalas = (value: number) => Math.round(value * 100)
  /**
   * What the order's summary still owes, in halalas, once it reads 0 or 20 s have passed: Medusa
   * records the order's refund transaction a step after the payment's refund.
   */
  const owed = async (orderId: string) => {
    let last = NaN
    await waitFor(async () => (last = halalas((await readOrder(orderId)).summary.pending_difference)) === 0).catch(() => undefined)
    return last
  }
  /** A mark on the event bus's runs, taken before the change a subscriber could refund. */
  const mark = () => busMark(getContainer())
  /**
   * Events are handled after the route answered: waits until the event bus is idle and `run`, the
   * subscriber that could refund, ran to its end since `since`. Only then does "no refund" mean the
   * plugin decided not to refund.
   */
  const decided = (since: number, run: string = RUNS.returnRefund) => settledAfter(getContainer(), since, [run])

  it("R1. partial return of one of two items (15% VAT, shipping): the refund is what the summary owes, to the halala; then a second return", async () => {
    const { orderId, transactionId, order, paymentId } = await shippedOrder([
      { variantId: shipping.variants.perfume, quantity: 1 },
      { variantId: shipping.variants.candle, quantity: 2 },
    ])
    // 100 + 2 x 60 + 25 shipping, all with 15% VAT.
    expect(order.total).toBeCloseTo(281.75, 2)
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    await receive(returnId, [{ id: candle.id, quantity: 1 }])

    const [refund] = await waitForRefunds(orderId, 1)
    expect(halalas(refund.amount)).toBe(6900) // 60.00 + 15% VAT
    expect(refund.note).toContain(returnId)
    expect(await owed(orderId)).toBe(0)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("69.00")
    const rows = await waitFor(async () => {
      const found = await ledger(`order_id=${orderId}`)
      return found.length === 1 && found[0].source === "return" ? found : undefined
    })
    // Sent under the return's own key, which no retry or restart changes (Medusa's refund id would).
    expect(rows[0]).toMatchObject({
      return_id: returnId,
      idempotency_key: returnRefundKey(paymentId, returnId, orderId).key,
      will_retry: false,
    })
    expect(["pending", "settled"]).toContain(rows[0].status)

    const perfume = itemOf(order, shipping.variants.perfume)
    const second = await requestReturn(orderId, [{ id: perfume.id, quantity: 1 }])
    await receive(second, [{ id: perfume.id, quantity: 1 }])
    const refunds = await waitForRefunds(orderId, 2)
    expect(refunds.map((r) => halalas(r.amount)).sort((a, b) => a - b)).toEqual([6900, 11500])
    expect(await owed(orderId)).toBe(0)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("184.00")
  })

  it("R2. a charged return shipping lowers the refund by its fee", async () => {
    const { orderId, order } = await shippedOrder([{ variantId: shipping.variants.perfume, quantity: 2 }])
    const perfume = itemOf(order, shipping.variants.perfume)
    const returnId = await requestReturn(orderId, [{ id: perfume.id, quantity: 1 }], { returnShipping: true })
    await receive(returnId, [{ id: perfume.id, quantity: 1 }])
    const [refund] = await waitForRefunds(orderId, 1)
    // 115.00 for the perfume less the return shipping (10.00 + 15% VAT).
    expect(halalas(refund.amount)).toBe(11500 - 1150)
    expect(await owed(orderId)).toBe(0)
  })

  it("R3. a partial receipt then the rest: two events, two refunds, together what is owed", async () => {
    const { orderId, order, transactionId, paymentId } = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 3 }])
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 3 }])
    await receive(returnId, [{ id: candle.id, quantity: 1 }])
    await waitForRefunds(orderId, 1)
    await receive(returnId, [{ id: candle.id, quantity: 2 }])
    const refunds = await waitForRefunds(orderId, 2)
    expect(refunds.map((r) => halalas(r.amount)).sort((a, b) => a - b)).toEqual([6900, 13800])
    const tx = await client().transactions.retrieve(transactionId)
    expect(tx.refunded_amount).toBe("207.00")
    // One key per receipt of the return: the second is not taken for a replay of the first.
    expect(tx.refund_tracker.map((entry) => entry.idempotency_key)).toEqual([
      returnRefundKey(paymentId, returnId, orderId).key,
      returnRefundKey(paymentId, returnId, orderId, 2).key,
    ])
    expect(await owed(orderId)).toBe(0)
  })

  it("R4. the same event delivered twice and concurrently refunds once", async () => {
    const { orderId, order, transactionId } = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    const since = mark()
    await receive(returnId, [{ id: candle.id, quantity: 1 }])
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const event = { name: "order.return_received", data: { order_id: orderId, return_id: returnId } }
    await Promise.all([eventBus.emit(event), eventBus.emit(event), eventBus.emit(event)])
    await waitForRefunds(orderId, 1)
    // All four deliveries of the event (the receipt's own and the three) were handled to their end.
    expect((await decided(since)).filter((run) => run === RUNS.returnRefund)).toHaveLength(4)
    const refunds = await refundsOf(orderId)
    expect(refunds).toHaveLength(1)
    expect(halalas(refunds[0].amount)).toBe(6900)
    const tx = await client().transactions.retrieve(transactionId)
    expect(tx.refunded_amount).toBe("69.00")
    expect(tx.refund_tracker).toHaveLength(1)
  })

  it("R5. the merchant refunded by hand first: the return refunds nothing more", async () => {
    const { orderId, order, paymentId, transactionId } = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    expect((await api.post(`/admin/payments/${paymentId}/refund`, { amount: 69 }, ctx.admin)).status).toBe(200)
    const since = mark()
    await receive(returnId, [{ id: candle.id, quantity: 1 }])
    await decided(since)
    expect(await refundsOf(orderId)).toHaveLength(1)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("69.00")
    const rows = await ledger(`order_id=${orderId}`)
    expect(rows.map((row) => row.source)).toEqual(["admin"])
  })

  it("R6. an exchange for a dearer item refunds nothing", async () => {
    const { orderId, order } = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 1 }])
    const candle = itemOf(order, shipping.variants.candle)
    const { data } = await api.post("/admin/exchanges", { order_id: orderId }, ctx.admin)
    const exchangeId = data.exchange.id as string
    await api.post(
      `/admin/exchanges/${exchangeId}/inbound/items`,
      { location_id: shipping.locationId, items: [{ id: candle.id, quantity: 1 }] },
      ctx.admin
    )
    await api.post(
      `/admin/exchanges/${exchangeId}/outbound/items`,
      { items: [{ variant_id: shipping.variants.perfume, quantity: 1 }] },
      ctx.admin
    )
    const { data: requested } = await api.post(`/admin/exchanges/${exchangeId}/request`, {}, ctx.admin)
    const returnId = (requested.exchange?.return_id ?? requested.return?.id) as string
    const since = mark()
    await receive(returnId, [{ id: candle.id, quantity: 1 }])
    await decided(since)
    expect(await refundsOf(orderId)).toHaveLength(0)
    expect((await readOrder(orderId)).summary.pending_difference).toBeGreaterThan(0)
  })

  it("R7. autoRefundReturns: false leaves the refund to the merchant", async () => {
    const { orderId, order, transactionId } = await shippedOrder(
      [{ variantId: shipping.variants.candle, quantity: 2 }],
      PROVIDERS.card
    )
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    const since = mark()
    await receive(returnId, [{ id: candle.id, quantity: 1 }])
    await decided(since)
    expect(await refundsOf(orderId)).toHaveLength(0)
    expect(halalas((await readOrder(orderId)).summary.pending_difference)).toBe(-6900)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("0.00")
  })

  it("R8. merchant balance too low: failed with the reason, event emitted, retried by the job once topped up, then settled", async () => {
    const failures: RefundFailedData[] = []
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    eventBus.subscribe(REFUND_FAILED_EVENT, async (event) => {
      failures.push(event.data as RefundFailedData)
    })
    const { orderId, order, transactionId, paymentId } = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    await ctx.sandbox.control.post("/merchant/balance", { balance: "10.00" })
    const candle = itemOf(order, shipping.variants.candle)
    const returnId = await requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    await receive(returnId, [{ id: candle.id, quantity: 1 }])

    const [failed] = await waitFor(async () => {
      const rows = await ledger(`order_id=${orderId}&status=failed`)
      return rows.length ? rows : undefined
    })
    expect(failed).toMatchObject({ source: "return", return_id: returnId, will_retry: true, attempts: 1 })
    expect(halalas(failed.amount)).toBe(6900)
    expect(failed.failure_reason).toMatch(/merchant balance .* too low/i)
    await waitFor(async () => failures.find((f) => f.id === failed.id))
    expect(failures.find((f) => f.id === failed.id)).toMatchObject({ order_id: orderId, will_retry: true, amount: "69.00" })
    // The return was received all the same; the order still shows what it owes.
    const { data: ret } = await api.get(`/admin/returns/${returnId}`, ctx.admin)
    expect(ret.return.status).toBe("received")
    expect(halalas((await readOrder(orderId)).summary.pending_difference)).toBe(-6900)

    // Not yet due: the job leaves it alone.
    await retryFailedRefunds(getContainer(), { now: new Date() })
    expect(await refundsOf(orderId)).toHaveLength(0)

    await ctx.sandbox.control.post("/merchant/balance", { balance: "1000.00" })
    await retryFailedRefunds(getContainer(), { now: new Date(Date.now() + 24 * 60 * 60 * 1000) })
    const [refund] = await waitForRefunds(orderId, 1)
    expect(halalas(refund.amount)).toBe(6900)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("69.00")
    const settled = await waitFor(async () => {
      const rows = await ledger(`order_id=${orderId}`)
      return rows.length === 1 && rows[0].status === "settled" ? rows : undefined
    })
    // The retry went out under the key of the first attempt, and its row is the failed one, settled.
    expect(settled[0]).toMatchObject({
      id: failed.id,
      source: "return",
      failure_reason: null,
      will_retry: false,
      idempotency_key: returnRefundKey(paymentId, returnId, orderId).key,
    })
    expect(await ledger(`order_id=${orderId}&status=failed`)).toHaveLength(0)
  })

  it("R9. order cancel while the service answers 5xx: Medusa books the refund, the plugin detects it, retries, and the ledger tells the truth", async () => {
    const { orderId, transactionId, paymentId } = await shippedOrderUnfulfilled()
    await ctx.sandbox.control.post("/faults", { error_rate: 1, error_status: 503, paths: ["/transactions/refund"] })
    expect((await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)).status).toBe(200)
    // Medusa's cancel books the refund in the order although the service refused it (medusa#15306).
    const canceled = await readOrder(orderId)
    expect(halalas(canceled.summary.transaction_total ?? 0)).toBe(0)

    const [failed] = await waitFor(async () => {
      const rows = await ledger(`order_id=${orderId}&status=failed`)
      return rows.length ? rows : undefined
    })
    expect(failed).toMatchObject({ source: "cancel", will_retry: true, idempotency_key: cancelRefundKey(paymentId).key })
    // Medusa's own refund call got a 503: not known to be refused, so nothing is sent until it is resolved.
    expect(failed.failure_reason).toMatch(/being confirmed with the installments service; this one waits for it/)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("0.00")

    await ctx.sandbox.control.delete("/faults")
    // Two minutes on, the service does not list Medusa's attempt: it was never received.
    await resolveRefundIntents(getContainer(), { now: new Date(Date.now() + 3 * 60_000) })
    const retried = await api.post(`/admin/installments/refunds/${failed.id}/retry`, {}, ctx.admin)
    expect(retried.status).toBe(200)
    expect(retried.data.refund).toMatchObject({ id: failed.id, source: "cancel", will_retry: false, failure_reason: null })
    expect(["pending", "settled"]).toContain(retried.data.refund.status)
    const tx = await client().transactions.retrieve(transactionId)
    expect(tx.status).toBe("refunded")
    expect(tx.refund_tracker.map((entry) => entry.idempotency_key)).toEqual([cancelRefundKey(paymentId).key])

    // Retrying again is refused clearly: it did not fail.
    const again = await api.post(`/admin/installments/refunds/${failed.id}/retry`, {}, { ...ctx.admin, validateStatus: () => true })
    expect(again.status).toBe(400)
    expect(again.data.message).toMatch(/only a failed refund can be retried/)
  })

  it("R10. a verified order.disputed is recorded against the order's payment and changes nothing else", async () => {
    const { orderId, transactionId, paymentId } = await shippedOrderUnfulfilled()
    await ctx.sandbox.control.post(`/transactions/${transactionId}/dispute`, { reason: "Item not received" })
    const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const [dispute] = await waitFor(async () => {
      const found = await service.listInstallmentsDisputes({ transaction_id: transactionId })
      return found.length ? found : undefined
    })
    expect(dispute).toMatchObject({
      transaction_id: transactionId,
      payment_id: paymentId,
      order_id: orderId,
      provider_id: "installments",
    })
    expect(dispute.event_id).toMatch(/^evt_/)
    expect(dispute.disputed_at).toBeInstanceOf(Date)
    const order = await readOrder(orderId)
    expect(order.payment_collections[0].payments[0].refunds ?? []).toHaveLength(0)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("0.00")
    // The order card's API shows the dispute on that payment, with when it was reported.
    const { data: card } = await api.get(`/admin/installments/orders/${orderId}`, ctx.admin)
    expect(card.payments).toEqual([
      expect.objectContaining({ payment_id: paymentId, disputed: true, disputed_at: dispute.disputed_at.toISOString() }),
    ])
  })

  it("R11. the refunds API refuses an unknown status and an unknown refund clearly", async () => {
    const bad = await api.get("/admin/installments/refunds?status=done", { ...ctx.admin, validateStatus: () => true })
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/'confirming, pending, settled, failed.*' for field 'status'/)
    const missing = await api.post("/admin/installments/refunds/iref_missing/retry", {}, { ...ctx.admin, validateStatus: () => true })
    expect(missing.status).toBe(404)
  })

  it("R12. claims: a replacement refunds nothing, a refund claim refunds the claimed item once its return is received", async () => {
    const claim = async (orderId: string, type: "replace" | "refund", itemId: string, replacement?: string) => {
      const { data } = await api.post("/admin/claims", { order_id: orderId, type }, ctx.admin)
      const claimId = data.claim.id as string
      await api.post(
        `/admin/claims/${claimId}/inbound/items`,
        { location_id: shipping.locationId, items: [{ id: itemId, quantity: 1 }] },
        ctx.admin
      )
      if (replacement) {
        await api.post(`/admin/claims/${claimId}/outbound/items`, { items: [{ variant_id: replacement, quantity: 1 }] }, ctx.admin)
      }
      const { data: requested } = await api.post(`/admin/claims/${claimId}/request`, {}, ctx.admin)
      return requested.claim.return_id as string
    }

    const replaced = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 1 }])
    const candle = itemOf(replaced.order, shipping.variants.candle)
    const claimReturnId = await claim(replaced.orderId, "replace", candle.id, shipping.variants.candle)
    const since = mark()
    await receive(claimReturnId, [{ id: candle.id, quantity: 1 }])
    await decided(since)
    expect(await refundsOf(replaced.orderId)).toHaveLength(0)
    expect((await client().transactions.retrieve(replaced.transactionId)).refunded_amount).toBe("0.00")

    const refunded = await shippedOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    const claimed = itemOf(refunded.order, shipping.variants.candle)
    const returnId = await claim(refunded.orderId, "refund", claimed.id)
    await receive(returnId, [{ id: claimed.id, quantity: 1 }])
    const [refund] = await waitForRefunds(refunded.orderId, 1)
    expect(halalas(refund.amount)).toBe(6900)
    expect(refund.note).toContain(returnId)
    expect(await owed(refunded.orderId)).toBe(0)
  })

  it("R13. order cancel while the service is down altogether: the job checks the cancel again and sends the refund once it is back", async () => {
    const { orderId, transactionId, paymentId } = await shippedOrderUnfulfilled()
    await ctx.sandbox.control.post("/faults", { error_rate: 1, error_status: 502 })
    const since = mark()
    expect((await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)).status).toBe(200)
    await decided(since, RUNS.cancelRefunds)
    // The check after the cancel could not even read the transaction: nothing to retry yet.
    expect(await ledger(`order_id=${orderId}`)).toHaveLength(0)

    await ctx.sandbox.control.delete("/faults")
    // Medusa's own attempt got only 502s: resolved as never received before the check sends the cancel's refund.
    await resolveRefundIntents(getContainer(), { now: new Date(Date.now() + 3 * 60_000) })
    await checkCanceledOrderRefunds(getContainer())
    const tx = await client().transactions.retrieve(transactionId)
    expect(tx).toMatchObject({ status: "refunded", refunded_amount: "143.75" })
    expect(tx.refund_tracker.map((entry) => entry.idempotency_key)).toEqual([cancelRefundKey(paymentId).key])
    const rows = await ledger(`order_id=${orderId}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ source: "cancel", payment_id: paymentId, idempotency_key: cancelRefundKey(paymentId).key })

    // Checked again on the next run: nothing more is sent.
    await checkCanceledOrderRefunds(getContainer())
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)
  })

  it("R14. order cancel while the service answers 503 to refunds: after the retry job, Medusa's payment shows exactly the refund the service made, once", async () => {
    const { orderId, transactionId, paymentId } = await shippedOrderUnfulfilled()
    await ctx.sandbox.control.post("/faults", { error_rate: 1, error_status: 503, paths: ["/transactions/refund"] })
    expect((await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)).status).toBe(200)
    const [failed] = await waitFor(async () => {
      const rows = await ledger(`order_id=${orderId}&status=failed`)
      return rows.length ? rows : undefined
    })
    expect(failed).toMatchObject({ source: "cancel", will_retry: true })
    // Medusa deleted its own refund when the provider's was refused: the payment shows none yet.
    expect(await refundsOf(orderId)).toHaveLength(0)

    await ctx.sandbox.control.delete("/faults")
    await resolveRefundIntents(getContainer(), { now: new Date(Date.now() + 3 * 60_000) })
    await retryFailedRefunds(getContainer(), { now: new Date(Date.now() + 24 * 60 * 60 * 1000) })
    const tx = await client().transactions.retrieve(transactionId)
    expect(tx).toMatchObject({ status: "refunded", refunded_amount: "143.75" })
    const refunds = await refundsOf(orderId)
    expect(refunds.map((refund) => halalas(refund.amount))).toEqual([14375])
    const payments = getContainer().resolve(Modules.PAYMENT)
    const payment = await payments.retrievePayment(paymentId, { relations: ["payment_collection"] })
    expect(halalas(Number(payment.payment_collection!.refunded_amount))).toBe(14375)

    // Every later run of the refund jobs finds nothing more to send or record.
    await retryFailedRefunds(getContainer(), { now: new Date(Date.now() + 48 * 60 * 60 * 1000) })
    await checkCanceledOrderRefunds(getContainer())
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)
    expect((await refundsOf(orderId)).map((refund) => halalas(refund.amount))).toEqual([14375])
    expect(await ledger(`order_id=${orderId}&status=failed`)).toHaveLength(0)
  })

  /** A paid order, not yet fulfilled (so it can still be canceled). */
  const shippedOrderUnfulfilled = () => paidOrder([{ variantId: shipping.variants.perfume, quantity: 1 }])
}
