import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import { PAYMENT_DISPUTED_EVENT, type PaymentDisputedData } from "../../modules/installments/events"
import type InstallmentsModuleService from "../../modules/installments/service"
import { loadSessionContext } from "../../installments/session-records"

export interface RecordDisputeInput {
  /** The provider registration's id. */
  provider_id: string
  event_id: string
  transaction_id: string
  session_id?: string
  /** ISO 8601; defaults to now. */
  occurred_at?: string
}

/** Records the dispute against the payment and order of the link's session, once per delivery. */
export const recordDisputeStep = createStep("installments-record-dispute", async (input: RecordDisputeInput, { container }) => {
  const context = input.session_id ? await loadSessionContext(container, input.session_id) : { payments: [] }
  const payment = context.payments.find((row) => row.data?.transaction_id === input.transaction_id) ?? context.payments[0]
  const disputedAt = input.occurred_at && !Number.isNaN(Date.parse(input.occurred_at)) ? new Date(input.occurred_at) : new Date()
  const record = {
    transaction_id: input.transaction_id,
    payment_id: payment?.id ?? null,
    order_id: "order" in context ? context.order?.id ?? null : null,
    provider_id: input.provider_id,
    event_id: input.event_id,
    disputed_at: disputedAt,
  }
  const first = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).recordDispute(record)
  const data: PaymentDisputedData = { ...record, disputed_at: disputedAt.toISOString() }
  return new StepResponse({ first, data })
})

/**
 * A verified `order.disputed` delivery: a chargeback was opened on a payment. Recorded against the
 * order's payment and emitted as `installments.payment_disputed` for the merchant to respond; the
 * payment and the order are left as they are.
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
