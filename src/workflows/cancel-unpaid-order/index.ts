import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderWorkflow, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORDER_CANCELED_UNPAID_EVENT, type OrderCanceledUnpaidData } from "../../modules/installments/events"
import { announceUnpaidOrderCanceledStep } from "./steps/announce-unpaid-order-canceled"
import { decideUnpaidOrderStep, type UnpaidOrderInput } from "./steps/decide-unpaid-order"
import { loadUnpaidOrderCandidateStep } from "./steps/load-unpaid-order-candidate"
import { markSessionUnpaidStep } from "./steps/mark-session-unpaid"

/**
 * An order placed while its payment was pending (the bank reviewing a 0% installment request) whose
 * payment then failed (bank rejection, failed attempt) or whose link expired: Medusa drops failed and
 * canceled webhook actions, so the plugin marks the session (error / canceled), cancels the order
 * with Medusa's cancelOrderWorkflow (nothing was captured, so nothing is refunded), and logs and
 * emits `installments.order_canceled_unpaid` for the merchant. Safe to run any number of times.
 */
export const cancelUnpaidInstallmentsOrderWorkflow = createWorkflow("installments-cancel-unpaid-order", (input: UnpaidOrderInput) => {
  const candidate = loadUnpaidOrderCandidateStep(input)
  when("installments-lock-unpaid-order-cart", { candidate }, ({ candidate }) => candidate.candidate).then(() => {
    acquireLockStep({ key: candidate.cart_id as string, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
  })
  const decideInput = transform({ input, candidate }, ({ input, candidate }) => ({
    session_id: input.session_id,
    candidate: candidate.candidate,
  }))
  const decision = decideUnpaidOrderStep(decideInput)
  when("installments-unpaid-order-is-canceled", { decision }, ({ decision }) => decision.cancel).then(() => {
    markSessionUnpaidStep(
      transform({ decision }, ({ decision }) => ({ session_id: decision.session_id, status: decision.session_status! }))
    )
    cancelOrderWorkflow.runAsStep({ input: { order_id: decision.order_id as string } })
    announceUnpaidOrderCanceledStep(decision)
    const data = transform({ decision }, ({ decision }): OrderCanceledUnpaidData => ({
      order_id: decision.order_id!,
      session_id: decision.session_id,
      provider_id: decision.provider_id!,
      reason: decision.reason,
    }))
    emitEventStep({ eventName: ORDER_CANCELED_UNPAID_EVENT, data }).config({ name: "installments-emit-order-canceled-unpaid" })
  })
  when("installments-unlock-unpaid-order-cart", { candidate }, ({ candidate }) => candidate.candidate).then(() => {
    releaseLockStep({ key: candidate.cart_id as string, executeOnSubWorkflow: true })
  })
  return new WorkflowResponse(decision)
})
