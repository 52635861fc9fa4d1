import { z } from "zod"

/** The session data key under which an order's payment link request travels to the provider. */
export const ORDER_DEBT_KEY = "order_debt"

/** The link metadata key naming the order whose debt a link collects; a cart's checkout link has none. */
export const ORDER_METADATA_KEY = "medusa_order_id"

/** True when a link's metadata says it collects an order's debt (an exchange, an edit, a draft). */
export function collectsOrderDebt(metadata: Record<string, unknown> | null | undefined): boolean {
  const orderId = metadata?.[ORDER_METADATA_KEY]
  return typeof orderId === "string" && orderId !== ""
}

/** What the merchant chose for the checkout page: 0% installments, a card in full, or both. */
export const ORDER_LINK_CHECKOUTS = ["installments", "card", "both"] as const
export type OrderLinkCheckout = (typeof ORDER_LINK_CHECKOUTS)[number]

const OrderDebtRequest = z.object({
  order_id: z.string().regex(/^order_[0-9A-Za-z]{1,64}$/),
  order_display_id: z.number().int().nullable(),
  checkout: z.enum(ORDER_LINK_CHECKOUTS).nullable(),
  send_sms: z.boolean().nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
})

/**
 * A payment session made to collect what an existing order owes (an exchange, an order edit): the
 * order it pays, and the merchant's choices for its link; `null` leaves a choice to the registration.
 */
export type OrderDebtRequest = z.infer<typeof OrderDebtRequest>

/** The order-debt request a session's data carries; undefined for a checkout session. */
export function readOrderDebtRequest(data: Record<string, unknown> | null | undefined): OrderDebtRequest | undefined {
  const value = data?.[ORDER_DEBT_KEY]
  if (value === undefined) {
    return undefined
  }
  const parsed = OrderDebtRequest.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** The registration's checkout mode a merchant's choice stands for. */
export function checkoutModeOf(checkout: OrderLinkCheckout): "installments" | "pay_in_full" | "both" {
  return checkout === "card" ? "pay_in_full" : checkout
}
