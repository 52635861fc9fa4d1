import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orphanRefundKey } from "../../../installments/refunds/keys"
import type { OrphanDecision } from "../../../installments/refunds/orphan-decision"

/** The message a merchant reads in the logs when the plugin refunded an orphan payment. */
export function orphanRefundedMessage(decision: OrphanDecision): string {
  return (
    `installments: a customer paid ${decision.amount} SAR on payment link ${decision.payment_link_id} ` +
    `(transaction ${decision.transaction_id}) but no order can record it: ${decision.reason} ` +
    "(the cart changed or another payment was started after this link was made, and the customer paid the old link). " +
    `The payment was refunded in full (refund key ${orphanRefundKey(decision.transaction_id!).key}); ` +
    "the customer gets the money back from their bank. No order was placed for it; nothing else to do unless the customer contacts you."
  )
}

/** Tells the merchant, at error level, that an orphan payment was refunded. */
export const announceOrphanPaymentRefundedStep = createStep(
  "installments-announce-orphan-payment-refunded",
  async (decision: OrphanDecision, { container }) => {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).error(orphanRefundedMessage(decision))
    return new StepResponse(undefined)
  }
)
