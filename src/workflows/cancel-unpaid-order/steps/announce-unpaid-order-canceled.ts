import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { UnpaidOrderDecision } from "../unpaid-order-decision"

/** The message a merchant reads in the logs when the plugin canceled an unpaid order. */
export function unpaidOrderCanceledMessage(decision: UnpaidOrderDecision): string {
  const order = decision.order_display_id ? `#${decision.order_display_id} (${decision.order_id})` : decision.order_id
  return (
    `installments: order ${order} was canceled because its payment never completed: ${decision.reason}. ` +
    "The order had been placed while the payment was pending (bank review of a 0% installment request); " +
    `nothing was captured, so nothing was refunded. Payment session ${decision.session_id} is marked ${decision.session_status}. ` +
    "Contact the customer if they still want the items: they can order again with another payment."
  )
}

export const announceUnpaidOrderCanceledStep = createStep(
  "installments-announce-unpaid-order-canceled",
  async (decision: UnpaidOrderDecision, { container }) => {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).error(unpaidOrderCanceledMessage(decision))
    return new StepResponse(undefined)
  }
)
