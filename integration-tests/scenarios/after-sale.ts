import { Modules } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../src/lib/client"
import type { SuiteContext } from "../helpers/context"
import { CARDS, payLink, PUBLIC_KEY, SECRET_KEY, waitFor } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { settleWebhooks } from "../helpers/settle"

/** Scenarios of issue 4 run against one booted Medusa (see installments.spec.ts). */
export function afterSaleScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx

  const ledger = async (transactionId: string) =>
    (await api.get(`/admin/installments/refunds?transaction_id=${transactionId}`, ctx.admin)).data.refunds as {
      amount: number
      status: string
      rrn: string | null
      idempotency_key: string
    }[]

  const client = () =>
    new InstallmentsClient({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, baseUrl: process.env.INSTALLMENTS_BASE_URL!, maxRetries: 0 })

  /** A paid order of `quantity` x 50.00 SAR, and its one payment. */
  async function paidOrder(quantity: number) {
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(quantity)
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const orderId = completed.data.order.id as string
    const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections.payments`, ctx.admin)
    const payment = data.order.payment_collections[0].payments[0]
    return { orderId, paymentId: payment.id as string, transactionId: paid.transaction_id }
  }

  const refund = (paymentId: string, amount: number) =>
    api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...ctx.admin, validateStatus: () => true })

  it("7. partial refund, a second within the hour (pending), then the rest; over-refunds refused clearly", async () => {
    const { paymentId, transactionId } = await paidOrder(30) // 1500.00
    expect((await refund(paymentId, 400.25)).status).toBe(200)
    const first = await client().transactions.retrieve(transactionId)
    expect(first).toMatchObject({ status: "partially refunded", refunded_amount: "400.25" })
    expect(first.refund_tracker.map((r) => r.amount)).toEqual(["400.25"])
    await waitFor(async () => (await client().transactions.retrieve(transactionId)).refund_tracker[0].status === "R")

    expect((await refund(paymentId, 99.75)).status).toBe(200)
    const second = await client().transactions.retrieve(transactionId)
    expect(second.refunded_amount).toBe("500.00")
    expect(second.refund_tracker.map((r) => [r.amount, r.status])).toEqual([
      ["400.25", "R"],
      ["99.75", "P"],
    ])
    expect(second.refund_tracker[1].rrn).toBeNull()

    // Medusa itself blocks refunding more than was captured.
    const over = await refund(paymentId, 1000.01)
    expect(over.status).toBe(400)
    expect(over.data.message).toMatch(/refund/i)

    expect((await refund(paymentId, 1000)).status).toBe(200)
    const full = await client().transactions.retrieve(transactionId)
    expect(full).toMatchObject({ status: "refunded", refunded_amount: "1500.00", is_refundable: false })
    expect(full.refund_tracker).toHaveLength(3)
    const keys = full.refund_tracker.map((r) => r.idempotency_key)
    expect(new Set(keys).size).toBe(3)
    expect(keys.every((key) => key?.startsWith("ref_"))).toBe(true)

    // The plugin's ledger follows the service through its order.updated webhooks.
    await ctx.sandbox.control.post("/refunds/settle", { transaction_id: transactionId })
    const settled = await waitFor(async () => {
      const entries = await ledger(transactionId)
      return entries.length === 3 && entries.every((entry) => entry.status === "R") ? entries : undefined
    })
    expect(settled.map((entry) => entry.amount)).toEqual([400.25, 99.75, 1000])
    expect(settled.every((entry) => typeof entry.rrn === "string" && entry.rrn.length > 0)).toBe(true)
  })

  it("7b. a refund the service refuses reaches the admin as an actionable message", async () => {
    const { paymentId, transactionId } = await paidOrder(10) // 500.00
    // Refunded outside Medusa (e.g. in the service's dashboard): Medusa still believes 500.00 is refundable.
    await client().transactions.refund(transactionId, { refund_amount: "200.00" }, { idempotencyKey: "dashboard-1" })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const refused = await refund(paymentId, 500)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/at most 300\.00 SAR can still be refunded/)
    expect(refused.data.message).toMatch(/remaining refundable balance/)
    expect(refused.data.message).not.toContain(SECRET_KEY)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("200.00")
  })

  it("8. order cancel refunds once; cancelPayment never refunds", async () => {
    const { orderId, transactionId } = await paidOrder(10) // 500.00
    const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)
    expect(canceled.status).toBe(200)
    const tx = await waitFor(async () => {
      const read = await client().transactions.retrieve(transactionId)
      return read.refund_tracker.length ? read : undefined
    })
    expect(tx).toMatchObject({ status: "refunded", refunded_amount: "500.00" })
    expect(tx.refund_tracker).toHaveLength(1)
    // A second cancel attempt must not refund again.
    await api.post(`/admin/orders/${orderId}/cancel`, {}, { ...ctx.admin, validateStatus: () => true })
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)

    const other = await paidOrder(4) // 200.00
    // Let the paid order's own webhooks finish first: a capture on a canceled payment would fail.
    await settleWebhooks(ctx.sandbox)
    const paymentModule = getContainer().resolve(Modules.PAYMENT)
    await paymentModule.cancelPayment(other.paymentId)
    const untouched = await client().transactions.retrieve(other.transactionId)
    expect(untouched).toMatchObject({ status: "success", refunded_amount: "0.00" })
    expect(untouched.refund_tracker).toHaveLength(0)
  })
}
