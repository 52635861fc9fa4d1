import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WEBHOOK_VERIFIED_EVENT, type WebhookVerifiedData } from "../modules/installments/events"
import { readLink } from "../installments/links/read-link"
import { registrationIdOf } from "../installments/registrations/provider-ids"
import { clientForProvider } from "../installments/registrations/lookup"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/cancel-unpaid-order"
import { recordInstallmentsDisputeWorkflow } from "../workflows/record-dispute"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"

/**
 * Follow-ups of a verified delivery that Medusa's own webhook handling leaves out:
 * - `order.failed`, `installment.tracker.rejected`, `payment_link.expired`: an order placed while
 *   the bank reviewed the payment is canceled when the payment then fails (Medusa drops these).
 * - `order.success` that names no session (its link's metadata lost it): if no session holds the
 *   link, the customer paid a link no order can record, so it is refunded. One that names its session
 *   is checked by the paid-delivery subscriber, and the reconciliation job catches the other orphan
 *   cases. A payment on the link of a canceled order is refunded once Medusa captured it (the
 *   installments-payment-captured subscriber), or by the job when Medusa never records it.
 * - `order.disputed`: the chargeback is recorded against the order's payment (never changing it).
 * Each re-reads the service and the database; running twice changes nothing more.
 */
export default async function installmentsWebhookFollowUp({ event, container }: SubscriberArgs<WebhookVerifiedData>) {
  const { payment_link_id, event_name } = event.data
  const provider_id = registrationIdOf(event.data.provider_id)
  if (!provider_id) {
    return
  }
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (event_name === "order.disputed") {
    if (event.data.transaction_id) {
      await recordInstallmentsDisputeWorkflow(container).run({
        input: {
          provider_id,
          event_id: event.data.event_id,
          transaction_id: event.data.transaction_id,
          payment_link_id,
          session_id: event.data.session_id,
          occurred_at: event.data.occurred_at,
        },
      })
    }
    return
  }
  if (event_name === "order.success") {
    await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id, payment_link_id, require_session_gone: true, session_id: event.data.session_id },
    })
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
  const sessionId = client ? (await readLink(client, linkId)).payment_link.metadata?.session_id : undefined
  return typeof sessionId === "string" && sessionId ? sessionId : undefined
}

export const config: SubscriberConfig = { event: WEBHOOK_VERIFIED_EVENT, context: { subscriberId: "installments-webhook-follow-up" } }
