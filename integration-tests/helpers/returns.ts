import type { SuiteContext } from "./context"
import { CARDS, payLink, waitFor } from "./sandbox"
import { PROVIDERS } from "./seed"
import type { ShippingSetup } from "./shipping"

/** What the return flow needs of a running store: its HTTP API, an admin, the seed and the sandbox. */
export type StoreContext = Pick<SuiteContext, "api" | "admin" | "seed" | "sandbox">

export type Line = { variantId: string; quantity: number }
type Refund = { id: string; amount: number; note: string | null }
type OrderTransaction = { reference: string | null; reference_id: string | null }
export type OrderItem = { id: string; variant_id: string; quantity: number; total: number; unit_price: number }

/**
 * An order's life up to a refunded return, through the Store and Admin APIs only (so it runs the
 * same against an in-process Medusa or a deployed one). `shipping` is read when a step runs.
 */
export function returnFlow(ctx: StoreContext, shipping: () => ShippingSetup) {
  const storeHeaders = () => ({ headers: { "x-publishable-api-key": ctx.seed.publishableKey } })

  async function readOrder(orderId: string) {
    const { data } = await ctx.api.get(
      `/admin/orders/${orderId}?fields=id,total,summary,*items,*transactions,*payment_collections.payments,*payment_collections.payments.refunds`,
      ctx.admin
    )
    return data.order
  }

  /** The refunds Medusa recorded on the order's payment. */
  async function refundsOf(orderId: string) {
    return ((await readOrder(orderId)).payment_collections[0].payments[0].refunds ?? []) as Refund[]
  }

  /** A paid (in full, mada) order with 15% VAT and 25.00 SAR shipping, not fulfilled yet. */
  async function paidOrder(lines: Line[], provider: string = PROVIDERS.both) {
    const { api } = ctx
    const { data: created } = await api.post(
      "/store/carts",
      {
        region_id: ctx.seed.regionId,
        sales_channel_id: ctx.seed.salesChannelId,
        email: "guest@example.com",
        shipping_address: { first_name: "Sara", last_name: "Ali", address_1: "Olaya St", city: "Riyadh", country_code: "sa" },
        items: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
      },
      storeHeaders()
    )
    const cartId = created.cart.id as string
    await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: shipping().shippingOptionId }, storeHeaders())
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, storeHeaders())
    const { data: sessions } = await api.post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: provider, data: { cart_id: cartId } },
      storeHeaders()
    )
    const session = sessions.payment_collection.payment_sessions.find((s: { provider_id: string }) => s.provider_id === provider)
    const paid = await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    const completed = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders())
    if (completed.data.type !== "order") {
      throw new Error(`the checkout placed no order: ${JSON.stringify(completed.data)}`)
    }
    const orderId = completed.data.order.id as string
    const order = await readOrder(orderId)
    return { orderId, paymentId: order.payment_collections[0].payments[0].id as string, transactionId: paid.transaction_id, order }
  }

  return {
    readOrder,
    refundsOf,

    paidOrder,

    /** A paid (in full, mada), shipped and fulfilled order with 15% VAT and 25.00 SAR shipping. */
    async shippedOrder(lines: Line[], provider: string = PROVIDERS.both) {
      const paid = await paidOrder(lines, provider)
      await ctx.api.post(
        `/admin/orders/${paid.orderId}/fulfillments`,
        {
          location_id: shipping().locationId,
          items: paid.order.items.map((item: OrderItem) => ({ id: item.id, quantity: item.quantity })),
        },
        ctx.admin
      )
      return paid
    },

    /** Requests a return of `items`, with return shipping when asked, and confirms the request. */
    async requestReturn(orderId: string, items: { id: string; quantity: number }[], options: { returnShipping?: boolean } = {}) {
      const { data } = await ctx.api.post("/admin/returns", { order_id: orderId, location_id: shipping().locationId }, ctx.admin)
      const returnId = data.return.id as string
      await ctx.api.post(`/admin/returns/${returnId}/request-items`, { items }, ctx.admin)
      if (options.returnShipping) {
        await ctx.api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: shipping().returnOptionId }, ctx.admin)
      }
      await ctx.api.post(`/admin/returns/${returnId}/request`, {}, ctx.admin)
      return returnId
    },

    /** Receives `items` of a return in one receipt, as the admin's "Receive" does. */
    async receive(returnId: string, items: { id: string; quantity: number }[]) {
      await ctx.api.post(`/admin/returns/${returnId}/receive`, {}, ctx.admin)
      await ctx.api.post(`/admin/returns/${returnId}/receive-items`, { items }, ctx.admin)
      await ctx.api.post(`/admin/returns/${returnId}/receive/confirm`, {}, ctx.admin)
    },

    /**
     * Waits until the order's payment shows at least `count` refunds, each one the provider answered
     * for: Medusa commits a refund's row before it calls the provider (and deletes it if the call
     * throws), and adds the order's refund transaction only after the provider accepted it.
     */
    waitForRefunds(orderId: string, count: number) {
      return waitFor(async () => {
        const order = await readOrder(orderId)
        const refunds = (order.payment_collections[0].payments[0].refunds ?? []) as Refund[]
        const answered = new Set(
          (order.transactions as OrderTransaction[]).filter((entry) => entry.reference === "refund").map((entry) => entry.reference_id)
        )
        return refunds.length >= count && refunds.every((refund) => answered.has(refund.id)) ? refunds : undefined
      })
    },
  }
}
