import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../src/lib/webhooks"
import { InstallmentsClient } from "../../src/lib/client"
import type { SuiteContext } from "../helpers/context"
import { CARDS, payLink, PUBLIC_KEY, SECRET_KEY, waitFor, webhooksIdle } from "../helpers/sandbox"
import { PROVIDERS, storefront } from "../helpers/seed"
import { medusaProcessedWebhooks } from "../helpers/settle"
import reconcilePendingSessions from "../../src/jobs/reconcile-pending-sessions"

/** Scenarios of issue 4 run against one booted Medusa (see installments.spec.ts). */
export function checkoutScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  let store: ReturnType<typeof storefront>

  beforeEach(() => {
    store = storefront(api, ctx.seed)
  })

  async function orderWithPayments(orderId: string) {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,total,payment_status,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
      ctx.admin
    )
    return data.order
  }

  /** Orders placed for a cart, through the cart-order link. */
  async function ordersOfCart(cartId: string): Promise<{ id: string }[]> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    return data.map((row: { order_id: string }) => ({ id: row.order_id }))
  }

  function paymentsOf(order: { payment_collections: { payments: any[] }[] }) {
    return order.payment_collections.flatMap((pc) => pc.payments)
  }

  const client = () =>
    new InstallmentsClient({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, baseUrl: process.env.INSTALLMENTS_BASE_URL!, maxRetries: 0 })

  /** A delivery signed with the sandbox's own registration key, as the service would send it. */
  function signedDelivery(event: string, data: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
    const registration = ctx.sandbox.core.ctx.store.state.webhooks[0]
    const body = JSON.stringify({ id, event, created_at: new Date().toISOString(), data })
    return {
      body,
      headers: signedDeliveryHeaders({ payload: body, privateKey: registration.private_key, keyPrefix: registration.prefix }),
    }
  }

  const hook = (body: string, headers: Record<string, string>) =>
    api.post("/hooks/payment/installments_installments", body, {
      headers: { "content-type": "application/json", ...headers },
      validateStatus: () => true,
      transformRequest: [(data: unknown) => data],
    })

  it("1. guest checkout paid with a 0% plan: one order, one capture equal to the total, transaction and plan in the data", async () => {
    const cart = await store.createCart(30) // 1500.00 SAR
    const { session } = await store.startPayment(cart.id)
    expect(Object.keys(session.data).sort()).toEqual(
      ["amount", "cart_id", "currency_code", "environment", "expires_at", "payment_link_id", "session_id", "url"].sort()
    )
    expect(session.data).toMatchObject({ amount: "1500.00", currency_code: "sar", session_id: session.id })
    expect(JSON.stringify(session.data)).not.toContain("sk_sandbox")

    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      bank_code: "rajhi",
      months: 6,
    })
    const completed = await store.complete(cart.id)
    expect(completed.status).toBe(200)
    expect(completed.data.type).toBe("order")
    await webhooksIdle(ctx.sandbox)

    const order = await orderWithPayments(completed.data.order.id)
    expect(order.total).toBe(1500)
    const payments = order.payment_collections.flatMap((pc: { payments: unknown[] }) => pc.payments)
    expect(payments).toHaveLength(1)
    expect(payments[0].amount).toBe(1500)
    expect(payments[0].captures).toHaveLength(1)
    expect(payments[0].captures[0].amount).toBe(1500)
    expect(payments[0].data).toMatchObject({
      transaction_id: paid.transaction_id,
      payment_option: "Installment",
      installment_months: "6",
    })
  })

  it("2. pay in full with a mada card", async () => {
    const cart = await store.createCart(10) // 500.00 SAR
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const order = await orderWithPayments(completed.data.order.id)
    const [payment] = paymentsOf(order)
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([500])
    expect(payment.data).toMatchObject({ transaction_id: paid.transaction_id, payment_option: "Pay In Full" })
    expect(payment.data.installment_months).toBeUndefined()
  })

  it("3. webhook before the customer returns, then the customer returns: one order, one capture", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 3 })
    await webhooksIdle(ctx.sandbox)
    const [placed] = await waitFor(async () => {
      const orders = await ordersOfCart(cart.id)
      return orders.length ? orders : undefined
    })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    expect(completed.data.order.id).toBe(placed.id)
    expect(await ordersOfCart(cart.id)).toHaveLength(1)
    const [payment, ...others] = paymentsOf(await orderWithPayments(placed.id))
    expect(others).toHaveLength(0)
    expect(payment.captures).toHaveLength(1)
    expect(payment.captures[0].amount).toBe(1500)
  })

  it("4. the customer never returns: the webhook alone places the order", async () => {
    const cart = await store.createCart(12) // 600.00 SAR
    const { session } = await store.startPayment(cart.id)
    await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 12 })
    const [placed] = await waitFor(async () => {
      const orders = await ordersOfCart(cart.id)
      return orders.length ? orders : undefined
    })
    const order = await orderWithPayments(placed.id)
    expect(order.total).toBe(600)
    const [payment] = paymentsOf(order)
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([600])
    const deliveries = (await ctx.sandbox.control.get("/webhooks/deliveries", { params: { event: "order.success" } })).data.deliveries
    expect(deliveries.length).toBeGreaterThan(0)
  })

  it("4b. every webhook lost: the reconciliation job places the order once", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 20 })
    try {
      await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 3 })
      await webhooksIdle(ctx.sandbox)
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await ordersOfCart(cart.id)).toHaveLength(0)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    await reconcilePendingSessions(getContainer())
    await reconcilePendingSessions(getContainer())
    const [placed, ...others] = await ordersOfCart(cart.id)
    expect(others).toHaveLength(0)
    const [payment] = paymentsOf(await orderWithPayments(placed.id))
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([1500])
  })

  it.each([
    ["a declined card", { card_number: CARDS.rajhiDecline, payment_option: "Installment", months: 3 }, /declined/],
    ["a bank rejection", { card_number: CARDS.rajhiBankReject, payment_option: "Installment", months: 3 }, /bank rejected/],
    ["an expired link", undefined, /expired/],
  ] as const)("5. %s: no order, a clear reason, and a new session works", async (_case, attempt, reason) => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    if (attempt) {
      await payLink(ctx.sandbox, session.data.payment_link_id, { ...attempt })
    } else {
      await ctx.sandbox.control.post(`/payment-links/${session.data.payment_link_id}/expire`)
    }
    await webhooksIdle(ctx.sandbox)
    const refused = await store.complete(cart.id)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/not authorized/)
    expect(await ordersOfCart(cart.id)).toHaveLength(0)
    const after = await store.getCart(cart.id)
    const failed = after.payment_collection.payment_sessions[0]
    expect(failed.data.failure_reason).toMatch(reason)

    const { session: retry } = await store.startPayment(cart.id)
    expect(retry.data.payment_link_id).not.toBe(session.data.payment_link_id)
    await payLink(ctx.sandbox, retry.data.payment_link_id, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 6 })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
  })

  it("6. bank review pending: order placed with payment pending, captured when the bank approves", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiBankReview,
      payment_option: "Installment",
      months: 6,
    })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const pending = await orderWithPayments(completed.data.order.id)
    expect(paymentsOf(pending)).toHaveLength(0)

    await ctx.sandbox.control.post(`/transactions/${paid.transaction_id}/review`, { decision: "approve" })
    const captured = await waitFor(async () => {
      const order = await orderWithPayments(completed.data.order.id)
      const [payment] = paymentsOf(order)
      return payment?.captures?.length ? payment : undefined
    })
    expect(captured.captures.map((c: { amount: number }) => c.amount)).toEqual([1500])
    expect(captured.data).toMatchObject({ transaction_id: paid.transaction_id })
    expect(await ordersOfCart(cart.id)).toHaveLength(1)
  })

  it("9. forged, unsigned and replayed webhooks: 401 or deduplicated, nothing changes", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id
    const claim = { payment_link_id: linkId, metadata: { session_id: session.id } }

    const unsigned = await hook(JSON.stringify({ id: `evt_${crypto.randomUUID()}`, event: "modal.closed", created_at: new Date().toISOString(), data: claim }), {})
    expect(unsigned.status).toBe(401)

    const attacker = generateWebhookKeyPair()
    const registration = ctx.sandbox.core.ctx.store.state.webhooks[0]
    const forgedBody = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, event: "modal.closed", created_at: new Date().toISOString(), data: claim })
    const forged = await hook(forgedBody, signedDeliveryHeaders({ payload: forgedBody, privateKey: attacker.privateKey, keyPrefix: registration.prefix }))
    expect(forged.status).toBe(401)
    const unknownKey = await hook(forgedBody, signedDeliveryHeaders({ payload: forgedBody, privateKey: attacker.privateKey, keyPrefix: "whk_attacker" }))
    expect(unknownKey.status).toBe(401)

    // Correctly signed, but the link is unpaid: re-reading it shows there is nothing to act on.
    const hint = signedDelivery("modal.closed", claim)
    expect((await hook(hint.body, hint.headers)).status).toBe(200)
    await medusaProcessedWebhooks()
    expect(await ordersOfCart(cart.id)).toHaveLength(0)

    await payLink(ctx.sandbox, linkId, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 3 })
    const [placed] = await waitFor(async () => {
      const orders = await ordersOfCart(cart.id)
      return orders.length ? orders : undefined
    })
    const replay = signedDelivery("modal.closed", claim)
    expect((await hook(replay.body, replay.headers)).status).toBe(200)
    const again = await hook(replay.body, replay.headers)
    expect(again.status).toBe(200)
    expect(again.data).toMatchObject({ duplicate: true })
    await medusaProcessedWebhooks()
    expect(await ordersOfCart(cart.id)).toEqual([placed])
    expect(paymentsOf(await orderWithPayments(placed.id))).toHaveLength(1)
  })

  it("10. cart total changes after a link was made: old session deleted, new link for the new amount, below 100.00 pays in full", async () => {
    const cart = await store.createCart(30)
    const { session: first } = await store.startPayment(cart.id)
    const updated = await store.setQuantity(cart, 1) // 50.00 SAR
    expect(updated.total).toBe(50)
    const { session } = await store.startPayment(cart.id)
    expect(session.data.payment_link_id).not.toBe(first.data.payment_link_id)
    expect(session.data.amount).toBe("50.00")
    const details = await client().paymentLinks.retrieve(session.data.payment_link_id)
    expect(details.payment_link).toMatchObject({ amount: "50.00", only_show_pay_in_full: true })
    const after = await store.getCart(cart.id)
    expect(after.payment_collection.payment_sessions.map((s: { id: string }) => s.id)).toEqual([session.id])

    await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    expect(completed.data.order.total).toBe(50)
  })

  it("11. two registrations on one region each create the right link", async () => {
    const cart = await store.createCart(30)
    const { session: bnpl } = await store.startPayment(cart.id, PROVIDERS.installments)
    expect((await client().paymentLinks.retrieve(bnpl.data.payment_link_id)).payment_link).toMatchObject({
      only_show_bank_installments: true,
      only_show_pay_in_full: false,
      title: "0% installments",
    })
    const { session: card } = await store.startPayment(cart.id, PROVIDERS.card)
    expect((await client().paymentLinks.retrieve(card.data.payment_link_id)).payment_link).toMatchObject({
      only_show_bank_installments: false,
      only_show_pay_in_full: true,
      title: "Card payment",
    })
    const small = await store.createCart(1)
    const refused = await api
      .post(
        "/store/payment-collections",
        { cart_id: small.id },
        { headers: { "x-publishable-api-key": ctx.seed.publishableKey } }
      )
      .then(({ data }: { data: any }) =>
        api.post(
          `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
          { provider_id: PROVIDERS.installments },
          { headers: { "x-publishable-api-key": ctx.seed.publishableKey }, validateStatus: () => true }
        )
      )
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/at least 100\.00 SAR/)
  })
}
