import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { LinkVerdict } from "../../installments/links/verdict"
import { webhookActionOf } from "../../installments/links/verdict"
import type { SessionContext } from "../../installments/sessions/records"
import { isInstallmentsProvider, type ProviderId } from "../../installments/registrations/provider-ids"

export interface UnpaidOrderDecision {
  cancel: boolean
  /** Why (merchant words, no customer data). */
  reason: string
  session_id: string
  /** The session's provider (`pp_installments_<id>`). */
  provider_id?: ProviderId
  order_id?: string
  order_display_id?: number | null
  /** The status the session is marked with when the order is canceled. */
  session_status?: PaymentSessionStatus.ERROR | PaymentSessionStatus.CANCELED
}

/**
 * Whether an order placed with its payment pending (bank review) must be canceled because the link
 * now reads as failed or expired. Medusa drops failed and canceled webhook actions, so without this
 * the order would stay unpaid forever. Only an order with no Medusa payment is canceled: nothing was
 * captured, so nothing is refunded.
 */
export function decideUnpaidOrder(sessionId: string, context: SessionContext, verdict: LinkVerdict | undefined): UnpaidOrderDecision {
  const skip = (reason: string): UnpaidOrderDecision => ({ cancel: false, reason, session_id: sessionId, order_id: context.order?.id })
  if (!context.session) {
    return skip("the payment session no longer exists")
  }
  const providerId = context.session.provider_id
  if (!isInstallmentsProvider(providerId)) {
    return skip(`the payment session belongs to provider ${providerId}`)
  }
  if (!context.order) {
    return skip("no order was placed for this session's cart")
  }
  if (context.order.status === "canceled") {
    return skip(`order ${context.order.id} is already canceled`)
  }
  if (context.order.status === "completed") {
    return skip(`order ${context.order.id} is completed`)
  }
  if (context.payments.length) {
    return skip(`a Medusa payment is recorded for session ${sessionId}`)
  }
  if (!verdict) {
    return skip("the session holds no installments payment link")
  }
  const action = webhookActionOf(verdict)
  if (action !== PaymentActions.FAILED && action !== PaymentActions.CANCELED) {
    return skip(`the payment link reads as ${verdict.status} (${verdict.reason})`)
  }
  if (verdict.transaction) {
    // A paid or pending transaction that does not match the session: money may have moved, so a
    // person decides; the order is not canceled automatically.
    return skip(`the payment link needs attention: ${verdict.reason}`)
  }
  return {
    cancel: true,
    reason: verdict.reason,
    session_id: sessionId,
    provider_id: providerId,
    order_id: context.order.id,
    order_display_id: context.order.display_id ?? null,
    session_status: action === PaymentActions.CANCELED ? PaymentSessionStatus.CANCELED : PaymentSessionStatus.ERROR,
  }
}
