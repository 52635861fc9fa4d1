import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export const INSTALLMENTS_PROVIDER_PREFIX = "pp_installments_"

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

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

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
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status", "display_id", "canceled_at"], filters: { id: orderId } })
  return { session, cart_id: cartId, order: orders[0] as OrderRow | undefined, payments: payments as PaymentRow[] }
}

/** True when the cart exists in this database (carts are kept after completion). */
export async function cartExists(container: MedusaContainer, cartId: string): Promise<boolean> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id"], filters: { id: cartId } })
  return data.length > 0
}

/**
 * Where the checkout of a paid delivery stands:
 * - `settled`: the shopper's own completion did all that the delivery could ask of Medusa (the
 *   session still holds the link, its payment is captured and not canceled, the order it paid for
 *   exists and is not canceled);
 * - `session_gone`: the session was deleted, so no order can record this payment;
 * - `open`: anything else, including any doubt.
 */
export type PaidCheckoutState = "settled" | "session_gone" | "open"

type SessionWithCheckout = {
  data: Record<string, unknown> | null
  payment?: Pick<PaymentRow, "captured_at" | "canceled_at"> | null
  payment_collection?: { order?: OrderLink | OrderLink[] | null } | null
}
type OrderLink = Pick<OrderRow, "id" | "status"> | null

const CHECKOUT_FIELDS = ["id", "data", "payment.captured_at", "payment.canceled_at", "payment_collection.order.id", "payment_collection.order.status"]

/** The session's link, lowercased (links are UUIDs); undefined when it holds none. */
function heldLinkOf(session: SessionWithCheckout): string | undefined {
  const link = session.data?.payment_link_id
  return typeof link === "string" ? link.toLowerCase() : undefined
}

/** True when the session's checkout is settled (see PaidCheckoutState) for the link it holds. */
function checkoutSettled(session: SessionWithCheckout): boolean {
  const payment = session.payment
  const orders = [session.payment_collection?.order ?? []].flat()
  return !!payment?.captured_at && !payment.canceled_at && orders.some((order) => order?.id && order.status !== "canceled")
}

/** Reads where a paid delivery's checkout stands (see PaidCheckoutState) in one query. */
export async function paidCheckoutState(container: MedusaContainer, sessionId: string, paymentLinkId: string): Promise<PaidCheckoutState> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: CHECKOUT_FIELDS, filters: { id: sessionId } })
  const session = data[0] as SessionWithCheckout | undefined
  if (!session) {
    return "session_gone"
  }
  return heldLinkOf(session) === paymentLinkId.toLowerCase() && checkoutSettled(session) ? "settled" : "open"
}

/**
 * Of these paid links, those a session holds whose checkout is settled (lowercased), in one query:
 * nothing is left to do for them. A link missing from the answer is merely not known settled.
 */
export async function settledPaidLinks(container: MedusaContainer, paymentLinkIds: string[]): Promise<Set<string>> {
  if (!paymentLinkIds.length) {
    return new Set()
  }
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: CHECKOUT_FIELDS,
    // As listed and lowercased: the session keeps the id as the service returned it at creation.
    filters: { data: { payment_link_id: [...new Set(paymentLinkIds.flatMap((id) => [id, id.toLowerCase()]))] } },
  })
  const settled = (data as SessionWithCheckout[]).filter(checkoutSettled).map(heldLinkOf)
  return new Set(settled.filter((link): link is string => link !== undefined))
}
