import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import { WEBHOOK_RECEIVED_EVENT, type WebhookEventName, type WebhookReceivedData } from "../modules/installments/events"
import type InstallmentsModuleService from "../modules/installments/service"
import { readLink } from "../installments/links/read-link"
import { paidTransaction } from "../installments/links/transactions"
import { clientForProvider } from "../installments/registrations/lookup"
import { asRegistrationId, registrationIdOf, type RegistrationId } from "../installments/registrations/provider-ids"
import { checkoutStates, paidCheckoutState } from "../installments/sessions/paid-checkout-state"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/cancel-unpaid-order"
import { reconcileInstallmentsSessionWorkflow } from "../workflows/place-paid-order"
import { recordInstallmentsDisputeWorkflow } from "../workflows/record-dispute"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/sync-refund-ledger"

/** A verified delivery as a trigger reads it: the registration it came through is a registration id. */
type Delivery = WebhookReceivedData & { registration_id: RegistrationId }
type Trigger = (container: MedusaContainer, delivery: Delivery) => Promise<void>

/**
 * What a paid delivery triggers: the order placed through the workflow the sweep uses, unless the
 * shopper's own return placed it already. A session that is gone makes `order.success` a payment no
 * order can record (an old link paid): refunded if the link is this store's. A session that holds
 * another link is the sweep's to judge, after the grace. Naming no session, the link's own metadata
 * is read for one; without one it is no checkout's (a link made in the admin).
 */
const placePaidOrder: Trigger = async (container, delivery) => {
  const linkId = delivery.payment_link_id
  const sessionId = delivery.session_id ?? (linkId && (await sessionOfLink(container, delivery.registration_id, linkId)))
  if (!linkId || !sessionId) {
    return
  }
  const checkout = await checkoutStates.stateOf(sessionId, linkId, () => paidCheckoutState(container, sessionId, linkId))
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (checkout.state === "open") {
    const { session } = checkout
    const { result } = await reconcileInstallmentsSessionWorkflow(container).run({
      input: { session_id: session.id, provider_id: session.provider_id, data: session.data, reuse_paid_verdict: true },
    })
    logger.info(`installments: webhook ${delivery.event_name} ${delivery.event_id} for session ${sessionId}: ${result.action}`)
    return
  }
  if (checkout.state === "session_gone" && delivery.event_name === "order.success") {
    const { result } = await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id: delivery.registration_id, payment_link_id: linkId, require_session_gone: true, session_id: sessionId },
    })
    if (!result.orphan) {
      // Why a paid link with no session here was left alone: on a staging copy, that it is production's.
      logger.info(`installments: paid link ${linkId} of session ${sessionId} not refunded: ${result.reason}`)
    }
    return
  }
  // A settled checkout is every paid delivery's usual end: a debug line; anything else is worth an info line.
  const log = checkout.state === "settled" ? logger.debug.bind(logger) : logger.info.bind(logger)
  log(
    `installments: webhook ${delivery.event_name} ${delivery.event_id} for session ${sessionId}: nothing to place (${checkout.state})`
  )
}

/** A failed or expired payment: an order placed while the bank reviewed it is canceled (Medusa drops these events). */
const cancelUnpaidOrder: Trigger = async (container, delivery) => {
  const linkId = delivery.payment_link_id
  const sessionId = delivery.session_id ?? (linkId && (await sessionOfLink(container, delivery.registration_id, linkId)))
  if (!sessionId) {
    return
  }
  const { result } = await cancelUnpaidInstallmentsOrderWorkflow(container).run({ input: { session_id: sessionId } })
  if (!result.cancel) {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    logger.debug?.(`installments: ${delivery.event_name} for session ${sessionId}: no order to cancel (${result.reason})`)
  }
}

/** A link made in the admin for a phone or in-store sale: no cart or order records its payment or expiry, so the plugin does. */
const recordAdminLink: Trigger = async (container, delivery) => {
  const linkId = delivery.payment_link_id
  if (!linkId || delivery.session_id) {
    return
  }
  const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [link] = await module.listInstallmentsPaymentLinks({ payment_link_id: linkId }, { take: 1, select: ["provider_id"] })
  const client = link && clientForProvider(container, asRegistrationId(link.provider_id))
  if (!client) {
    return
  }
  const details = await readLink(client, linkId)
  await module.recordPaymentLinkState({
    payment_link_id: linkId,
    status: details.payment_link.status,
    transaction: paidTransaction(details),
  })
}

/** A chargeback: recorded against the payment that records the transaction (never changing it). */
const recordDispute: Trigger = async (container, delivery) => {
  if (!delivery.transaction_id || !delivery.payment_link_id) {
    return
  }
  await recordInstallmentsDisputeWorkflow(container).run({
    input: {
      provider_id: delivery.registration_id,
      event_id: delivery.event_id,
      transaction_id: delivery.transaction_id,
      payment_link_id: delivery.payment_link_id,
      session_id: delivery.session_id,
      occurred_at: delivery.occurred_at,
    },
  })
}

/** Refunds accepted or settled at the service: the refund ledger follows (Medusa drops these events). */
const syncRefundLedger: Trigger = async (container, delivery) => {
  if (delivery.transaction_id) {
    await syncInstallmentsRefundLedgerWorkflow(container).run({
      input: { provider_id: delivery.registration_id, transaction_id: delivery.transaction_id, only_if_ours: true },
    })
  }
}

/** What each of the service's events triggers: the one place a delivery's consequences are decided. */
export const WEBHOOK_TRIGGERS: Readonly<Record<WebhookEventName, readonly Trigger[]>> = {
  "order.success": [placePaidOrder, recordAdminLink],
  "installment.tracker.approved": [placePaidOrder],
  "order.failed": [cancelUnpaidOrder, recordAdminLink],
  "installment.tracker.rejected": [cancelUnpaidOrder],
  "payment_link.expired": [cancelUnpaidOrder, recordAdminLink],
  "order.disputed": [recordDispute],
  "order.updated": [syncRefundLedger],
  "order.created": [],
  "modal.closed": [],
}

/**
 * Runs what the table says for a verified delivery. Every trigger re-reads the service and the
 * database, so running one twice changes nothing more; each runs even if another failed, and a
 * failure is thrown afterwards so the event bus retries the delivery.
 */
export default async function installmentsWebhookReceived({ event, container }: SubscriberArgs<WebhookReceivedData>) {
  const registrationId = registrationIdOf(event.data.provider_id)
  const triggers = WEBHOOK_TRIGGERS[event.data.event_name] ?? []
  if (!registrationId || !triggers.length) {
    return
  }
  const delivery: Delivery = { ...event.data, registration_id: registrationId }
  const failures: unknown[] = []
  for (const trigger of triggers) {
    await trigger(container, delivery).catch((error: unknown) => failures.push(error))
  }
  if (failures.length) {
    throw failures[0]
  }
}

/** The session a link was made for (its `metadata.session_id`), read from the service; undefined for a link of no session. */
async function sessionOfLink(container: MedusaContainer, registrationId: RegistrationId, linkId: string): Promise<string | undefined> {
  const client = clientForProvider(container, registrationId)
  const sessionId = client ? (await readLink(client, linkId)).payment_link.metadata?.session_id : undefined
  return typeof sessionId === "string" && sessionId ? sessionId : undefined
}

export const config: SubscriberConfig = { event: WEBHOOK_RECEIVED_EVENT, context: { subscriberId: "installments-webhook-received" } }
