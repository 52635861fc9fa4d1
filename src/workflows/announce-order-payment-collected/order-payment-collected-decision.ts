import { isInstallmentsProvider } from "../../installments/registrations/provider-ids"
import { readOrderDebtRequest } from "../../installments/sessions/order-debt-request"
import { readSessionData } from "../../installments/sessions/data"
import type { OrderPaymentCollectedData } from "../../modules/installments/events"

/** The metadata key that records, on Medusa's payment, that its collection was announced. */
export const ANNOUNCED_KEY = "installments_order_payment_collected_at"

/** A captured payment as the decision reads it. */
export interface CollectedPaymentRow {
  id: string
  provider_id: string
  amount?: unknown
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
  metadata?: Record<string, unknown> | null
  payment_collection_id?: string
  data?: Record<string, unknown> | null
  payment_session?: { id: string; data?: Record<string, unknown> | null } | null
  payment_collection?: { order?: { id: string; display_id?: number | null; status?: string } | null } | null
}

export type OrderPaymentCollectedDecision =
  { announce: true; convert_draft: boolean; data: OrderPaymentCollectedData } | { announce: false; reason: string }

/**
 * Whether a capture is the collection of an order's debt by link, not yet announced: this plugin's
 * payment, captured, of a session made for that order, on a collection of that order. Medusa
 * captures again for each paid delivery, so the payment's own marker makes it once. A draft order
 * paid this way is to be placed (converted) first.
 */
export function decideOrderPaymentCollected(payment: CollectedPaymentRow | undefined): OrderPaymentCollectedDecision {
  if (!payment || !isInstallmentsProvider(payment.provider_id)) {
    return { announce: false, reason: "not an installments payment" }
  }
  const session = payment.payment_session
  const request = readOrderDebtRequest(session?.data)
  const order = payment.payment_collection?.order
  if (!session || !request || order?.id !== request.order_id) {
    return { announce: false, reason: "not a payment of an order's debt" }
  }
  if (!payment.captured_at || payment.canceled_at) {
    return { announce: false, reason: "not captured" }
  }
  if (payment.metadata?.[ANNOUNCED_KEY]) {
    return { announce: false, reason: "already announced" }
  }
  const data = readSessionData(payment.data ?? undefined) ?? readSessionData(session.data ?? undefined)
  if (!data) {
    return { announce: false, reason: "the payment holds no installments link" }
  }
  const draft = order.status === "draft"
  return {
    announce: true,
    convert_draft: draft,
    data: {
      order_id: order.id,
      order_display_id: order.display_id ?? request.order_display_id,
      provider_id: payment.provider_id,
      payment_id: payment.id,
      payment_collection_id: payment.payment_collection_id ?? "",
      session_id: session.id,
      payment_link_id: data.payment_link_id,
      transaction_id: typeof data.transaction_id === "string" && data.transaction_id ? data.transaction_id : null,
      amount: data.amount,
      converted_from_draft: draft,
    },
  }
}
