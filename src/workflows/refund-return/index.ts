import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { REFUND_FAILED_EVENT } from "../../modules/installments/events"
import { announceRefundFailuresStep } from "../steps/announce-refund-failures"
import { decideReturnRefundStep, type ReturnRefundInput } from "./steps/decide-return-refund"
import { refundThroughMedusaStep } from "./steps/refund-through-medusa"

export type RefundReturnInput = ReturnRefundInput

/** The refund's note in the order, naming the return. */
export function returnRefundNote(returnId: string | undefined): string {
  return returnId
    ? `Return ${returnId} received: refunded by the installments plugin`
    : "Return received: refunded by the installments plugin"
}

/**
 * A return was received (in full or in part, on its own or inside a claim or an exchange): under a
 * lock on the order, refunds what Medusa's order summary now says is owed, capped by what this
 * plugin's payments can still refund, through Medusa's refundPaymentWorkflow. Exactly once: a
 * repeated or concurrent event, a retry after a crash, or a refund made by hand meanwhile re-reads
 * the summary under the lock and finds less or nothing owed. A refusal is recorded in the ledger
 * and emitted as `installments.refund_failed`; it never undoes the return.
 */
export const refundInstallmentsReturnWorkflow = createWorkflow("installments-refund-return", (input: RefundReturnInput) => {
  acquireLockStep({ key: input.order_id, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
  const decision = decideReturnRefundStep(input)
  const sent = when("installments-return-owes-a-refund", { decision }, ({ decision }) => decision.refunds.length > 0).then(() => {
    const outcomes = refundThroughMedusaStep(
      transform({ decision, input }, ({ decision, input }) => ({
        refunds: decision.refunds,
        order_id: input.order_id,
        return_id: input.return_id ?? null,
        note: returnRefundNote(input.return_id),
      }))
    )
    const failed = announceRefundFailuresStep(
      transform({ outcomes, input }, ({ outcomes, input }) => ({
        attempts: outcomes,
        source: "return" as const,
        order_id: input.order_id,
      }))
    )
    return { outcomes, failed }
  })
  when("installments-return-refund-refused", { sent }, ({ sent }) => !!sent?.failed.length).then(() => {
    emitEventStep({ eventName: REFUND_FAILED_EVENT, data: transform({ sent }, ({ sent }) => sent!.failed) }).config({
      name: "installments-emit-return-refund-failed",
    })
  })
  releaseLockStep({ key: input.order_id, executeOnSubWorkflow: true })
  const result = transform({ decision, sent }, ({ decision, sent }) => ({
    owed: decision.owed,
    reason: decision.reason,
    refunds: (sent?.outcomes ?? []).map((attempt) => ({
      payment_id: attempt.payment_id,
      amount: attempt.amount_sar,
      ...(attempt.refund_id ? { refund_id: attempt.refund_id } : { failed: true }),
    })),
  }))
  return new WorkflowResponse(result)
})
