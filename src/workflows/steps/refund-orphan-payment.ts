import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientForProvider } from "../../providers/installments/client"
import { serviceError } from "../../providers/installments/errors"
import { orphanRefundKey, type OrphanDecision } from "../utils/orphan"

export interface RefundOrphanInput {
  provider_id: string
  decision: OrphanDecision
}

/** The message a merchant reads in the logs when the plugin refunded an orphan payment. */
export function orphanRefundedMessage(decision: OrphanDecision): string {
  return (
    `installments: a customer paid ${decision.amount} SAR on payment link ${decision.payment_link_id} ` +
    `(transaction ${decision.transaction_id}) but no order can record it: ${decision.reason} ` +
    "(the cart changed or another payment was started after this link was made, and the customer paid the old link). " +
    `The payment was refunded in full (refund key ${orphanRefundKey(decision.transaction_id!)}); ` +
    "the customer gets the money back from their bank. No order was placed for it; nothing else to do unless the customer contacts you."
  )
}

/** Refunds an orphan payment in full, keyed `orphan-<transaction id>` so repeated sweeps refund once. */
export const refundOrphanPaymentStep = createStep(
  "installments-refund-orphan-payment",
  async (input: RefundOrphanInput, { container }) => {
    const { decision } = input
    const client = clientForProvider(container, input.provider_id)
    if (!client || !decision.transaction_id || !decision.amount) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Cannot refund orphan payment on link ${decision.payment_link_id}.`)
    }
    try {
      const accepted = await client.transactions.refund(
        decision.transaction_id,
        { refund_amount: decision.amount, reason: "Paid link of a checkout that no longer exists: no order was placed" },
        { idempotencyKey: orphanRefundKey(decision.transaction_id) }
      )
      container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).error(orphanRefundedMessage(decision))
      return new StepResponse({ key: accepted.key, idempotency_key: accepted.idempotency_key })
    } catch (error) {
      throw serviceError(`refund the orphan payment on transaction ${decision.transaction_id}`, error)
    }
  }
)
