import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createWorkflow, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { markSessionUnpaidStep } from "../cancel-unpaid-order/steps/mark-session-unpaid"
import { processPaidSessionStep } from "./steps/process-paid-session"
import type { SessionToReconcile } from "../../installments/sessions/session-verdict"
import { readSessionVerdictStep } from "./steps/read-session-verdict"

/**
 * The one way a paid link becomes an order, for the paid webhook and for the sweep of sessions whose
 * webhook never came: the link is read (the webhook's read shares the shopper's), and a paid one goes
 * through Medusa's processPaymentWorkflow, under the cart's lock, which places the order once however
 * often it runs and whoever else is completing the cart. A session collecting an order's debt has no
 * cart: Medusa authorizes and captures it on the order's payment collection.
 */
export const reconcileInstallmentsSessionWorkflow = createWorkflow("installments-reconcile-session", (input: SessionToReconcile) => {
  const verdict = readSessionVerdictStep(input)
  when("installments-session-was-paid", { verdict }, ({ verdict }) => verdict.action === PaymentActions.SUCCESSFUL).then(() => {
    processPaidSessionStep({ session_id: verdict.session_id, amount: verdict.amount })
  })
  // An order's debt link that expired: its session is closed so the order card offers a new link. A
  // declined attempt leaves it open, since the customer may still pay the same link.
  when(
    "installments-order-debt-link-expired",
    { verdict },
    ({ verdict }) => verdict.order_debt && verdict.action === PaymentActions.CANCELED
  ).then(() => {
    markSessionUnpaidStep({ session_id: verdict.session_id, status: PaymentSessionStatus.CANCELED })
  })
  return new WorkflowResponse(verdict)
})
