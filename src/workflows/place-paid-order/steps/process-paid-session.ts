import type { IWorkflowEngineService } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"

export interface PaidSession {
  session_id: string
  amount: string
}

/**
 * Records a paid session through Medusa's processPaymentWorkflow as a workflow of its own, the way
 * Medusa's webhook handler runs it. Run as a nested step it would skip its cart lock (acquireLockStep
 * skips sub-workflows), and a shopper completing the cart at that moment would then fail with
 * "payment already exists", and Medusa would refund the whole payment while rolling back the order.
 */
export const processPaidSessionStep = createStep("installments-process-paid-session", async (input: PaidSession, { container }) => {
  const engine = container.resolve<IWorkflowEngineService>(Modules.WORKFLOW_ENGINE)
  await engine.run(processPaymentWorkflowId, {
    input: { action: PaymentActions.SUCCESSFUL, data: { session_id: input.session_id, amount: input.amount } },
  })
  return new StepResponse(undefined)
})
