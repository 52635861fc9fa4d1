import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentEvents } from "@medusajs/framework/utils"
import { announceOrderPaymentCollectedWorkflow } from "../workflows/announce-order-payment-collected"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../workflows/refund-canceled-order-payment"
import { isInstallmentsProvider } from "../installments/registrations/provider-ids"
import { readOrderDebtRequest } from "../installments/sessions/order-debt-request"
import { loadSessionContext } from "../installments/sessions/records"

type CapturedPayment = {
  id: string
  provider_id: string
  payment_session_id?: string | null
  payment_session?: { data?: Record<string, unknown> | null } | null
  payment_collection?: { order?: { status?: string } | null } | null
}

const PAYMENT_FIELDS = ["id", "provider_id", "payment_session_id", "payment_session.data", "payment_collection.order.status"]

/**
 * Medusa captured a payment. When it is this plugin's, in one read of it: a link that collected an
 * order's debt is announced (once, under the payment's lock, by its workflow); a payment whose order
 * is canceled (the customer paid the link after the order was canceled, typically after a bank
 * rejection) is refunded in full through Medusa, once, so the order records the refund. Medusa emits
 * this for its capture workflow (a paid delivery's processPayment, the admin's Capture), not for a
 * cart completion that a captured authorization records.
 */
export default async function installmentsPaymentCaptured({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: PAYMENT_FIELDS, filters: { id: event.data.id } })
  const payment = data[0] as CapturedPayment | undefined
  if (!payment || !isInstallmentsProvider(payment.provider_id) || !payment.payment_session_id) {
    return
  }
  // Only a session made for an order's debt carries the request; its decision is re-read under the lock.
  if (readOrderDebtRequest(payment.payment_session?.data)) {
    await announceOrderPaymentCollectedWorkflow(container).run({ input: { payment_id: payment.id } })
  }
  // Medusa captures again for each paid delivery of every checkout: an order that is not canceled
  // settles it here, without reading the session, cart and payments.
  const linkedOrder = payment.payment_collection?.order
  if (linkedOrder?.status && linkedOrder.status !== "canceled") {
    return
  }
  const context = await loadSessionContext(container, payment.payment_session_id)
  const linkId = context.session?.data?.payment_link_id
  if (context.order?.status !== "canceled" || typeof linkId !== "string") {
    return
  }
  const { result } = await refundInstallmentsCanceledOrderPaymentWorkflow(container).run({
    input: { session_id: payment.payment_session_id, payment_link_id: linkId },
  })
  if (!result.refund) {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const log = result.already_refunded ? logger.info.bind(logger) : logger.warn.bind(logger)
    log(
      `installments: payment ${payment.id} captured on canceled order ${context.order.id} not refunded by the plugin: ${result.reason}`
    )
  }
}

export const config: SubscriberConfig = { event: PaymentEvents.CAPTURED, context: { subscriberId: "installments-payment-captured" } }
