import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IEventBusModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { medusaWebhookQueueOptions } from "../installments/webhooks/medusa-webhook-queue"
import { registrationIdOf } from "../installments/registrations/provider-ids"
import { PAID_DELIVERY_EVENT, type PaidDeliveryData } from "../modules/installments/events"
import { checkoutStates, paidCheckoutState } from "../installments/sessions/paid-checkout-state"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"

/**
 * What happens after a paid delivery (`installment.tracker.approved`, `order.success`), once
 * Medusa's webhook delay has passed:
 * - the shopper's own completion already placed the order and captured its payment: nothing is
 *   left for Medusa to do, and the delivery ends here;
 * - its session was deleted (the customer paid an old link): no order can record the payment, so
 *   `order.success` refunds it (the orphan check) and Medusa, which could only fail on it, is not asked;
 * - otherwise it goes to Medusa's own webhook handling exactly as Medusa's route would have queued
 *   it, where the provider re-reads the link and Medusa completes the cart of a shopper who never
 *   returned. A delivery that names no session goes there unread (its orphan check is a follow-up).
 */
export default async function installmentsPaidDelivery({ event, container }: SubscriberArgs<PaidDeliveryData>) {
  const { provider_id, session_id, payment_link_id, event_name, event_id, webhook } = event.data
  if (session_id) {
    const state = await checkoutStates.stateOf(session_id, payment_link_id, () =>
      paidCheckoutState(container, session_id, payment_link_id)
    )
    if (state === "settled") {
      const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      logger.info(
        `installments: webhook ${event_name} ${event_id} for session ${session_id}: order already placed and paid; nothing for Medusa to do`
      )
      return
    }
    if (state === "session_gone") {
      if (event_name === "order.success") {
        await refundInstallmentsOrphanPaymentWorkflow(container).run({
          input: { provider_id: registrationIdOf(provider_id)!, payment_link_id, require_session_gone: true, session_id },
        })
      }
      return
    }
  }
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  // Already delayed once: queued now, with Medusa's retries.
  const { attempts } = medusaWebhookQueueOptions(container)
  await eventBus.emit({ name: PaymentWebhookEvents.WebhookReceived, data: webhook }, { attempts })
}

export const config: SubscriberConfig = { event: PAID_DELIVERY_EVENT, context: { subscriberId: "installments-paid-delivery" } }
