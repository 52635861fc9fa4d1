import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { refundInstallmentsReturnWorkflow } from "../workflows/refund-return"

/**
 * Return received (in full or in part, also inside claims and exchanges): refund what the order
 * now owes. The receipt itself is done; a failure here is logged and recorded, never undone.
 */
export default async function installmentsReturnReceived({
  event,
  container,
}: SubscriberArgs<{ order_id: string; return_id: string }>) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { order_id, return_id } = event.data
  try {
    const { result } = await refundInstallmentsReturnWorkflow(container).run({ input: { order_id, return_id } })
    if (!result.refunds.length) {
      logger.info(`installments: return ${return_id} of order ${order_id}: nothing refunded (${result.reason})`)
    }
  } catch (error) {
    logger.error(`installments: could not refund return ${return_id} of order ${order_id}: ${(error as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.RETURN_RECEIVED,
  context: { subscriberId: "installments-return-refund" },
}
