import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { providerIdOf, type RegistrationId } from "../../../installments/registrations/provider-ids"
import { loadSessionContext, type SessionContext } from "../../../installments/sessions/records"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type { PaymentDisputedData } from "../../../modules/installments/events"
import type InstallmentsModuleService from "../../../modules/installments/service"
import { disputedPayment } from "../disputed-payment"

export interface RecordDisputeInput {
  /** The provider registration's id. */
  provider_id: RegistrationId
  event_id: string
  transaction_id: string
  /** The link the disputed payment was made on (the delivery's hint). */
  payment_link_id?: string
  session_id?: string
  /** ISO 8601; defaults to now. */
  occurred_at?: string
}

/** Records the dispute against the payment that records its transaction (and that payment's order), once per delivery. */
export const recordDisputeStep = createStep("installments-record-dispute", async (input: RecordDisputeInput, { container }) => {
  const context: SessionContext = input.session_id ? await loadSessionContext(container, input.session_id) : { payments: [] }
  const matched = disputedPayment(input, context)
  if (!matched.payment_id) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `installments: a dispute was opened on transaction ${input.transaction_id}, which no Medusa payment records` +
          `${input.session_id ? ` for payment session ${input.session_id}` : ""}; recorded without a payment or order. ` +
          "Find the payment in the service's dashboard to answer it."
      )
  }
  const disputedAt = input.occurred_at && !Number.isNaN(Date.parse(input.occurred_at)) ? new Date(input.occurred_at) : new Date()
  const record = {
    transaction_id: input.transaction_id,
    ...matched,
    provider_id: input.provider_id,
    event_id: input.event_id,
    disputed_at: disputedAt,
  }
  const first = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).recordDispute(record)
  const data: PaymentDisputedData = { ...record, provider_id: providerIdOf(input.provider_id), disputed_at: disputedAt.toISOString() }
  return new StepResponse({ first, data })
})
