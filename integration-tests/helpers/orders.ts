import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SuiteContext } from "./context"
import { CARDS, payLink } from "./sandbox"
import { storefront } from "./seed"

export interface PaymentTrail {
  id: string
  amount: number
  captures: { amount: number }[]
  refunds: { amount: number }[]
}

/** The ids of the orders placed for a cart, through the cart-order link. */
export async function ordersOfCart(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return data.map((row: { order_id: string }) => row.order_id)
}

/** An order's payments with their captures and refunds, as the admin shows them. */
export async function paymentsOfOrder(
  api: AxiosInstance,
  admin: { headers: Record<string, string> },
  orderId: string
): Promise<PaymentTrail[]> {
  const { data } = await api.get(
    `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
    admin
  )
  return data.order.payment_collections.flatMap((pc: { payments: PaymentTrail[] }) => pc.payments)
}

/** The statuses of a payment collection's sessions (none when a session creation was undone). */
export async function sessionsOfCollection(
  container: MedusaContainer,
  collectionId: string
): Promise<{ id: string; status: string }[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status"],
    filters: { payment_collection_id: collectionId },
  })
  return data as { id: string; status: string }[]
}

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
