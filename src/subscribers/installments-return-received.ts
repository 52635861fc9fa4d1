import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { refundInstallmentsReturnWorkflow } from "../workflows/refund-return"

/**
 * Return received (in full or in part, also inside claims and exchanges): refund what the order
 * now owes. The return is followed first (a sweep item), so a busy lock, a crash or a refund waiting
 * behind another never loses what it owes: jobs/refund-received-returns.ts runs it again until it is
 * settled. The receipt itself is done; a failure here is logged and retried, never undone.
 */
export default async function installmentsReturnReceived({
  event,
  container,
}: SubscriberArgs<{ order_id: string; return_id: string }>) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const { order_id, return_id } = event.data
  try {
    const generation = await service.reopenReturnSweepItem(return_id)
    const { result } = await refundInstallmentsReturnWorkflow(container).run({ input: { order_id, return_id } })
    if (!result.refunds.length) {
      logger.info(`installments: return ${return_id} of order ${order_id}: nothing refunded (${result.reason})`)
    }
    if (result.settled) {
      await service.closeReturnSweepItem(return_id, generation)
    }
  } catch (error) {
    logger.error(
      `installments: could not refund return ${return_id} of order ${order_id} now: ${(error as Error).message}; ` +
        "the plugin tries again within a few minutes"
    )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.RETURN_RECEIVED,
  context: { subscriberId: "installments-return-refund" },
}
