import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncRefundLedgerStep, type SyncRefundLedgerInput } from "../steps/sync-refund-ledger"

/** Brings the refund ledger of one transaction up to date with the service. */
export const syncInstallmentsRefundLedgerWorkflow = createWorkflow(
  "installments-sync-refund-ledger",
  (input: SyncRefundLedgerInput) => new WorkflowResponse(syncRefundLedgerStep(input))
)
