import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { checkInstallmentsOrderRefundsWorkflow } from "../workflows/reconcile-order-refunds"

/** Order canceled: make sure every refund Medusa booked reached the service (medusa#15306). */
export default async function installmentsOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: event.data.id } })
  } catch (error) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .error(`installments: could not check the refunds of canceled order ${event.data.id}: ${(error as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "installments-check-cancel-refunds" },
}
