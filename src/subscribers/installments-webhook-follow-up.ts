import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WEBHOOK_VERIFIED_EVENT, type WebhookVerifiedData } from "../modules/installments/events"
import { clientForProvider } from "../providers/installments/client"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/after-webhook/cancel-unpaid-order"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../workflows/after-webhook/refund-canceled-order-payment"
import { recordInstallmentsDisputeWorkflow } from "../workflows/after-webhook/record-dispute"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/after-webhook/refund-orphan-payment"
import { capturedPaymentRecorded, MEDUSA_PROCESSING_MARGIN_MS, medusaWebhookDelayMs, waitUntil } from "../workflows/after-webhook/medusa-processing"
import { loadSessionContext } from "../workflows/after-webhook/session-context"

/**
 * Follow-ups of a verified delivery that Medusa's own webhook handling leaves out:
 * - `order.failed`, `installment.tracker.rejected`, `payment_link.expired`: an order placed while
 *   the bank reviewed the payment is canceled when the payment then fails (Medusa drops these).
 * - `order.success` for a session that no longer exists: the customer paid an old link, no order
 *   can record it, so it is refunded (the reconciliation job catches the other orphan cases).
 * - `order.success` for a session whose order is canceled: the customer paid the link after the
 *   order was canceled; once Medusa has recorded the payment, it is refunded in full.
 * - `order.disputed`: the chargeback is recorded against the order's payment (never changing it).
 * Each re-reads the service and the database; running twice changes nothing more.
 */
export default async function installmentsWebhookFollowUp({ event, container }: SubscriberArgs<WebhookVerifiedData>) {
  const { provider_id, payment_link_id, event_name } = event.data
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (event_name === "order.disputed") {
    if (event.data.transaction_id) {
      await recordInstallmentsDisputeWorkflow(container).run({
        input: {
          provider_id,
          event_id: event.data.event_id,
          transaction_id: event.data.transaction_id,
          session_id: event.data.session_id,
          occurred_at: event.data.occurred_at,
        },
      })
    }
    return
  }
  if (event_name === "order.success") {
    const { result } = await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id, payment_link_id, require_session_gone: true },
    })
    if (result.session_holds_link && result.session_id) {
      await refundIfOrderCanceled(container, logger, result.session_id, payment_link_id)
    }
    return
  }
  const sessionId = event.data.session_id ?? (await sessionOfLink(container, provider_id, payment_link_id))
  if (!sessionId) {
    return
  }
  const { result } = await cancelUnpaidInstallmentsOrderWorkflow(container).run({ input: { session_id: sessionId } })
  if (!result.cancel) {
    logger.debug?.(`installments: ${event_name} for session ${sessionId}: no order to cancel (${result.reason})`)
  }
}

async function sessionOfLink(container: SubscriberArgs["container"], providerId: string, linkId: string): Promise<string | undefined> {
  const client = clientForProvider(container, providerId)
  const sessionId = client ? (await client.paymentLinks.retrieve(linkId, { page_size: 1 })).payment_link.metadata?.session_id : undefined
  return typeof sessionId === "string" && sessionId ? sessionId : undefined
}

/**
 * The link of a session whose order was canceled (by the plugin after a bank rejection, or by the
 * merchant) stays payable until it expires: when it is paid anyway, the payment is refunded. Medusa
 * processes this same delivery about 5 s after it arrived and records the payment on the canceled
 * order; the refund is decided once it has (or once it had the time to), so that it goes through
 * Medusa's refund whenever Medusa captured the payment.
 */
async function refundIfOrderCanceled(container: SubscriberArgs["container"], logger: Logger, sessionId: string, linkId: string) {
  const context = await loadSessionContext(container, sessionId)
  if (context.order?.status !== "canceled" || context.session?.data?.payment_link_id !== linkId) {
    return
  }
  await waitUntil(
    async () => capturedPaymentRecorded(await loadSessionContext(container, sessionId)),
    medusaWebhookDelayMs(container) + MEDUSA_PROCESSING_MARGIN_MS
  )
  const { result } = await refundInstallmentsCanceledOrderPaymentWorkflow(container).run({
    // Medusa had its time to record the payment: a payment it did not capture is refunded directly.
    input: { session_id: sessionId, payment_link_id: linkId, grace_ms: 0 },
  })
  if (!result.refund) {
    const log = result.already_refunded ? logger.info.bind(logger) : logger.warn.bind(logger)
    log(`installments: payment on link ${linkId} of canceled order ${context.order.id} not refunded by the plugin: ${result.reason}`)
  }
}

export const config: SubscriberConfig = { event: WEBHOOK_VERIFIED_EVENT, context: { subscriberId: "installments-webhook-follow-up" } }
