import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, PaymentEvents } from "@medusajs/framework/utils"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/sync-refund-ledger"
import { registrationIdOf } from "../installments/registrations/provider-ids"

type RefundedPayment = {
  id: string
  provider_id: string
  data?: { transaction_id?: unknown }
  payment_collection?: { order?: { id?: string } | null } | null
}

/**
 * A refund went through Medusa's refundPaymentWorkflow (the admin's Refund, or the plugin's own
 * return refund, which names itself in the ledger): record it with its payment and order.
 */
export default async function paymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "data", "payment_collection.order.id"],
    filters: { id: event.data.id },
  })
  const payment = data[0] as RefundedPayment | undefined
  const transactionId = payment?.data?.transaction_id
  const registrationId = registrationIdOf(payment?.provider_id)
  if (!payment || !registrationId || typeof transactionId !== "string") {
    return
  }
  const orderId = payment.payment_collection?.order?.id
  await syncInstallmentsRefundLedgerWorkflow(container).run({
    input: {
      provider_id: registrationId,
      transaction_id: transactionId,
      payment_id: payment.id,
      ...(orderId ? { order_id: orderId } : {}),
      default_source: "admin",
    },
  })
}

export const config: SubscriberConfig = { event: PaymentEvents.REFUNDED }
