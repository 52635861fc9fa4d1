import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { PAYMENT_DISPUTED_EVENT } from "../../modules/installments/events"
import { loadDisputedSessionStep } from "./steps/load-disputed-session"
import { recordDisputeStep, type RecordDisputeInput } from "./steps/record-dispute"

export type { RecordDisputeInput }

/**
 * A verified `order.disputed` delivery: a chargeback was opened on a payment. Recorded against the
 * payment that records the transaction and its order, once a read of the link confirms the
 * delivery's session holds that transaction, and emitted as `installments.payment_disputed`
 * for the merchant to respond; the payment and the order are left as they are.
 */
export const recordInstallmentsDisputeWorkflow = createWorkflow("installments-record-dispute", (input: RecordDisputeInput) => {
  const confirmed = loadDisputedSessionStep(input)
  const recorded = recordDisputeStep(
    transform({ input, confirmed }, ({ input, confirmed }) => ({ ...input, session_id: confirmed.session_id }))
  )
  when("installments-dispute-is-new", { recorded }, ({ recorded }) => recorded.first).then(() => {
    emitEventStep({ eventName: PAYMENT_DISPUTED_EVENT, data: transform({ recorded }, ({ recorded }) => recorded.data) }).config({
      name: "installments-emit-payment-disputed",
    })
  })
  return new WorkflowResponse(recorded)
})
