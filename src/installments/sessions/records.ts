import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export interface SessionRow {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown> | null
  amount: unknown
  currency_code: string
  payment_collection_id: string
}

/** A capture or refund of a Medusa payment: amounts in Medusa's shapes (major units). */
export interface PaymentAmountRow {
  id?: string
  amount?: unknown
  raw_amount?: unknown
  created_at?: string | Date | null
}

export interface PaymentRow {
  id: string
  data: Record<string, unknown> | null
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
  currency_code?: string
  captures?: PaymentAmountRow[]
  refunds?: PaymentAmountRow[]
}

/** A payment of an order as the refund flows read it (Medusa's amounts, major units). */
export interface OrderPaymentRow {
  id: string
  provider_id: string
  data?: Record<string, unknown> | null
  canceled_at?: string | Date | null
  captures?: { raw_amount?: unknown; amount?: unknown }[]
  refunds?: { id?: string; raw_amount?: unknown; amount?: unknown; metadata?: Record<string, unknown> | null }[]
}

export interface OrderRow {
  id: string
  status: string
  display_id?: number | null
  canceled_at?: string | Date | null
}

/** A payment session with the cart, order and Medusa payments it belongs to, as stored now. */
export interface SessionContext {
  session?: SessionRow
  cart_id?: string
  order?: OrderRow
  payments: PaymentRow[]
}

export type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

/** Reads the session alone (one query); undefined once it is deleted. */
export async function loadSession(container: MedusaContainer, sessionId: string): Promise<SessionRow | undefined> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: SESSION_FIELDS, filters: { id: sessionId } })
  return data[0] as SessionRow | undefined
}

const SESSION_FIELDS = ["id", "provider_id", "status", "data", "amount", "currency_code", "payment_collection_id"]

/** Reads a session and everything the plugin's follow-ups decide on; a deleted session reads as none. */
export async function loadSessionContext(container: MedusaContainer, sessionId: string): Promise<SessionContext> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const [{ data: sessions }, { data: payments }] = await Promise.all([
    query.graph({
      entity: "payment_session",
      fields: SESSION_FIELDS,
      filters: { id: sessionId },
    }),
    query.graph({
      entity: "payment",
      fields: [
        "id",
        "data",
        "currency_code",
        "captured_at",
        "canceled_at",
        "captures.id",
        "captures.amount",
        "captures.raw_amount",
        "captures.created_at",
        "refunds.id",
        "refunds.amount",
        "refunds.raw_amount",
      ],
      filters: { payment_session_id: sessionId },
    }),
  ])
  const session = sessions[0] as SessionRow | undefined
  if (!session) {
    return { payments: payments as PaymentRow[] }
  }
  const { data: carts } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: session.payment_collection_id },
  })
  const cartId = (carts[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) {
    return { session, payments: payments as PaymentRow[] }
  }
  const { data: orderCarts } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderId = (orderCarts[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) {
    return { session, cart_id: cartId, payments: payments as PaymentRow[] }
  }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "status", "display_id", "canceled_at"],
    filters: { id: orderId },
  })
  return { session, cart_id: cartId, order: orders[0] as OrderRow | undefined, payments: payments as PaymentRow[] }
}

/** True when the cart exists in this database (carts are kept after completion). */
export async function cartExists(container: MedusaContainer, cartId: string): Promise<boolean> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id"], filters: { id: cartId } })
  return data.length > 0
}
