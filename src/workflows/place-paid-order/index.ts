import { PaymentActions } from "@medusajs/framework/utils"
import { createWorkflow, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { processPaidSessionStep } from "./steps/process-paid-session"
import { readSessionVerdictStep, type SessionToReconcile } from "./steps/read-session-verdict"

/**
 * Settles a session whose webhook never came: if its link was paid, it goes through the same
 * processPaymentWorkflow as a webhook, under the cart's lock, which places the order once however
 * often it runs and whoever else is completing the cart.
 */
export const reconcileInstallmentsSessionWorkflow = createWorkflow(
  "installments-reconcile-session",
  (input: SessionToReconcile) => {
    const verdict = readSessionVerdictStep(input)
    when("installments-session-was-paid", { verdict }, ({ verdict }) => verdict.action === PaymentActions.SUCCESSFUL).then(
      () => {
        processPaidSessionStep({ session_id: verdict.session_id, amount: verdict.amount })
      }
    )
    return new WorkflowResponse(verdict)
  }
)
