import { formatAmount, fromMedusaAmount } from "../../../../src/lib/money"
import { detail } from "../../report"
import type { JourneyStep } from "../step"

/** Back on the storefront, the cart is completed: the order is placed with its payment captured. */
export const orderStep: JourneyStep = {
  name: "Order placed with its captured payment",
  hint: "the store's log around cart completion; the payment session's failure_reason",
  async run(ctx) {
    const completed = await ctx.store.store.cart.complete(ctx.cart!.id)
    if (completed.type !== "order") {
      throw new Error(`the cart was not completed: ${completed.error?.message ?? "no order"}`)
    }
    const { order } = await ctx.admin.admin.order.retrieve(completed.order.id, {
      fields: "id,display_id,total,payment_status,*payment_collections.payments,*payment_collections.payments.captures",
    })
    const payment = order.payment_collections?.flatMap((collection) => collection.payments ?? [])[0]
    const captured = (payment?.captures ?? []).reduce((sum, capture) => sum + fromMedusaAmount(capture.amount), 0n)
    if (!payment || order.payment_status !== "captured" || captured !== fromMedusaAmount(order.total)) {
      throw new Error(`order ${order.id} is "${order.payment_status}" with ${formatAmount(captured)} SAR captured of ${order.total}`)
    }
    ctx.order = { id: order.id, display_id: order.display_id! }
    ctx.paymentId = payment.id
    detail(`order #${order.display_id} (${order.id}): ${formatAmount(captured)} SAR captured on payment ${payment.id}`)
  },
}
