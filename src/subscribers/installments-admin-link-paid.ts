import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import { WEBHOOK_VERIFIED_EVENT, type WebhookVerifiedData } from "../modules/installments/events"
import type InstallmentsModuleService from "../modules/installments/service"
import { readLink } from "../installments/links/read-link"
import { clientForProvider } from "../installments/registrations/lookup"
import { paidTransaction } from "../installments/links/transactions"

const LINK_EVENTS = new Set(["order.success", "order.failed", "payment_link.expired"])

/**
 * Records the payment (or the expiry) of a link made in the admin for a phone or in-store sale: no
 * cart or order will, so the plugin keeps the transaction with the link. The delivery is a hint:
 * the link is re-read from the registration that made it.
 */
export default async function installmentsAdminLinkPaid({ event, container }: SubscriberArgs<WebhookVerifiedData>) {
  const { payment_link_id, event_name } = event.data
  if (!LINK_EVENTS.has(event_name) || event.data.session_id) {
    return
  }
  const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [link] = await module.listInstallmentsPaymentLinks({ payment_link_id }, { take: 1, select: ["provider_id"] })
  const client = link && clientForProvider(container, link.provider_id)
  if (!client) {
    return
  }
  const details = await readLink(client, payment_link_id)
  await module.recordPaymentLinkState({
    payment_link_id,
    status: details.payment_link.status,
    transaction: paidTransaction(details),
  })
}

export const config: SubscriberConfig = { event: WEBHOOK_VERIFIED_EVENT, context: { subscriberId: "installments-admin-link-paid" } }
