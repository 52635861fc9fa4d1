import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { PAYMENT_DISPUTED_EVENT } from "../../modules/installments/events"
import { recordDisputeStep, type RecordDisputeInput } from "./steps/record-dispute"

export type { RecordDisputeInput }

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
