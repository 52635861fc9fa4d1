import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  canceledOrderPaymentRefundedMessage,
  type CanceledOrderPaymentDecision,
} from "../../../installments/refunds/canceled-order-decision"

/** Tells the merchant, at error level, that a payment made on a canceled order was refunded. */
export const announceCanceledOrderPaymentRefundedStep = createStep(
  "installments-announce-canceled-order-payment-refunded",
  async (input: { decision: CanceledOrderPaymentDecision; refund_id?: string }, { container }) => {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .error(canceledOrderPaymentRefundedMessage(input.decision, input.refund_id))
    return new StepResponse(undefined)
  }
)
