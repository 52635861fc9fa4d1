import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendRefund } from "../../installments/refund-sender"
import { clientForProvider } from "../../installments/registrations"
import { formatAmount, parseAmount } from "../../lib/money"

export interface RefundThroughServiceInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: string
  transaction_id: string
  /** Decimal SAR, exact to the halala. */
  amount: string
  /** Sent as the refund's Idempotency-Key: the service refunds once per key however often this runs. */
  idempotency_key: string
  /** Why, as the service records it (no customer data). */
  reason: string
}

/**
 * Refunds a transaction directly with the service, for a payment no Medusa payment records (so
 * Medusa's own refund cannot be used). The key makes every retry and every later run refund once.
 */
export const refundThroughServiceStep = createStep(
  "installments-refund-through-service",
  async (input: RefundThroughServiceInput, { container }) => {
    const client = clientForProvider(container, input.provider_id)
    if (!client) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No installments payment provider is registered with id ${input.provider_id} to refund transaction ${input.transaction_id}.`
      )
    }
    const sent = await sendRefund(
      client,
      { transactionId: input.transaction_id, halalas: parseAmount(input.amount), idempotencyKey: input.idempotency_key, reason: input.reason },
      container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    )
    return new StepResponse({ amount: formatAmount(sent.halalas), already_accepted: sent.alreadyAccepted })
  }
)
