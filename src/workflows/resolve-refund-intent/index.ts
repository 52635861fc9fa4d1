import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { resolveRefundStep, type ResolveRefundIntentInput } from "./steps/resolve-refund"

export { confirmedRefundNote } from "../../installments/refunds/resolve-refund"

/**
 * Brings one ledger row to what the service says: an unresolved intent is settled from the refund
 * tracker (applied; or never applied, retried under its key, and any refund row Medusa kept for it
 * removed); an applied refund that Medusa's run gave up on is recorded on Medusa's payment once.
 * After it, Medusa's refunds of the payment equal the service's. Run under the transaction's lock
 * (jobs/resolve-refund-intents.ts), so two resolvers never record one refund twice.
 */
export const resolveInstallmentsRefundIntentWorkflow = createWorkflow(
  "installments-resolve-refund-intent",
  (input: ResolveRefundIntentInput) => new WorkflowResponse(resolveRefundStep(input))
)
