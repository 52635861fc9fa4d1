import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientForProvider } from "../../installments/registrations"
import { merchantError } from "../../installments/service-errors"

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
    try {
      const accepted = await client.transactions.refund(
        input.transaction_id,
        { refund_amount: input.amount, reason: input.reason },
        { idempotencyKey: input.idempotency_key }
      )
      return new StepResponse({ key: accepted.key, idempotency_key: accepted.idempotency_key })
    } catch (error) {
      throw merchantError(error, { action: `refund transaction ${input.transaction_id}` })
    }
  }
)
