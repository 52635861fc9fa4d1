import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runSweeps } from "../helpers/sweeps"
import { InstallmentsClient } from "../../src/lib/client"
import { signedDeliveryHeaders } from "../../src/lib/webhooks"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../../src/workflows/refund-canceled-order-payment"
import { PAID_LINK_GRACE_MS } from "../../src/installments/links/transactions"
import { canceledOrderRefundKey } from "../../src/installments/refunds/keys"
import type { SuiteContext } from "../helpers/context"
import { CARDS, payLink, PUBLIC_KEY, SECRET_KEY, waitFor, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"

type Amount = { id: string; amount: number }
type Payment = { id: string; data: Record<string, unknown>; captures: Amount[]; refunds: Amount[] }
type OrderTransaction = { amount: number; reference: string; reference_id: string }

const ELEVEN_MINUTES = 11 * 60_000

/**
 * Issue 4, scenario 6 continued: the link of an order canceled after a bank rejection stays payable
 * (the service cannot cancel a link), and a customer who pays it anyway is refunded in full, once.
 */
export function canceledOrderPaymentScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  let store: ReturnType<typeof storefront>

  beforeEach(() => {
    store = storefront(api, ctx.seed)
  })

  const client = () =>
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })

  async function order(orderId: string) {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,status,*transactions,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
      ctx.admin
    )
    const payments = (data.order.payment_collections as { payments: Payment[] }[]).flatMap((pc) => pc.payments)
    return { status: data.order.status as string, payments, transactions: data.order.transactions as OrderTransaction[] }
  }

  async function ordersOfCart(cartId: string): Promise<string[]> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    return data.map((row: { order_id: string }) => row.order_id)
  }

  async function ledger(transactionId: string) {
    const { data } = await api.get(`/admin/installments/refunds?transaction_id=${transactionId}`, ctx.admin)
    return data.refunds as { idempotency_key: string | null; amount: number; payment_id: string | null; source: string | null }[]
  }

  const hook = (body: string, headers: Record<string, string>) =>
    api.post("/hooks/payment/installments_installments", body, {
      headers: { "content-type": "application/json", ...headers },
      validateStatus: () => true,
      transformRequest: [(data: unknown) => data],
    })

  /** A cart paid during a bank review, its order placed, then the bank rejects: the plugin cancels the order. */
  async function orderCanceledAfterBankRejection() {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const review = await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiBankReview,
      payment_option: "Installment",
      months: 6,
    })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const orderId = completed.data.order.id as string
    await webhooksIdle(ctx.sandbox)
    const mark = busMark(getContainer())
    await ctx.sandbox.control.post(`/transactions/${review.transaction_id}/review`, { decision: "reject" })
    await waitFor(async () => (await order(orderId)).status === "canceled")
    await webhooksIdle(ctx.sandbox)
    // The rejection's deliveries were handled to their end: what they leave is what is looked at.
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    expect((await order(orderId)).payments).toHaveLength(0)
    return { cartId: cart.id as string, sessionId: session.id as string, linkId: session.data.payment_link_id as string, orderId }
  }

  it("6d. order canceled after a bank rejection, then the customer pays the same link with another card: refunded in full once, recorded on the order", async () => {
    const since = new Date(Date.now() - 1000)
    const { cartId, linkId, orderId } = await orderCanceledAfterBankRejection()

    // The link is still payable: the customer pays it in full with a mada card. Medusa processes the
    // order.success delivery ~5 s later and captures the payment on the canceled order; the plugin
    // then refunds it through Medusa.
    const paid = await payLink(ctx.sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    // Done once the order records the refund (the payment's refund is recorded a step earlier).
    const refunded = await waitFor(async () => {
      const { payments, transactions } = await order(orderId)
      return payments[0]?.refunds?.length && transactions.some((t) => t.reference === "refund") ? payments[0] : undefined
    }, 40_000)
    expect(refunded.data).toMatchObject({ transaction_id: paid.transaction_id })
    expect(refunded.captures.map((c) => c.amount)).toEqual([1500])
    expect(refunded.refunds.map((r) => r.amount)).toEqual([1500])
    const refundId = refunded.refunds[0].id

    const canceled = await order(orderId)
    expect(canceled.status).toBe("canceled")
    expect(canceled.transactions.map((t) => [t.reference, t.amount]).sort()).toEqual([
      ["capture", 1500],
      ["refund", -1500],
    ])
    expect(canceled.transactions.find((t) => t.reference === "refund")?.reference_id).toBe(refundId)

    // The service refunded the full amount once, under the key of its cause (written to the ledger
    // before Medusa's refund ran; Medusa's refund id is not kept if the call fails).
    const transaction = await client().transactions.retrieve(paid.transaction_id)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "1500.00" })
    expect(transaction.refund_tracker.map((r) => [r.amount, r.idempotency_key])).toEqual([
      ["1500.00", canceledOrderRefundKey(paid.transaction_id).key],
    ])
    const entries = await waitFor(async () => {
      const rows = await ledger(paid.transaction_id)
      return rows.some((row) => row.payment_id && row.source === "canceled-order") ? rows : undefined
    })
    expect(entries).toEqual([
      expect.objectContaining({
        idempotency_key: canceledOrderRefundKey(paid.transaction_id).key,
        medusa_refund_id: refundId,
        amount: 1500,
        payment_id: refunded.id,
        source: "canceled-order",
        order_id: orderId,
      }),
    ])

    // The same delivery replayed (deduplicated), the same event under a new delivery id (processed
    // again by Medusa and the plugin), and two sweeps of the job, one past the grace period.
    await webhooksIdle(ctx.sandbox)
    const { data } = await ctx.sandbox.control.get("/events", { params: { event: "order.success" } })
    const genuine = (data.events as { id: string; event: string; created_at: string; data: Record<string, unknown> }[]).find(
      (event) => event.data.payment_link_id === linkId
    )!
    expect(genuine).toBeDefined()
    const registration = ctx.sandbox.core.ctx.store.state.webhooks[0]
    const sign = (payload: string) =>
      signedDeliveryHeaders({ payload, privateKey: registration.private_key, keyPrefix: registration.prefix })
    const body = JSON.stringify({ id: genuine.id, event: genuine.event, created_at: genuine.created_at, data: genuine.data })
    const mark = busMark(getContainer())
    const replay = await hook(body, sign(body))
    expect(replay.status).toBe(200)
    expect(replay.data).toMatchObject({ duplicate: true })
    const fresh = JSON.stringify({ ...JSON.parse(body), id: `evt_${randomUUID()}` })
    const again = await hook(fresh, sign(fresh))
    expect(again.status).toBe(200)
    expect((again.data as { duplicate?: boolean }).duplicate).toBeUndefined()
    // The new delivery id was checked and handled to its end before the sweeps and the count.
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    await runSweeps(getContainer(), { since, orphanGraceMs: 0 })
    await runSweeps(getContainer(), { since, now: new Date(Date.now() + ELEVEN_MINUTES) })

    const after = await order(orderId)
    expect(after.status).toBe("canceled")
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0].captures.map((c) => c.amount)).toEqual([1500])
    expect(after.payments[0].refunds.map((r) => r.id)).toEqual([refundId])
    expect(after.transactions.filter((t) => t.reference === "refund")).toHaveLength(1)
    const settled = await client().transactions.retrieve(paid.transaction_id)
    expect(settled.refunded_amount).toBe("1500.00")
    expect(settled.refund_tracker).toHaveLength(1)
    expect(await ledger(paid.transaction_id)).toHaveLength(1)
    expect(await ordersOfCart(cartId)).toEqual([orderId])
  })

  it("6e. paid after the cancel while every webhook is lost and Medusa records nothing: refunded directly once, keyed canceled-order-<transaction id>", async () => {
    const since = new Date(Date.now() - 1000)
    const { sessionId, linkId, orderId } = await orderCanceledAfterBankRejection()
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 50 })
    let transactionId = ""
    try {
      transactionId = (await payLink(ctx.sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })).transaction_id
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    expect((await order(orderId)).payments).toHaveLength(0)
    const run = (input: { now?: number; grace_ms?: number }) =>
      refundInstallmentsCanceledOrderPaymentWorkflow(getContainer()).run({
        input: { session_id: sessionId, payment_link_id: linkId, ...input },
      })

    // Paid just now: Medusa may still be recording it, so nothing is refunded within the grace period.
    const early = await run({ grace_ms: PAID_LINK_GRACE_MS })
    expect(early.result).toMatchObject({ refund: false, reason: expect.stringMatching(/too recently/) })
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(0)

    // Past the grace period Medusa still records no payment (as when its processing failed): refunded
    // directly with the service.
    const later = Date.now() + ELEVEN_MINUTES
    const { result } = await run({ now: later })
    expect(result).toMatchObject({
      refund: true,
      via: "service",
      amount: "1500.00",
      order_id: orderId,
      transaction_id: transactionId,
      idempotency_key: canceledOrderRefundKey(transactionId).key,
    })
    const transaction = await client().transactions.retrieve(transactionId)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "1500.00" })
    expect(transaction.refund_tracker.map((r) => [r.amount, r.idempotency_key])).toEqual([
      ["1500.00", canceledOrderRefundKey(transactionId).key],
    ])
    expect(await ledger(transactionId)).toEqual([
      expect.objectContaining({ idempotency_key: canceledOrderRefundKey(transactionId).key, amount: 1500, payment_id: null }),
    ])

    // Running again and sweeping refund nothing more, and the sweep does not record the refunded
    // payment on the canceled order either.
    expect((await run({ now: later })).result).toMatchObject({ refund: false, already_refunded: true })
    await runSweeps(getContainer(), { since, now: new Date(later) })
    await runSweeps(getContainer(), { since, orphanGraceMs: 0 })
    const settled = await client().transactions.retrieve(transactionId)
    expect(settled.refund_tracker).toHaveLength(1)
    expect(await ledger(transactionId)).toHaveLength(1)
    const after = await order(orderId)
    expect(after.status).toBe("canceled")
    expect(after.payments).toHaveLength(0)
  })

  it("6f. paid after the cancel while every webhook is lost: the reconciliation job records it and refunds it through Medusa, once", async () => {
    const since = new Date(Date.now() - 1000)
    const { linkId, orderId } = await orderCanceledAfterBankRejection()
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 50 })
    let transactionId = ""
    try {
      transactionId = (await payLink(ctx.sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })).transaction_id
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    expect((await order(orderId)).payments).toHaveLength(0)

    // The sweep settles the session as its lost webhook would have (Medusa captures the payment on
    // the canceled order), then refunds it through Medusa without waiting for the grace period.
    await runSweeps(getContainer(), { since })
    const recorded = await order(orderId)
    const [payment] = recorded.payments
    expect(payment.captures.map((c) => c.amount)).toEqual([1500])
    expect(payment.refunds.map((r) => r.amount)).toEqual([1500])
    expect(recorded.transactions.filter((t) => t.reference === "refund").map((t) => [t.reference_id, t.amount])).toEqual([
      [payment.refunds[0].id, -1500],
    ])
    const transaction = await client().transactions.retrieve(transactionId)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "1500.00" })
    expect(transaction.refund_tracker.map((r) => r.idempotency_key)).toEqual([canceledOrderRefundKey(transactionId).key])

    await runSweeps(getContainer(), { since, now: new Date(Date.now() + ELEVEN_MINUTES) })
    const after = await order(orderId)
    expect(after.status).toBe("canceled")
    expect(after.payments[0].refunds).toHaveLength(1)
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)
  })
}
