import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendRefund } from "../../installments/refunds/send-refund"
import { clientForProvider } from "../../installments/registrations/lookup"
import type { RefundSource } from "../../installments/refunds/keys"
import { formatAmount, parseAmount } from "../../lib/money"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import type { RegistrationId } from "../../installments/registrations/provider-ids"

export interface RefundThroughServiceInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
  transaction_id: string
  /** Decimal SAR, exact to the halala. */
  amount: string
  /** The key of the refund's cause: the service refunds once per key however often this runs. */
  idempotency_key: string
  /** Every key the service may list the cause under (`CauseKey.known`). */
  known_keys?: readonly string[]
  source: RefundSource
  payment_id?: string | null
  order_id?: string | null
  /** Why, as the service records it (no customer data). */
  reason: string
}

/**
 * Refunds a transaction directly with the service, for a payment no Medusa payment records (so
 * Medusa's own refund cannot be used), written to the ledger as an intent under its cause's key
 * before it is sent: every retry and every later run refunds once.
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
    const { amount, ...cause } = input
    const sent = await sendRefund(
      client,
      container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE),
      { ...cause, halalas: parseAmount(amount) },
      container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    )
    return new StepResponse({ amount: formatAmount(sent.halalas), already_accepted: sent.alreadyAccepted })
  }
)
