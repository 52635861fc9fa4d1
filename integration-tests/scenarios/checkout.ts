import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { orphanRefundKey } from "../../src/installments/refunds/keys"
import type { ILockingModule } from "@medusajs/framework/types"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../src/lib/webhooks"
import { InstallmentsClient } from "../../src/lib/client"
import type { SuiteContext } from "../helpers/context"
import {
  CARDS,
  payLink,
  payWithWebhooksLost as payLinkWithWebhooksLost,
  PUBLIC_KEY,
  SECRET_KEY,
  waitFor,
  webhooksIdle,
} from "../helpers/sandbox"
import { randomUUID } from "node:crypto"
import { PROVIDERS, storefront } from "../helpers/seed"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import { deliveryStatusesOfLink } from "../helpers/webhooks"
import { runSweeps } from "../helpers/sweeps"

/** Scenarios of issue 4 run against one booted Medusa (see helpers/store-suite.ts). */
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

  function paymentsOf(order: { payment_collections: { payments: OrderPayment[] }[] }) {
    return order.payment_collections.flatMap((pc) => pc.payments)
  }

  type OrderPayment = {
    id: string
    captures: { amount: number }[]
    refunds?: { amount: number }[]
    data: Record<string, unknown> & { installment_months?: unknown }
  }

  const client = () =>
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })

  const hook = (body: string, headers: Record<string, string>, provider = "installments_installments") =>
    api.post(`/hooks/payment/${provider}`, body, {
      headers: { "content-type": "application/json", ...headers },
      validateStatus: () => true,
      transformRequest: [(data: unknown) => data],
    })

  /** The session's refund trail on the service and in the plugin's ledger. */
  async function refundsOf(transactionId: string) {
    const transaction = await client().transactions.retrieve(transactionId)
    const { data } = await api.get(`/admin/installments/refunds?transaction_id=${transactionId}`, ctx.admin)
    return { transaction, ledger: data.refunds as { idempotency_key: string | null; amount: number; payment_id: string | null }[] }
  }

  async function orderStatus(orderId: string) {
    const { data } = await api.get(`/admin/orders/${orderId}?fields=id,status,payment_status`, ctx.admin)
    return data.order as { id: string; status: string; payment_status: string }
  }

  async function sessionStatus(sessionId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "payment_session", fields: ["id", "status"], filters: { id: sessionId } })
    return (data[0] as { status: string } | undefined)?.status
  }

  /** Pays a link while the service's webhooks to Medusa are all lost. */
  const payWithWebhooksLost = (linkId: string, body: Parameters<typeof payLink>[2]) =>
    payLinkWithWebhooksLost(ctx.sandbox, linkId, body)

  const ELEVEN_MINUTES = 11 * 60_000

  it("1. guest checkout paid with a 0% plan: one order, one capture equal to the total, transaction and plan in the data", async () => {
    const cart = await store.createCart(30) // 1500.00 SAR
    const { session } = await store.startPayment(cart.id)
    const required = ["amount", "cart_id", "currency_code", "environment", "expires_at", "payment_link_id", "session_id", "url"]
    const unpaid = ["transaction_id", "payment_option", "installment_months", "installment_bank", "failure_reason"]
    expect(Object.keys(session.data)).toEqual(expect.arrayContaining(required))
    expect(
      Object.keys(session.data)
        .filter((key) => !required.includes(key))
        .every((key) => unpaid.includes(key))
    ).toBe(true)
    expect(unpaid.every((key) => session.data[key] == null)).toBe(true)
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
    expect(payment.data.installment_months ?? null).toBeNull()
  })

  it("3. webhook before the customer returns, then the customer returns: one order, one capture", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      months: 3,
    })
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
    await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      months: 12,
    })
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
    const mark = busMark(getContainer())
    try {
      await payLink(ctx.sandbox, session.data.payment_link_id, {
        card_number: CARDS.rajhiCredit,
        payment_option: "Installment",
        months: 3,
      })
      await webhooksIdle(ctx.sandbox)
      // Every delivery for the link was lost, and Medusa has nothing queued or running from one.
      expect(new Set(await deliveryStatusesOfLink(ctx.sandbox, session.data.payment_link_id))).toEqual(new Set(["dropped"]))
      expect(await settledAfter(getContainer(), mark)).not.toContain(RUNS.delivery)
      expect(await ordersOfCart(cart.id)).toHaveLength(0)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    await runSweeps(getContainer())
    await runSweeps(getContainer())
    const [placed, ...others] = await ordersOfCart(cart.id)
    expect(others).toHaveLength(0)
    const [payment] = paymentsOf(await orderWithPayments(placed.id))
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([1500])
  })

  it("4c. the job waits for a cart completion in progress: it records the payment only once the cart's lock is free", async () => {
    const cart = await store.createCart(12)
    const { session } = await store.startPayment(cart.id)
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 20 })
    try {
      await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const paymentsOfSession = async () =>
      (await query.graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: session.id } })).data
    const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
    const lockedBySweep = jest.spyOn(locking, "acquire")
    const triedTheCart = () => lockedBySweep.mock.calls.some(([keys]) => [keys].flat().includes(cart.id))
    let sweep: Promise<void> | undefined
    try {
      // The lock Medusa's completeCartWorkflow holds while a returning shopper completes this cart.
      await locking.execute(cart.id, async () => {
        sweep = runSweeps(getContainer())
        // The sweep has come to the cart's lock and is waiting on it: only now is "nothing yet" a finding.
        await waitFor(async () => triedTheCart(), 20_000, 20)
        expect(await paymentsOfSession()).toEqual([])
        expect(await ordersOfCart(cart.id)).toEqual([])
      })
    } finally {
      lockedBySweep.mockRestore()
    }
    await sweep
    const [placed, ...others] = await ordersOfCart(cart.id)
    expect(others).toEqual([])
    const [payment] = paymentsOf(await orderWithPayments(placed.id))
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([cart.total])
    expect(payment.refunds).toEqual([])
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
    await payLink(ctx.sandbox, retry.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      months: 6,
    })
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

  it("6b. bank review, order placed, then the bank rejects: the order is canceled, nothing captured or refunded", async () => {
    const since = new Date(Date.now() - 1000)
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiBankReview,
      payment_option: "Installment",
      months: 6,
    })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    const orderId = completed.data.order.id as string
    expect(paymentsOf(await orderWithPayments(orderId))).toHaveLength(0)
    await webhooksIdle(ctx.sandbox)

    // The bank's decision arrives as order.failed and installment.tracker.rejected, which Medusa drops.
    const mark = busMark(getContainer())
    await ctx.sandbox.control.post(`/transactions/${paid.transaction_id}/review`, { decision: "reject" })
    const canceled = await waitFor(async () => {
      const order = await orderStatus(orderId)
      return order.status === "canceled" ? order : undefined
    })
    expect(canceled.status).toBe("canceled")
    await webhooksIdle(ctx.sandbox)
    // Both deliveries were handled to their end before anything is looked at.
    expect((await settledAfter(getContainer(), mark, [RUNS.delivery])).filter((run) => run === RUNS.delivery)).toHaveLength(2)
    expect(await sessionStatus(session.id)).toBe("error")
    const order = await orderWithPayments(orderId)
    expect(paymentsOf(order)).toHaveLength(0)
    const { transaction, ledger } = await refundsOf(paid.transaction_id)
    expect(transaction).toMatchObject({ status: "fail", refunded_amount: "0.00" })
    expect(transaction.refund_tracker).toHaveLength(0)
    expect(ledger).toHaveLength(0)
    expect(await ordersOfCart(cart.id)).toEqual([{ id: orderId }])

    // The reconciliation job finds nothing more to do.
    await runSweeps(getContainer(), { orphanGraceMs: 0, since })
    expect((await orderStatus(orderId)).status).toBe("canceled")
    expect((await client().transactions.retrieve(paid.transaction_id)).refund_tracker).toHaveLength(0)
  })

  it("6c. bank review then rejection with every webhook lost: the reconciliation job cancels the unpaid order", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiBankReview,
      payment_option: "Installment",
      months: 6,
    })
    const completed = await store.complete(cart.id)
    const orderId = completed.data.order.id as string
    await webhooksIdle(ctx.sandbox)
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 20 })
    try {
      await ctx.sandbox.control.post(`/transactions/${paid.transaction_id}/review`, { decision: "reject" })
      await webhooksIdle(ctx.sandbox)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
    expect((await orderStatus(orderId)).status).not.toBe("canceled")
    expect(await sessionStatus(session.id)).toBe("pending_authorization")

    await runSweeps(getContainer())
    expect((await orderStatus(orderId)).status).toBe("canceled")
    expect(await sessionStatus(session.id)).toBe("error")
    expect(paymentsOf(await orderWithPayments(orderId))).toHaveLength(0)
    // Twice changes nothing.
    await runSweeps(getContainer())
    expect((await orderStatus(orderId)).status).toBe("canceled")
    expect((await client().transactions.retrieve(paid.transaction_id)).refund_tracker).toHaveLength(0)
  })

  it("9. forged, unsigned and replayed webhooks: 401 or deduplicated; only the genuine delivery places the order", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id
    // The customer pays but never returns, and every delivery from the service is lost: only the
    // deliveries below can place the order.
    const paid = await payWithWebhooksLost(linkId, { card_number: CARDS.rajhiCredit, payment_option: "Installment", months: 3 })
    expect(await ordersOfCart(cart.id)).toHaveLength(0)
    const { data } = await ctx.sandbox.control.get("/events", { params: { event: "order.success" } })
    const genuine = (data.events as { id: string; event: string; created_at: string; data: Record<string, unknown> }[]).find(
      (event) => event.data.payment_link_id === linkId
    )!
    expect(genuine).toBeDefined()
    const body = JSON.stringify({ id: genuine.id, event: genuine.event, created_at: genuine.created_at, data: genuine.data })
    const registration = ctx.sandbox.core.ctx.store.state.webhooks[0]
    const forgeries = busMark(getContainer())

    // The genuine paid event, unsigned, on every spelling of the path that reaches the provider.
    for (const provider of ["installments_installments", "installments%5Finstallments", "pp_installments_installments"]) {
      expect({ provider, status: (await hook(body, {}, provider)).status }).toEqual({ provider, status: 401 })
    }
    // Forged: signed with an attacker's key under the real prefix, under an unknown prefix, and as a new delivery id.
    const attacker = generateWebhookKeyPair()
    const forge = (payload: string, keyPrefix: string) =>
      signedDeliveryHeaders({ payload, privateKey: attacker.privateKey, keyPrefix })
    expect((await hook(body, forge(body, registration.prefix))).status).toBe(401)
    expect((await hook(body, forge(body, "whk_attacker"))).status).toBe(401)
    const fresh = JSON.stringify({ ...JSON.parse(body), id: `evt_${randomUUID()}` })
    expect((await hook(fresh, forge(fresh, registration.prefix), "installments%5Finstallments")).status).toBe(401)
    // A header claiming the delivery was verified (earlier versions' marker) proves nothing.
    expect((await hook(fresh, { "x-installments-verified": "0".repeat(64) })).status).toBe(401)
    // Medusa is idle and nothing handled any of them, the plugin's handling nor Medusa's.
    const afterForgeries = await settledAfter(getContainer(), forgeries)
    expect(afterForgeries.filter((run) => run === RUNS.delivery || run === RUNS.medusaWebhook)).toEqual([])
    expect(await ordersOfCart(cart.id)).toHaveLength(0)

    // The genuine delivery, then its replay: one order, one payment, one capture.
    const headers = signedDeliveryHeaders({ payload: body, privateKey: registration.private_key, keyPrefix: registration.prefix })
    const genuineMark = busMark(getContainer())
    expect((await hook(body, headers)).status).toBe(200)
    const again = await hook(body, headers)
    expect(again.status).toBe(200)
    expect(again.data).toMatchObject({ duplicate: true })
    const [placed] = await waitFor(async () => {
      const orders = await ordersOfCart(cart.id)
      return orders.length ? orders : undefined
    })
    const replay = await hook(body, headers)
    expect(replay.data).toMatchObject({ duplicate: true })
    // The genuine delivery was handled once, to its end, by the plugin alone; the replays queued nothing.
    const handled = await settledAfter(getContainer(), genuineMark, [RUNS.delivery])
    expect(handled.filter((run) => run === RUNS.delivery)).toHaveLength(1)
    expect(handled).not.toContain(RUNS.medusaWebhook)
    expect(await ordersOfCart(cart.id)).toEqual([placed])
    const payments = paymentsOf(await orderWithPayments(placed.id))
    expect(payments).toHaveLength(1)
    expect(payments[0].captures).toHaveLength(1)
    expect(payments[0].captures[0].amount).toBe(1500)
    expect(payments[0].data).toMatchObject({ transaction_id: paid.transaction_id })
  })

  it("10. cart total changes after a link was made: new link for the new amount; paying the OLD link is refunded, no order from it", async () => {
    const since = new Date(Date.now() - 1000)
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

    // A tab still open on the OLD link (1500.00): Medusa deleted its session, the service cannot cancel
    // a link, and the customer pays it. Its order.success names a session that no longer exists.
    const mark = busMark(getContainer())
    const old = await payLink(ctx.sandbox, first.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const refunded = await waitFor(async () => {
      const read = await client().transactions.retrieve(old.transaction_id)
      return read.refund_tracker.length ? read : undefined
    })
    expect(refunded).toMatchObject({ status: "refunded", refunded_amount: "1500.00" })
    expect(refunded.refund_tracker.map((r) => [r.amount, r.idempotency_key])).toEqual([
      ["1500.00", orphanRefundKey(old.transaction_id).key],
    ])
    await webhooksIdle(ctx.sandbox)
    // The handling that found the session gone ran to its end: no order can follow.
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    expect(await ordersOfCart(cart.id)).toHaveLength(0)

    // Sweeps afterwards, past the grace period, refund nothing more.
    await runSweeps(getContainer(), { since, now: new Date(Date.now() + ELEVEN_MINUTES) })
    await runSweeps(getContainer(), { since, orphanGraceMs: 0 })
    const { transaction, ledger } = await refundsOf(old.transaction_id)
    expect(transaction.refund_tracker).toHaveLength(1)
    expect(ledger).toEqual([
      expect.objectContaining({ idempotency_key: orphanRefundKey(old.transaction_id).key, amount: 1500, payment_id: null }),
    ])

    // The current checkout is untouched and completes for the new amount.
    await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    expect(completed.data.order.total).toBe(50)
    expect(await ordersOfCart(cart.id)).toHaveLength(1)
  })

  it("10b. an OLD link paid while every webhook is lost: the sweep refunds it once, only after the grace period", async () => {
    const since = new Date(Date.now() - 1000)
    const cart = await store.createCart(30)
    const { session: first } = await store.startPayment(cart.id)
    await store.setQuantity(cart, 20) // 1000.00 SAR
    const { session } = await store.startPayment(cart.id)
    expect(session.data.amount).toBe("1000.00")
    const old = await payWithWebhooksLost(first.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })

    // Paid just now: a checkout may still be completing, so the sweep leaves it alone.
    await runSweeps(getContainer(), { since })
    expect((await client().transactions.retrieve(old.transaction_id)).refund_tracker).toHaveLength(0)

    const later = new Date(Date.now() + ELEVEN_MINUTES)
    await runSweeps(getContainer(), { since, now: later })
    await runSweeps(getContainer(), { since, now: later })
    const { transaction, ledger } = await refundsOf(old.transaction_id)
    expect(transaction).toMatchObject({ status: "refunded", refunded_amount: "1500.00" })
    expect(transaction.refund_tracker.map((r) => r.idempotency_key)).toEqual([orphanRefundKey(old.transaction_id).key])
    expect(ledger).toHaveLength(1)
    expect(await ordersOfCart(cart.id)).toHaveLength(0)
    // The live session's own link is not touched.
    expect(await sessionStatus(session.id)).toBe("pending")
    expect((await client().paymentLinks.retrieve(session.data.payment_link_id)).payment_link.status).toBe("Unpaid")
  })

  it("11. two registrations on one region: each makes the right link and completes a checkout", async () => {
    // Installments only.
    const cart = await store.createCart(30)
    const { session: bnpl } = await store.startPayment(cart.id, PROVIDERS.installments)
    expect((await client().paymentLinks.retrieve(bnpl.data.payment_link_id)).payment_link).toMatchObject({
      only_show_bank_installments: true,
      only_show_pay_in_full: false,
      title: "0% installments",
    })
    const bnplPaid = await payLink(ctx.sandbox, bnpl.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      months: 6,
    })
    const bnplOrder = await store.complete(cart.id)
    expect(bnplOrder.data.type).toBe("order")
    const [bnplPayment] = paymentsOf(await orderWithPayments(bnplOrder.data.order.id))
    expect(bnplPayment).toMatchObject({ provider_id: PROVIDERS.installments, amount: 1500 })
    expect(bnplPayment.captures.map((c: { amount: number }) => c.amount)).toEqual([1500])
    expect(bnplPayment.data).toMatchObject({ transaction_id: bnplPaid.transaction_id, payment_option: "Installment" })
    const bnplTx = await client().transactions.retrieve(bnplPaid.transaction_id)
    expect(bnplTx).toMatchObject({ payment_link_only_show_bank_installments: true, payment_link_only_show_pay_in_full: false })

    // Card (pay in full) only.
    const cardCart = await store.createCart(10)
    const { session: card } = await store.startPayment(cardCart.id, PROVIDERS.card)
    expect((await client().paymentLinks.retrieve(card.data.payment_link_id)).payment_link).toMatchObject({
      only_show_bank_installments: false,
      only_show_pay_in_full: true,
      title: "Card payment",
    })
    const cardPaid = await payLink(ctx.sandbox, card.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const cardOrder = await store.complete(cardCart.id)
    expect(cardOrder.data.type).toBe("order")
    const [cardPayment] = paymentsOf(await orderWithPayments(cardOrder.data.order.id))
    expect(cardPayment).toMatchObject({ provider_id: PROVIDERS.card, amount: 500 })
    expect(cardPayment.captures.map((c: { amount: number }) => c.amount)).toEqual([500])
    expect(cardPayment.data).toMatchObject({ transaction_id: cardPaid.transaction_id, payment_option: "Pay In Full" })
    expect(await client().transactions.retrieve(cardPaid.transaction_id)).toMatchObject({
      payment_link_only_show_bank_installments: false,
      payment_link_only_show_pay_in_full: true,
    })

    // Installments only below 100.00 SAR: refused with a clear message.
    const small = await store.createCart(1)
    const refused = await api
      .post("/store/payment-collections", { cart_id: small.id }, { headers: { "x-publishable-api-key": ctx.seed.publishableKey } })
      .then(({ data }: { data: { payment_collection: { id: string } } }) =>
        api.post(
          `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
          { provider_id: PROVIDERS.installments },
          { headers: { "x-publishable-api-key": ctx.seed.publishableKey }, validateStatus: () => true }
        )
      )
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/300\.00 SAR or more/)
  })
}
