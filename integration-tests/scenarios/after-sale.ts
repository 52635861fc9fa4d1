import { Modules } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../src/lib/client"
import { medusaRefundKey } from "../../src/installments/refunds/keys"
import { runSweeps } from "../helpers/sweeps"
import { InstallmentsProviderService } from "../../src/providers/installments"
import type { SuiteContext } from "../helpers/context"
import { CARDS, payLink, PUBLIC_KEY, SECRET_KEY, STORE_ID, waitFor, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import { settleWebhooks } from "../helpers/settle"

/** Scenarios of issue 4 run against one booted Medusa (see helpers/store-suite.ts). */
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
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })

  /** A paid order of `quantity` x 50.00 SAR (or of another variant), and its one payment. */
  async function paidOrder(quantity: number, extra: Parameters<ReturnType<typeof storefront>["createCart"]>[1] = {}) {
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(quantity, extra)
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const orderId = completed.data.order.id as string
    const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections.payments`, ctx.admin)
    const payment = data.order.payment_collections[0].payments[0]
    return { orderId, paymentId: payment.id as string, transactionId: paid.transaction_id, order: completed.data.order }
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

    // Medusa itself blocks refunding more than was captured. (It tolerates one halala over, which the
    // provider absorbs when it is only rounding, so the over-refund here is well past that.)
    const over = await refund(paymentId, 1000.5)
    expect(over.status).toBe(400)
    expect(over.data.message).toMatch(/refund/i)

    expect((await refund(paymentId, 1000)).status).toBe(200)
    const full = await client().transactions.retrieve(transactionId)
    expect(full).toMatchObject({ status: "refunded", refunded_amount: "1500.00", is_refundable: false })
    expect(full.refund_tracker).toHaveLength(3)
    const keys = full.refund_tracker.map((r) => r.idempotency_key)
    expect(new Set(keys).size).toBe(3)
    // Each is sent under the name-based UUID of Medusa's refund id: the shape the interface types (D53).
    expect(keys.every((key) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key ?? ""))).toBe(true)

    // The plugin's ledger follows the service through its order.updated webhooks.
    await ctx.sandbox.control.post("/refunds/settle", { transaction_id: transactionId })
    const settled = await waitFor(async () => {
      const entries = await ledger(transactionId)
      return entries.length === 3 && entries.every((entry) => entry.status === "settled") ? entries : undefined
    })
    expect(settled.map((entry) => entry.amount)).toEqual([400.25, 99.75, 1000])
    expect(settled.every((entry) => typeof entry.rrn === "string" && entry.rrn.length > 0)).toBe(true)
  })

  it("7b. a refund the service refuses reaches the admin as an actionable message", async () => {
    const { paymentId, transactionId } = await paidOrder(10) // 500.00
    // Refunded outside Medusa (e.g. in the service's dashboard): Medusa still believes 500.00 is refundable.
    const mark = busMark(getContainer())
    await client().transactions.refund(
      transactionId,
      { refund_amount: "200.00" },
      { idempotencyKey: "d0a5b0a2-0000-4000-8000-000000000001" }
    )
    // The refund's order.updated delivery was handled to its end before Medusa is asked for more.
    await webhooksIdle(ctx.sandbox)
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    const refused = await refund(paymentId, 500)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/At most 300\.00 SAR can still be refunded/)
    expect(refused.data.message).toMatch(/\(service code exceeds_balance, reference INS-[0-9A-F]{8}\)$/)
    expect(refused.data.message).toMatch(/remaining refundable balance/)
    expect(refused.data.message).not.toContain(SECRET_KEY)
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("200.00")
  })

  it("8. order cancel refunds once; cancelPayment never refunds", async () => {
    const since = new Date(Date.now() - 1000)
    const { orderId, transactionId } = await paidOrder(10) // 500.00
    const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)
    expect(canceled.status).toBe(200)
    const tx = await waitFor(async () => {
      const read = await client().transactions.retrieve(transactionId)
      return read.refund_tracker.length ? read : undefined
    })
    expect(tx).toMatchObject({ status: "refunded", refunded_amount: "500.00" })
    expect(tx.refund_tracker).toHaveLength(1)

    // A second cancel is refused by Medusa, and sends no refund.
    const again = await api.post(`/admin/orders/${orderId}/cancel`, {}, { ...ctx.admin, validateStatus: () => true })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.data.message).toMatch(/cancel/i)
    // Medusa retrying its refund (same refund id) reaches the service once: the key is Medusa's refund id.
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.refunds`,
      ctx.admin
    )
    const [payment] = data.order.payment_collections[0].payments
    expect(payment.refunds).toHaveLength(1)
    const [medusaRefund] = payment.refunds
    expect(tx.refund_tracker[0].idempotency_key).toBe(medusaRefundKey(medusaRefund.id).key)
    const provider = new InstallmentsProviderService(
      { logger: { info: () => undefined, warn: () => undefined, error: () => undefined } as never },
      {
        secretKey: SECRET_KEY,
        publicKey: PUBLIC_KEY,
        storeId: STORE_ID,
        baseUrl: process.env.INSTALLMENTS_BASE_URL!,
        callbackUrl: "http://localhost:8000/checkout/return?session_id={session_id}",
        maxRetries: 0,
      }
    )
    await provider.refundPayment({
      amount: medusaRefund.amount,
      data: payment.data,
      context: { idempotency_key: medusaRefund.id },
    } as never)
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)

    const other = await paidOrder(4) // 200.00
    // Let the paid order's own webhooks finish first: a capture on a canceled payment would fail.
    await settleWebhooks(ctx.sandbox, ctx.getContainer())
    const paymentModule = getContainer().resolve(Modules.PAYMENT)
    await paymentModule.cancelPayment(other.paymentId)
    const untouched = await client().transactions.retrieve(other.transactionId)
    expect(untouched).toMatchObject({ status: "success", refunded_amount: "0.00" })
    expect(untouched.refund_tracker).toHaveLength(0)

    // The orphan sweep, past every grace period, never refunds a payment an order records.
    await runSweeps(getContainer(), { since, orphanGraceMs: 0 })
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toHaveLength(1)
    expect((await client().transactions.retrieve(other.transactionId)).refund_tracker).toHaveLength(0)
  })

  // Last: it depends on the provider rounding a total finer than a halala (33.33 + 15% VAT = 38.3295).
  it("12. a 15% VAT region: a total with more than 2 decimals checks out, and a full cancel refunds it", async () => {
    await api.post(
      "/admin/tax-regions",
      { country_code: "sa", provider_id: "tp_system", default_tax_rate: { rate: 15, code: "VAT", name: "VAT 15%" } },
      ctx.admin
    )
    const { data: product } = await api.post(
      "/admin/products",
      {
        title: "Bakhoor",
        status: "published",
        options: [{ title: "Size", values: ["One"] }],
        variants: [
          { title: "One", options: { Size: "One" }, manage_inventory: false, prices: [{ currency_code: "sar", amount: 33.33 }] },
        ],
        sales_channels: [{ id: ctx.seed.salesChannelId }],
      },
      ctx.admin
    )
    const variantId = product.product.variants[0].id as string
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(1, { variantId, shipping_address: { country_code: "sa", city: "Riyadh" } })
    expect(cart.total).toBeCloseTo(38.3295, 4)
    expect(cart.tax_total).toBeCloseTo(4.9995, 4)

    const { orderId, transactionId, order } = await paidOrder(1, {
      variantId,
      shipping_address: { country_code: "sa", city: "Riyadh" },
    })
    expect(order.total).toBeCloseTo(38.3295, 4)
    const paid = await client().transactions.retrieve(transactionId)
    expect(paid).toMatchObject({ status: "success", amount: "38.33" })
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.captures`,
      ctx.admin
    )
    const [payment] = data.order.payment_collections[0].payments
    expect(payment.captures).toHaveLength(1)

    const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)
    expect(canceled.status).toBe(200)
    const refunded = await waitFor(async () => {
      const read = await client().transactions.retrieve(transactionId)
      return read.refund_tracker.length ? read : undefined
    })
    expect(refunded).toMatchObject({ status: "refunded", refunded_amount: "38.33", is_refundable: false })
    expect(refunded.refund_tracker.map((r) => r.amount)).toEqual(["38.33"])
    const { data: after } = await api.get(
      `/admin/orders/${orderId}?fields=id,status,*payment_collections.payments,*payment_collections.payments.refunds`,
      ctx.admin
    )
    expect(after.order.status).toBe("canceled")
    expect(after.order.payment_collections[0].payments[0].refunds).toHaveLength(1)
  })
}
