import { MedusaError } from "@medusajs/framework/utils"
import { formatAmount, roundMedusaAmount } from "../../lib/money"
import { isInstallmentsProvider } from "../../installments/registrations/provider-ids"
import { readOrderDebtRequest } from "../../installments/sessions/order-debt-request"
import { readSessionData } from "../../installments/sessions/data"

/** A payment session of an order's payment collection, as the decision reads it. */
export interface DebtSessionRow {
  id: string
  provider_id: string
  status: string
  amount: unknown
  data: Record<string, unknown> | null
}

/** An order with what it owes and its payment collections, as the decision reads it. */
export interface DebtOrderRow {
  id: string
  status: string
  display_id?: number | null
  summary?: { pending_difference?: unknown; raw_pending_difference?: unknown } | null
  payment_collections?: ({ id: string; status: string; payment_sessions?: DebtSessionRow[] | null } | null)[] | null
}

/** An order placed, or a draft order built by the merchant (a phone or WhatsApp sale) not placed yet. */
export type DebtKind = "order" | "draft"

/** What to do about an order's debt: answer the link already open, or make one. */
export type OrderDebtDecision =
  { reuse: true; owed: string; collection_id: string; session_id: string } | { reuse: false; owed: string }

// Medusa's collections that can still take a payment: a new one, or one with a session open on it.
const OPEN_COLLECTIONS = new Set(["not_paid", "awaiting"])
// A link that expires within this margin is not handed out again: the customer could not pay it.
const EXPIRY_MARGIN_MS = 5 * 60_000

/**
 * Decides how an order's debt is collected (a draft order owes its total). The order must exist, be
 * of the kind asked for, not be canceled, and owe money
 * (its summary's pending difference, rounded to the halala as the link will be). A pending session
 * of this plugin, made for this order and this exact amount, whose link is still payable, is
 * answered again, so one debt never has two open links; anything else needs a new session.
 */
export function decideOrderDebt(
  order: DebtOrderRow | undefined,
  orderId: string,
  now: Date,
  kind: DebtKind = "order"
): OrderDebtDecision {
  const isDraft = order?.status === "draft"
  if (!order || (kind === "draft" && !isDraft)) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `${kind === "draft" ? "Draft order" : "Order"} with id: ${orderId} was not found`
    )
  }
  const name = `${isDraft ? "Draft order" : "Order"} ${order.display_id ? `#${order.display_id}` : order.id}`
  if (kind === "order" && isDraft) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${name} is not placed yet: request its link with POST /admin/installments/draft-orders/${order.id}/payment-link.`
    )
  }
  if (order.status === "canceled") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${name} is canceled: a canceled order cannot be paid.`)
  }
  const pending = order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0
  const owed = roundMedusaAmount(pending)
  if (owed <= 0n) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${name} owes nothing: there is no amount to collect by link.`)
  }
  for (const collection of order.payment_collections ?? []) {
    if (!collection || !OPEN_COLLECTIONS.has(collection.status)) {
      continue
    }
    const open = (collection.payment_sessions ?? []).find((session) => openLinkFor(session, order.id, owed, now))
    if (open) {
      return { reuse: true, owed: formatAmount(owed), collection_id: collection.id, session_id: open.id }
    }
  }
  return { reuse: false, owed: formatAmount(owed) }
}

function openLinkFor(session: DebtSessionRow, orderId: string, owed: bigint, now: Date): boolean {
  const data = readSessionData(session.data ?? undefined)
  const request = readOrderDebtRequest(session.data)
  return (
    isInstallmentsProvider(session.provider_id) &&
    session.status === "pending" &&
    !!data &&
    request?.order_id === orderId &&
    roundMedusaAmount(session.amount) === owed &&
    Date.parse(data.expires_at) - EXPIRY_MARGIN_MS > now.getTime()
  )
}
