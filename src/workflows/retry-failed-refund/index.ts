import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { checkInstallmentsOrderRefundsWorkflow } from "../reconcile-order-refunds"
import { refundInstallmentsReturnWorkflow } from "../refund-return"
import { refundThroughServiceStep } from "../steps/refund-through-service"
import { loadFailedRefundStep } from "./steps/load-failed-refund"
import { readRefundStep } from "./steps/read-refund"
import { stopRetryingRefundStep } from "./steps/stop-retrying-refund"

/**
 * Retries a failed refund under the key of its cause: a return's refund re-reads what the order
 * owes (a refund made by hand meanwhile leaves less or nothing) and is sent under the return's key,
 * a cancel's is sent again by the order's refund check, and any other (an orphan or canceled-order
 * payment, a refund from the admin whose answer was lost) is sent again as it was. A refund nothing
 * is owed for any more is no longer retried. Returns the ledger row as it stands after.
 */
export const retryInstallmentsRefundWorkflow = createWorkflow("installments-retry-refund", (input: { id: string }) => {
  const row = loadFailedRefundStep(input)
  const returned = when("installments-retry-return-refund", { row }, ({ row }) => row.source === "return").then(() =>
    refundInstallmentsReturnWorkflow.runAsStep({
      input: transform({ row }, ({ row }) => ({ order_id: row.order_id!, return_id: row.return_id ?? undefined })),
    })
  )
  const checked = when("installments-retry-cancel-refund", { row }, ({ row }) => row.source === "cancel").then(() =>
    checkInstallmentsOrderRefundsWorkflow.runAsStep({
      input: transform({ row }, ({ row }) => ({ order_id: row.order_id! })),
    })
  )
  when("installments-retry-refund-as-sent", { row }, ({ row }) => row.source !== "return" && row.source !== "cancel").then(() => {
    refundThroughServiceStep(
      transform({ row }, ({ row }) => ({
        provider_id: row.provider_id,
        transaction_id: row.transaction_id,
        amount: row.amount,
        idempotency_key: row.idempotency_key,
        source: row.source,
        payment_id: row.payment_id,
        order_id: row.order_id,
        reason: "Refund retried by the installments plugin",
      }))
    ).config({ name: "installments-retry-refund-through-service" })
  })
  const sent = transform({ returned, checked, row }, ({ returned, checked, row }) =>
    row.source === "return" || row.source === "cancel" ? (returned?.refunds.length ?? 0) + (checked?.attempts.length ?? 0) : 1
  )
  when("installments-retry-nothing-owed", { sent }, ({ sent }) => sent === 0).then(() => {
    stopRetryingRefundStep(transform({ row }, ({ row }) => ({ id: row.id, transaction_id: row.transaction_id })))
  })
  return new WorkflowResponse(readRefundStep(input))
})
