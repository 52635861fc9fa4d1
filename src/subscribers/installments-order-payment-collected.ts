import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PaymentEvents } from "@medusajs/framework/utils"
import { announceOrderPaymentCollectedWorkflow } from "../workflows/announce-order-payment-collected"

/** Medusa captured a payment: a link that collected an order's debt is announced, once. */
export default async function installmentsOrderPaymentCollected({ event, container }: SubscriberArgs<{ id: string }>) {
  await announceOrderPaymentCollectedWorkflow(container).run({ input: { payment_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: PaymentEvents.CAPTURED,
  context: { subscriberId: "installments-order-payment-collected" },
}
