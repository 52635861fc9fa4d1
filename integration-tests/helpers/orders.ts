import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

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
export async function paymentsOfOrder(api: AxiosInstance, admin: { headers: Record<string, string> }, orderId: string): Promise<PaymentTrail[]> {
  const { data } = await api.get(
    `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
    admin
  )
  return data.order.payment_collections.flatMap((pc: { payments: PaymentTrail[] }) => pc.payments)
}

/** The statuses of a payment collection's sessions (none when a session creation was undone). */
export async function sessionsOfCollection(container: MedusaContainer, collectionId: string): Promise<{ id: string; status: string }[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status"],
    filters: { payment_collection_id: collectionId },
  })
  return data as { id: string; status: string }[]
}
