import { formatAmount, fromMedusaAmount, toHalalas } from "../../../../src/lib/money"
import { detail } from "../../report"
import { waitFor } from "../context"
import type { JourneyStep } from "../step"

const RETURNED_HANDLE = "dallah"
/** The dallah's shelf price, VAT included; delivery is free, so this is what the order owes back. */
const RETURNED_PRICE = 250

/**
 * The merchant ships the order; the shopper sends the dallah back and the merchant receives it in the
 * admin (Orders > order > Return).
 * Nobody presses Refund: the plugin refunds what Medusa's order summary says is owed.
 */
export const returnRefundStep: JourneyStep = {
  name: "Order shipped; a return is received and refunded on its own",
  hint: "the store's log (installments-return-refund) and GET /admin/installments/refunds?order_id=…",
  async run(ctx) {
    const post = <T>(path: string, body: Record<string, unknown> = {}) => ctx.admin.client.fetch<T>(path, { method: "POST", body })
    const { order } = await ctx.admin.admin.order.retrieve(ctx.order!.id, { fields: "id,*items,*items.variant" })
    const item = order.items?.find((line) => line.product_handle === RETURNED_HANDLE)
    if (!item) {
      throw new Error(`the order has no "${RETURNED_HANDLE}" line to return`)
    }
    const { stock_locations } = await ctx.admin.admin.stockLocation.list({ limit: 1 })
    const location_id = stock_locations[0].id
    await post(`/admin/orders/${order.id}/fulfillments`, {
      location_id,
      items: (order.items ?? []).map((line) => ({ id: line.id, quantity: line.quantity })),
    })
    const { return: opened } = await post<{ return: { id: string } }>("/admin/returns", { order_id: order.id, location_id })
    await post(`/admin/returns/${opened.id}/request-items`, { items: [{ id: item.id, quantity: 1 }] })
    await post(`/admin/returns/${opened.id}/request`)
    await post(`/admin/returns/${opened.id}/receive`)
    await post(`/admin/returns/${opened.id}/receive-items`, { items: [{ id: item.id, quantity: 1 }] })
    await post(`/admin/returns/${opened.id}/receive/confirm`)

    const refunded = await waitFor("the automatic refund of the return", async () => {
      const { payment } = await ctx.admin.admin.payment.retrieve(ctx.paymentId!, { fields: "id,*refunds" })
      const total = (payment.refunds ?? []).reduce((sum, refund) => sum + fromMedusaAmount(refund.amount), 0n)
      return total > 0n ? total : undefined
    })
    if (refunded !== toHalalas(RETURNED_PRICE)) {
      throw new Error(`the payment shows ${formatAmount(refunded)} SAR refunded, expected ${formatAmount(toHalalas(RETURNED_PRICE))}`)
    }
    detail(`return ${opened.id}: ${formatAmount(refunded)} SAR refunded automatically on receipt`)
  },
}
