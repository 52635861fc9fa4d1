import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { checkInstallmentsOrderRefundsWorkflow } from "../workflows/reconcile-order-refunds"

/**
 * Order canceled: make sure every refund Medusa booked reached the service (medusa#15306). A check
 * that fails is followed for the check-canceled-order-refunds job, which tries again.
 */
export default async function installmentsOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: event.data.id } })
  } catch (error) {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    logger.error(`installments: could not check the refunds of canceled order ${event.data.id}: ${(error as Error).message}`)
    await container
      .resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
      .followSweepItems("canceled-order", [event.data.id])
      .catch((followError: Error) =>
        logger.error(`installments: could not schedule another check of canceled order ${event.data.id}: ${followError.message}`)
      )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "installments-check-cancel-refunds" },
}
