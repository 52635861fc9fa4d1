import { randomUUID } from "node:crypto"
import { orphanRefundKey } from "../../src/installments/refunds/keys"
import refundStrayPayments from "../../src/jobs/refund-stray-payments"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { SuiteContext } from "../helpers/context"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import { CARDS, payLink, payWithWebhooksLost, sandboxClient, STORE_ID, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"

/** A Medusa payment session id as another store's database would make it: no row of it here. */
const foreignSessionId = () => `payses_01JOTHER${randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase()}`

/**
 * Two Medusa instances on one merchant account (staging beside production, each with its own
 * database, or one booted from a copy of the other's) never refund each other's paid links. The other store's links are made directly
 * at the service with the same account, as that store's plugin makes them: a checkout link naming its
 * cart, and an order-payment link naming no cart, each under the other store's identity.
 */
export function sharedAccountScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx

  /** A paid link as another store makes it, with `metadata`; its deliveries reach this store's route too. */
  async function theirPaidLink(metadata: Record<string, unknown>) {
    const link = await sandboxClient().paymentLinks.create(STORE_ID, {
      amount: 750,
      title: "Order",
      order_id: String(metadata.session_id),
      singleUse: true,
      selectedDate: new Date(Date.now() + 3_600_000).toISOString(),
      callback_url: "https://staging.shop.example/checkout/return",
      metadata: { currency: "SAR", ...metadata },
    })
    const paid = await payLink(ctx.sandbox, link.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    return { linkId: link.payment_link_id, transactionId: paid.transaction_id }
  }

  async function refundsOf(transactionId: string) {
    const transaction = await sandboxClient().transactions.retrieve(transactionId)
    return { refunded: transaction.refunded_amount, keys: transaction.refund_tracker.map((entry) => entry.idempotency_key) }
  }

  it("another store's paid links, checkout and order-payment alike, are never refunded by the webhook's orphan check nor the stray sweep; this store's orphan is, once", async () => {
    const since = new Date(Date.now() - 60_000)
    const ours = await getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).instanceId()
    const theirs = `inst_${randomUUID()}`
    expect(theirs).not.toBe(ours)

    // The other store's customers pay: its webhooks are delivered here too, and name sessions this
    // database never had (to the plugin, exactly an old link paid after its session was deleted).
    const mark = busMark(getContainer())
    const checkout = await theirPaidLink({
      session_id: foreignSessionId(),
      instance_id: theirs,
      cart_id: `cart_01JOTHER${Date.now()}`,
    })
    const orderPayment = await theirPaidLink({
      session_id: foreignSessionId(),
      instance_id: theirs,
      medusa_order_id: "order_01JOTHER",
    })
    // An order-payment link made before links carried an identity: no store can be told from it.
    const legacy = await theirPaidLink({ session_id: foreignSessionId(), medusa_order_id: "order_01JLEGACY" })
    await webhooksIdle(ctx.sandbox)
    // Their order.success deliveries were verified here and handled to their end (the orphan check ran).
    expect(
      (await settledAfter(getContainer(), mark, [RUNS.delivery])).filter((run) => run === RUNS.delivery).length
    ).toBeGreaterThanOrEqual(3)

    // This store's own orphan: the cart changed, the old link was paid, and every webhook of it lost.
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(30)
    const { session: first } = await store.startPayment(cart.id)
    await store.setQuantity(cart, 20)
    await store.startPayment(cart.id)
    const orphan = await payWithWebhooksLost(ctx.sandbox, first.data.payment_link_id, {
      card_number: CARDS.mada,
      payment_option: "Pay In Full",
    })

    // Two sweeps past every grace: this store's orphan is refunded once; nothing of the other store's is.
    await refundStrayPayments(getContainer(), { since, orphanGraceMs: 0 })
    await refundStrayPayments(getContainer(), { since, orphanGraceMs: 0 })
    expect(await refundsOf(orphan.transaction_id)).toEqual({ refunded: "1500.00", keys: [orphanRefundKey(orphan.transaction_id).key] })
    for (const foreign of [checkout, orderPayment, legacy]) {
      expect({ link: foreign.linkId, ...(await refundsOf(foreign.transactionId)) }).toEqual({
        link: foreign.linkId,
        refunded: "0.00",
        keys: [],
      })
    }
    // This store's links name it and its database records making them: that, and not a cart, made its orphan its own to refund.
    const made = await sandboxClient().paymentLinks.retrieve(first.data.payment_link_id)
    expect(made.payment_link.metadata).toMatchObject({ session_id: first.id, instance_id: ours })
  })

  it("a store booted from a copy of this database (the same identity, the same account): its sales paid here are never refunded, by the webhook's orphan check nor the stray sweep, and they and their refunds leave no ledger row", async () => {
    const since = new Date(Date.now() - 60_000)
    const module = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const ours = await module.instanceId()
    // The copy's links carry this store's identity (a row of the copied database) and may name a cart
    // both databases hold; their sessions were made by the copy after it was taken.
    const store = storefront(api, ctx.seed)
    const copiedCart = await store.createCart(10)
    const mark = busMark(getContainer())
    const sales = [
      await theirPaidLink({ session_id: foreignSessionId(), instance_id: ours, cart_id: copiedCart.id }),
      await theirPaidLink({ session_id: foreignSessionId(), instance_id: ours, medusa_order_id: "order_01JCOPIED" }),
    ]
    await webhooksIdle(ctx.sandbox)
    expect(
      (await settledAfter(getContainer(), mark, [RUNS.delivery])).filter((run) => run === RUNS.delivery).length
    ).toBeGreaterThanOrEqual(2)
    await refundStrayPayments(getContainer(), { since, orphanGraceMs: 0 })
    for (const sale of sales) {
      expect({ link: sale.linkId, ...(await refundsOf(sale.transactionId)) }).toEqual({
        link: sale.linkId,
        refunded: "0.00",
        keys: [],
      })
    }
    expect(await module.listInstallmentsRefunds({ transaction_id: sales.map((sale) => sale.transactionId) })).toEqual([])

    // The copy refunds one of its sales: the service's order.updated reaches this store too, and is
    // acknowledged without a ledger row (the transaction's link was never made here).
    const refunded = busMark(getContainer())
    await sandboxClient().transactions.refund(sales[0].transactionId, { refund_amount: "100.00" }, { idempotencyKey: randomUUID() })
    await webhooksIdle(ctx.sandbox)
    expect(await settledAfter(getContainer(), refunded, [RUNS.delivery])).toContain(RUNS.delivery)
    expect((await refundsOf(sales[0].transactionId)).refunded).toBe("100.00")
    expect(await module.listInstallmentsRefunds({ transaction_id: sales.map((sale) => sale.transactionId) })).toEqual([])
  })
}
