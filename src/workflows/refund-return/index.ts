import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { ReturnRefundInput } from "../../installments/refunds/return-refund"
import { REFUND_FAILED_EVENT } from "../../modules/installments/events"
import { announceRefundFailuresStep } from "../steps/announce-refund-failures"
import { orderLockSecondsStep } from "../steps/order-lock-seconds"
import { refundReturnStep } from "./steps/refund-return"
import { followUnsettledReturnStep } from "./steps/follow-unsettled-return"
import { returnRefundSettledStep } from "./steps/return-refund-settled"

export type RefundReturnInput = ReturnRefundInput
export { returnRefundNote } from "../../installments/refunds/return-refund"

/**
 * A return was received (in full or in part, on its own or inside a claim or an exchange): under a
 * lock on the order that outlives its refunds' calls, refunds what Medusa's order summary now says is
 * owed, less the plugin's refunds Medusa does not show yet, capped by what this plugin's payments can
 * still refund, through Medusa's refundPaymentWorkflow. Exactly once: a repeated or concurrent event,
 * a retry after a crash, or a refund made by hand meanwhile re-reads the summary under the lock and
 * finds less or nothing owed. A receipt this run does not settle stays followed by the return's sweep
 * (jobs/refund-received-returns.ts), whichever caller ran it. A refusal is recorded in the ledger and emitted as
 * `installments.refund_failed`; it never undoes the return.
 */
export const refundInstallmentsReturnWorkflow = createWorkflow("installments-refund-return", (input: RefundReturnInput) => {
  const ttl = orderLockSecondsStep(input)
  acquireLockStep(
    transform({ input, ttl }, ({ input, ttl }) => ({ key: input.order_id, timeout: 30, ttl, executeOnSubWorkflow: true }))
  )
  const result = refundReturnStep(input)
  const failed = announceRefundFailuresStep(
    transform({ result, input }, ({ result, input }) => ({
      // A cause waiting behind another refund is no failure: the return's sweep sends it once that is resolved.
      attempts: result.attempts.filter((attempt) => !attempt.waiting),
      source: "return" as const,
      order_id: input.order_id,
    }))
  )
  when("installments-return-refund-refused", { failed }, ({ failed }) => failed.length > 0).then(() => {
    emitEventStep({ eventName: REFUND_FAILED_EVENT, data: failed }).config({ name: "installments-emit-return-refund-failed" })
  })
  const settled = returnRefundSettledStep(result)
  when("installments-return-refund-unsettled", { settled, input }, ({ settled, input }) => !settled && !!input.return_id).then(() => {
    followUnsettledReturnStep(transform({ input }, ({ input }) => ({ return_id: input.return_id! })))
  })
  releaseLockStep({ key: input.order_id, executeOnSubWorkflow: true })
  return new WorkflowResponse(
    transform({ result, settled }, ({ result, settled }) => ({
      /** No more work for this receipt: the return's sweep stops following it. */
      settled,
      owed: result.owed,
      reason: result.reason,
      refunds: result.attempts.map((attempt) => ({
        payment_id: attempt.payment_id,
        amount: attempt.amount_sar,
        ...(attempt.refund_id ? { refund_id: attempt.refund_id } : { failed: true as const }),
        ...(attempt.waiting ? { waiting: true as const } : {}),
      })),
    }))
  )
})
