import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { ORDER_PAYMENT_COLLECTED_EVENT, type OrderPaymentCollectedData } from "../../src/modules/installments/events"
import type { SuiteContext } from "../helpers/context"
import { installmentOrder } from "../helpers/orders"
import { returnFlow } from "../helpers/returns"
import { setUpShipping } from "../helpers/shipping"
import { CARDS, payLink, sandboxClient, waitFor, webhooksIdle } from "../helpers/sandbox"
import { settleWebhooks } from "../helpers/settle"
import { runSweeps } from "../helpers/sweeps"

type Capture = { id: string; amount: number }
type Payment = { id: string; amount: number; captures: Capture[]; refunds: { amount: number }[] }
type Collection = { id: string; status: string; amount: number; payments: Payment[] }
type OrderTransaction = { amount: number; reference: string; reference_id: string }

const halalas = (amount: number) => Math.round(amount * 100)

/**
 * Issue 24: what an order still owes after an order edit is collected with a payment link of the
 * plugin, a payment session on Medusa's own payment collection for the debt, paid once whichever
 * of the webhook and the sweep records it.
 */
export function orderPaymentLinkScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const collected: OrderPaymentCollectedData[] = []

  beforeAll(() => {
    getContainer()
      .resolve(Modules.EVENT_BUS)
      .subscribe(ORDER_PAYMENT_COLLECTED_EVENT, async (event) => {
        collected.push(event.data as OrderPaymentCollectedData)
      })
  })

  async function readOrder(orderId: string) {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,status,summary,*transactions,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
      ctx.admin
    )
    return data.order as {
      summary: { pending_difference: number }
      transactions: OrderTransaction[]
      payment_collections: Collection[]
    }
  }

  /** An admin call that must succeed; a refusal fails the test with Medusa's message. */
  async function adminPost(path: string, body: Record<string, unknown>) {
    const response = await api.post(path, body, { ...ctx.admin, validateStatus: () => true })
    if (response.status >= 300) {
      throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(response.data)}`)
    }
    return response.data
  }

  /** An order edit adding `quantity` of the seeded 50.00 SAR variant, requested and confirmed. */
  async function addItems(orderId: string, quantity: number) {
    await adminPost("/admin/order-edits", { order_id: orderId })
    await adminPost(`/admin/order-edits/${orderId}/items`, { items: [{ variant_id: ctx.seed.variantId, quantity }] })
    await adminPost(`/admin/order-edits/${orderId}/request`, {})
    await adminPost(`/admin/order-edits/${orderId}/confirm`, {})
  }

  const requestLink = (orderId: string, body: Record<string, unknown> = {}) =>
    api.post(
      `/admin/installments/orders/${orderId}/payment-link`,
      { provider_id: "installments", ...body },
      {
        ...ctx.admin,
        validateStatus: () => true,
      }
    )

  const sessionStatus = async (sessionId: string) => {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "payment_session", fields: ["id", "status"], filters: { id: sessionId } })
    return (data[0] as { status: string } | undefined)?.status
  }

  it("O1. an order edit adds an item: the link for the difference, paid by webhook, is captured once and the order owes nothing", async () => {
    const { orderId } = await installmentOrder(ctx, 8) // 400.00 SAR, paid
    await addItems(orderId, 2)
    expect(halalas((await readOrder(orderId)).summary.pending_difference)).toBe(10000)

    const first = await requestLink(orderId, { checkout: "card" })
    expect(first.status).toBe(201)
    const link = first.data.payment_link
    expect(link).toMatchObject({ amount: "100.00", currency_code: "sar", provider_id: "pp_installments_installments", reused: false })
    expect(link.url).toMatch(/^https?:\/\//)
    expect(Date.parse(link.expires_at)).toBeGreaterThan(Date.now())
    expect(first.data.qr.png_data_url).toMatch(/^data:image\/png;base64,/)
    expect(first.data.qr.svg).toContain("<svg")
    // The service holds a link for exactly what is owed, card only, naming the order.
    const atService = await sandboxClient().paymentLinks.retrieve(link.id)
    expect(atService.payment_link).toMatchObject({ amount: "100.00", status: "Unpaid" })
    expect(atService.payment_link.metadata).toMatchObject({ session_id: link.payment_session_id, medusa_order_id: orderId })

    // A second request while it is open answers the same link: one debt, one open link.
    const second = await requestLink(orderId)
    expect(second.status).toBe(200)
    expect(second.data.payment_link).toMatchObject({ id: link.id, payment_session_id: link.payment_session_id, reused: true })

    await payLink(ctx.sandbox, link.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    await waitFor(async () => halalas((await readOrder(orderId)).summary.pending_difference) === 0)
    await settleWebhooks(ctx.sandbox, ctx.getContainer())

    const order = await readOrder(orderId)
    const debt = order.payment_collections.find((collection) => collection.id === link.payment_collection_id)!
    expect(debt.payments).toHaveLength(1)
    expect(debt.payments[0].captures.map((capture) => halalas(capture.amount))).toEqual([10000])
    const captures = order.transactions.filter((transaction) => transaction.reference === "capture")
    expect(captures.map((transaction) => halalas(transaction.amount)).sort((a, b) => a - b)).toEqual([10000, 40000])
    expect(await sessionStatus(link.payment_session_id)).toBe("authorized")
    await waitFor(async () => collected.some((event) => event.order_id === orderId))
    expect(collected.filter((event) => event.order_id === orderId)).toEqual([
      expect.objectContaining({
        payment_link_id: link.id,
        session_id: link.payment_session_id,
        amount: "100.00",
        payment_id: debt.payments[0].id,
      }),
    ])

    // Paid: nothing more to collect.
    const after = await requestLink(orderId)
    expect(after.status).toBe(400)
    expect(after.data.message).toMatch(/owes nothing/)
  })

  it("O2. an edit changes the amount while a link is open: a new link for the new amount; the old one paid is refunded, never recorded", async () => {
    const { orderId } = await installmentOrder(ctx, 8)
    await addItems(orderId, 1)
    const old = (await requestLink(orderId)).data.payment_link
    expect(old.amount).toBe("50.00")
    await addItems(orderId, 1)

    const renewed = await requestLink(orderId)
    expect(renewed.status).toBe(201)
    const current = renewed.data.payment_link
    expect(current).toMatchObject({ amount: "100.00", payment_collection_id: old.payment_collection_id, reused: false })
    expect(current.id).not.toBe(old.id)
    expect(await sessionStatus(old.payment_session_id)).toBeUndefined()

    // The customer pays the old link anyway: no session holds it, so the orphan path refunds it in full.
    const paid = await payLink(ctx.sandbox, old.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    await waitFor(async () => (await sandboxClient().transactions.retrieve(paid.transaction_id)).refunded_amount === "50.00")
    await settleWebhooks(ctx.sandbox, ctx.getContainer())
    const unpaid = await readOrder(orderId)
    expect(halalas(unpaid.summary.pending_difference)).toBe(10000)
    expect(unpaid.payment_collections.find((collection) => collection.id === current.payment_collection_id)!.payments).toHaveLength(0)

    // The new link settles the order.
    await payLink(ctx.sandbox, current.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    await waitFor(async () => halalas((await readOrder(orderId)).summary.pending_difference) === 0)
  })

  it("O3. every webhook lost: the reconciliation sweep records the order's payment once", async () => {
    const { orderId } = await installmentOrder(ctx, 8)
    await addItems(orderId, 2)
    const link = (await requestLink(orderId)).data.payment_link
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 20 })
    try {
      await payLink(ctx.sandbox, link.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    expect(halalas((await readOrder(orderId)).summary.pending_difference)).toBe(10000)
    await runSweeps(getContainer())
    await runSweeps(getContainer())
    const order = await readOrder(orderId)
    expect(halalas(order.summary.pending_difference)).toBe(0)
    const debt = order.payment_collections.find((collection) => collection.id === link.payment_collection_id)!
    expect(debt.payments.flatMap((payment) => payment.captures).map((capture) => halalas(capture.amount))).toEqual([10000])
    await waitFor(async () => collected.some((event) => event.order_id === orderId))
    expect(collected.filter((event) => event.order_id === orderId)).toHaveLength(1)
  })

  it("O6. the link expires unpaid: the sweep closes its session, the order still owes, and a new link is made", async () => {
    const { orderId } = await installmentOrder(ctx, 8)
    await addItems(orderId, 2)
    const expired = (await requestLink(orderId)).data.payment_link
    await ctx.sandbox.control.post(`/payment-links/${expired.id}/expire`)
    await runSweeps(getContainer())
    expect(await sessionStatus(expired.payment_session_id)).toBe("canceled")
    expect(halalas((await readOrder(orderId)).summary.pending_difference)).toBe(10000)

    const renewed = await requestLink(orderId)
    expect(renewed.status).toBe(201)
    expect(renewed.data.payment_link).toMatchObject({ amount: "100.00", reused: false })
    expect(renewed.data.payment_link.id).not.toBe(expired.id)
  })

  it("O5. an exchange for a dearer item: the link for the difference, paid, captures exactly the difference once", async () => {
    const { data: created } = await api.post(
      "/admin/products",
      {
        title: "Oud perfume (large)",
        status: "published",
        options: [{ title: "Size", values: ["100ml"] }],
        variants: [
          { title: "100ml", options: { Size: "100ml" }, manage_inventory: false, prices: [{ currency_code: "sar", amount: 150 }] },
        ],
        sales_channels: [{ id: ctx.seed.salesChannelId }],
      },
      ctx.admin
    )
    const dearer = created.product.variants[0].id as string
    // A return needs a fulfilled item: a shipped order of one perfume (100.00 + 15% VAT + 25.00 shipping).
    const shipping = await setUpShipping(api, ctx.admin, ctx.seed)
    const { orderId, order: placed } = await returnFlow(ctx, () => shipping).shippedOrder([
      { variantId: shipping.variants.perfume, quantity: 1 },
    ])
    const flow = returnFlow(ctx, () => shipping)
    const begun = await adminPost("/admin/exchanges", { order_id: orderId })
    const exchangeId = begun.exchange.id as string
    await adminPost(`/admin/exchanges/${exchangeId}/inbound/items`, { items: [{ id: placed.items[0].id, quantity: 1 }] })
    await adminPost(`/admin/exchanges/${exchangeId}/outbound/items`, { items: [{ variant_id: dearer, quantity: 1 }] })
    await adminPost(`/admin/exchanges/${exchangeId}/request`, {})
    const { data: requested } = await api.get(`/admin/exchanges/${exchangeId}?fields=id,return_id`, ctx.admin)
    const returnId = requested.exchange.return_id as string

    // The dearer item (150.00 + 15% VAT = 172.50) less the perfume coming back (115.00): Medusa's
    // collection for the exchange, and the link, are for the difference.
    const response = await requestLink(orderId)
    expect(response.status).toBe(201)
    const link = response.data.payment_link
    expect(link.amount).toBe("57.50")
    const before = halalas((await readOrder(orderId)).summary.pending_difference)
    await payLink(ctx.sandbox, link.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    // Until the perfume is received, Medusa's summary counts the dearer item alone: the payment takes 57.50 off it.
    await waitFor(async () => halalas((await readOrder(orderId)).summary.pending_difference) === before - 5750)
    await settleWebhooks(ctx.sandbox, ctx.getContainer())
    const order = await readOrder(orderId)
    const debt = order.payment_collections.find((collection) => collection.id === link.payment_collection_id)!
    expect(debt.payments.flatMap((payment) => payment.captures).map((capture) => halalas(capture.amount))).toEqual([5750])
    await flow.receive(returnId, [{ id: placed.items[0].id, quantity: 1 }])
    await waitFor(async () => halalas((await readOrder(orderId)).summary.pending_difference) === 0)
    await waitFor(async () => collected.some((event) => event.order_id === orderId))
    expect(collected.filter((event) => event.order_id === orderId)).toHaveLength(1)
  })

  it("D1. a draft order paid by link with every webhook lost: the sweep records the payment and the draft becomes one order, captured once", async () => {
    const { data: created } = await api.post(
      "/admin/draft-orders",
      {
        email: "phone-order@example.com",
        region_id: ctx.seed.regionId,
        sales_channel_id: ctx.seed.salesChannelId,
        items: [{ variant_id: ctx.seed.variantId, quantity: 8 }],
      },
      ctx.admin
    )
    const draftId = created.draft_order.id as string
    // The order route does not take a draft, nor the draft route an order.
    expect((await requestLink(draftId)).status).toBe(400)

    const requested = await api.post(
      `/admin/installments/draft-orders/${draftId}/payment-link`,
      { provider_id: "installments" },
      {
        ...ctx.admin,
        validateStatus: () => true,
      }
    )
    expect(requested.status).toBe(201)
    const link = requested.data.payment_link
    expect(link.amount).toBe("400.00")
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 20 })
    try {
      await payLink(ctx.sandbox, link.id, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 3 })
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    const { data: stillDraft } = await api.get(`/admin/orders/${draftId}?fields=id,status`, ctx.admin)
    expect(stillDraft.order.status).toBe("draft")

    await runSweeps(getContainer())
    await runSweeps(getContainer())
    const placed = await waitFor(async () => {
      const { data } = await api.get(`/admin/orders/${draftId}?fields=id,status,is_draft_order`, ctx.admin)
      return data.order.status === "pending" ? data.order : undefined
    })
    expect(placed.is_draft_order).toBe(false)
    const order = await readOrder(draftId)
    expect(halalas(order.summary.pending_difference)).toBe(0)
    const captures = order.payment_collections.flatMap((collection) => collection.payments).flatMap((payment) => payment.captures)
    expect(captures.map((capture) => halalas(capture.amount))).toEqual([40000])
    await waitFor(async () => collected.some((event) => event.order_id === draftId))
    expect(collected.filter((event) => event.order_id === draftId)).toEqual([
      expect.objectContaining({ converted_from_draft: true, amount: "400.00" }),
    ])
    const draftRoute = await api.post(
      `/admin/installments/draft-orders/${draftId}/payment-link`,
      { provider_id: "installments" },
      {
        ...ctx.admin,
        validateStatus: () => true,
      }
    )
    expect(draftRoute.status).toBe(404)
  })

  it("O4. refuses an order that owes nothing (400) and an unknown order (404)", async () => {
    const { orderId } = await installmentOrder(ctx, 8)
    const nothing = await requestLink(orderId)
    expect(nothing.status).toBe(400)
    expect(nothing.data.message).toMatch(/^Order #\d+ owes nothing/)
    const unknown = await requestLink("order_01UNKNOWN")
    expect(unknown.status).toBe(404)
    const badChoice = await requestLink(orderId, { checkout: "cash" })
    expect(badChoice.status).toBe(400)
    expect(badChoice.data.message).toMatch(/'installments, card, both' for field 'checkout'/)
  })
}
