import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { checkInstallmentsOrderRefundsWorkflow } from "../workflows/reconcile-order-refunds"

/**
 * Order canceled: make sure every refund Medusa booked reached the service (medusa#15306). The order
 * is followed first (a `canceled-order` sweep item), so a check that fails, or a process that stops
 * during it, leaves it for the check-canceled-order-refunds job, which tries again; a check that
 * passes closes it.
 */
export default async function installmentsOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const orderId = event.data.id
  try {
    await service.followSweepItems("canceled-order", [orderId])
  } catch (error) {
    logger.error(`installments: could not schedule the check of canceled order ${orderId}: ${(error as Error).message}`)
  }
  try {
    await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: orderId } })
    await service.closeFollowedSweepItems("canceled-order", [orderId])
  } catch (error) {
    logger.error(
      `installments: could not check the refunds of canceled order ${orderId}: ${(error as Error).message}; the plugin tries again within 5 minutes`
    )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "installments-check-cancel-refunds" },
}
