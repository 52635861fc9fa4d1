import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WEBHOOK_VERIFIED_EVENT, type WebhookVerifiedData } from "../modules/installments/events"
import { clientForProvider } from "../providers/installments/client"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/cancel-unpaid-order"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"
import { loadSessionContext } from "../workflows/utils/session-context"

/**
 * Follow-ups of a verified delivery that Medusa's own webhook handling leaves out:
 * - `order.failed`, `installment.tracker.rejected`, `payment_link.expired`: an order placed while
 *   the bank reviewed the payment is canceled when the payment then fails (Medusa drops these).
 * - `order.success` for a session that no longer exists: the customer paid an old link, no order
 *   can record it, so it is refunded (the reconciliation job catches the other orphan cases).
 * Each re-reads the service and the database; running twice changes nothing more.
 */
export default async function installmentsWebhookFollowUp({ event, container }: SubscriberArgs<WebhookVerifiedData>) {
  const { provider_id, payment_link_id, event_name } = event.data
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (event_name === "order.success") {
    const { result } = await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id, payment_link_id, require_session_gone: true },
    })
    if (!result.orphan && result.session_id) {
      await warnIfPaidAfterCancel(container, logger, result.session_id, payment_link_id)
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

// The link of a session whose order the plugin canceled stays payable until it expires (the service
// cannot cancel a link): if the customer pays it anyway, the merchant must know to refund it.
async function warnIfPaidAfterCancel(container: SubscriberArgs["container"], logger: Logger, sessionId: string, linkId: string) {
  const context = await loadSessionContext(container, sessionId)
  if (context.order?.status === "canceled" && context.session?.data?.payment_link_id === linkId) {
    logger.error(
      `installments: payment link ${linkId} was paid after its order ${context.order.id} had been canceled. ` +
        "Medusa records the payment on the canceled order; refund it from the order's payments in the admin."
    )
  }
}

export const config: SubscriberConfig = { event: WEBHOOK_VERIFIED_EVENT, context: { subscriberId: "installments-webhook-follow-up" } }
