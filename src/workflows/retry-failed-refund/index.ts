import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { checkInstallmentsOrderRefundsWorkflow } from "../reconcile-order-refunds"
import { refundInstallmentsReturnWorkflow } from "../refund-return"
import { loadFailedRefundStep } from "./steps/load-failed-refund"
import { readRefundStep } from "./steps/read-refund"
import { stopRetryingRefundStep } from "./steps/stop-retrying-refund"

/**
 * Retries a failed refund through the flow that made it: a return's refund re-reads what the order
 * owes (a refund made by hand meanwhile leaves less or nothing), a cancel's refund is sent again
 * under its original key. A refund nothing is owed for any more is no longer retried. Returns the
 * ledger row as it stands after.
 */
export const retryInstallmentsRefundWorkflow = createWorkflow("installments-retry-refund", (input: { id: string }) => {
  const row = loadFailedRefundStep(input)
  const returned = when("installments-retry-return-refund", { row }, ({ row }) => row.source === "return").then(() =>
    refundInstallmentsReturnWorkflow.runAsStep({
      input: transform({ row }, ({ row }) => ({ order_id: row.order_id, return_id: row.return_id ?? undefined, retry_of: row.id })),
    })
  )
  const checked = when("installments-retry-cancel-refund", { row }, ({ row }) => row.source === "cancel").then(() =>
    checkInstallmentsOrderRefundsWorkflow.runAsStep({
      input: transform({ row }, ({ row }) => ({ order_id: row.order_id, retry_of: row.id })),
    })
  )
  const sent = transform({ returned, checked }, ({ returned, checked }) => (returned?.refunds.length ?? 0) + (checked?.attempts.length ?? 0))
  when("installments-retry-nothing-owed", { sent }, ({ sent }) => sent === 0).then(() => {
    stopRetryingRefundStep(input)
  })
  return new WorkflowResponse(readRefundStep(input))
})
