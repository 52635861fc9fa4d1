import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { providerIdOf } from "../../installments/provider-ids"
import { recordsTransaction } from "../../installments/session-data"
import { loadSessionContext, type SessionContext } from "../../installments/session-records"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import { PAYMENT_DISPUTED_EVENT, type PaymentDisputedData } from "../../modules/installments/events"
import type InstallmentsModuleService from "../../modules/installments/service"

export interface RecordDisputeInput {
  /** The provider registration's id. */
  provider_id: string
  event_id: string
  transaction_id: string
  /** The link the disputed payment was made on (the delivery's hint). */
  payment_link_id?: string
  session_id?: string
  /** ISO 8601; defaults to now. */
  occurred_at?: string
}

/** Which Medusa payment and order a dispute is against: only the payment that records its transaction. */
export function disputedPayment(input: Pick<RecordDisputeInput, "transaction_id" | "payment_link_id">, context: SessionContext) {
  const payment = context.payments.find((row) => recordsTransaction(row.data, input.transaction_id, input.payment_link_id))
  // A dispute tied to the wrong payment would send the merchant to answer for the wrong order: unmatched, it names none.
  return payment ? { payment_id: payment.id, order_id: context.order?.id ?? null } : { payment_id: null, order_id: null }
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

/**
 * A verified `order.disputed` delivery: a chargeback was opened on a payment. Recorded against the
 * payment that records the transaction and its order, and emitted as `installments.payment_disputed`
 * for the merchant to respond; the payment and the order are left as they are.
 */
export const recordInstallmentsDisputeWorkflow = createWorkflow("installments-record-dispute", (input: RecordDisputeInput) => {
  const recorded = recordDisputeStep(input)
  when("installments-dispute-is-new", { recorded }, ({ recorded }) => recorded.first).then(() => {
    emitEventStep({ eventName: PAYMENT_DISPUTED_EVENT, data: transform({ recorded }, ({ recorded }) => recorded.data) }).config({
      name: "installments-emit-payment-disputed",
    })
  })
  return new WorkflowResponse(recorded)
})
