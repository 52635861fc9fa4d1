import type { SuiteContext } from "./context"
import { CARDS, payLink } from "./sandbox"
import { storefront } from "./seed"

/**
 * A guest order of `quantity` x 50.00 SAR paid with Al Rajhi's 12-month 0% plan, through the storefront
 * as a customer would: its order, payment, transaction, link and checkout URL.
 */
export async function installmentOrder(ctx: SuiteContext, quantity: number) {
  const store = storefront(ctx.api, ctx.seed)
  const cart = await store.createCart(quantity)
  const { session } = await store.startPayment(cart.id)
  const paid = await payLink(ctx.sandbox, session.data.payment_link_id, {
    card_number: CARDS.rajhiCredit,
    payment_option: "Installment",
    bank_code: "rajhi",
    months: 12,
  })
  const completed = await store.complete(cart.id)
  if (completed.data.type !== "order") {
    throw new Error(`the checkout placed no order: ${JSON.stringify(completed.data)}`)
  }
  const { data } = await ctx.api.get(`/admin/orders/${completed.data.order.id}?fields=id,*payment_collections.payments`, ctx.admin)
  return {
    order: completed.data.order as { id: string; display_id: number },
    orderId: completed.data.order.id as string,
    paymentId: data.order.payment_collections[0].payments[0].id as string,
    transactionId: paid.transaction_id,
    linkId: session.data.payment_link_id as string,
    url: session.data.url as string,
  }
}
