import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { REFUND_FAILED_EVENT } from "../../modules/installments/events"
import { announceRefundFailuresStep } from "../steps/announce-refund-failures"
import { orderLockSecondsStep } from "../steps/order-lock-seconds"
import { findMissingRefundsStep, type CheckOrderRefundsInput } from "./steps/find-missing-refunds"
import { mirrorOrderRefundsStep } from "./steps/mirror-order-refunds"
import { recordRefundsOnPaymentsStep } from "./steps/record-refunds-on-payments"
import { sendMissingRefundsStep } from "./steps/send-missing-refunds"

/**
 * After Medusa's order cancel (or any refund through refundPaymentsWorkflow, which books refunds
 * the provider refused: medusa#15306): under a lock on the order that outlives its refunds' calls, checks every refund Medusa shows
 * on this plugin's payments against the service's refund_tracker, sends the missing ones again
 * with the same key, records in the ledger what the service still refuses (as failed, with
 * `installments.refund_failed`), and records on Medusa's payment each refund the service made that
 * the payment does not show, so no order looks paid back when the customer was not, and no payment
 * shows less refunded than the customer got.
 */
export const checkInstallmentsOrderRefundsWorkflow = createWorkflow(
  "installments-check-order-refunds",
  (input: CheckOrderRefundsInput) => {
    const ttl = orderLockSecondsStep(input)
    acquireLockStep(
      transform({ input, ttl }, ({ input, ttl }) => ({ key: input.order_id, timeout: 30, ttl, executeOnSubWorkflow: true }))
    )
    const gaps = findMissingRefundsStep(input)
    mirrorOrderRefundsStep(transform({ input, gaps }, ({ input, gaps }) => ({ order_id: input.order_id, payments: gaps.payments })))
    const sent = when("installments-order-refunds-missing", { gaps }, ({ gaps }) => gaps.missing.length > 0).then(() => {
      const attempts = sendMissingRefundsStep(
        transform({ gaps, input }, ({ gaps, input }) => ({ missing: gaps.missing, order_id: input.order_id }))
      )
      const failed = announceRefundFailuresStep(
        transform({ attempts, input }, ({ attempts, input }) => ({ attempts, source: "cancel" as const, order_id: input.order_id }))
      )
      return { attempts, failed }
    })
    const toRecord = transform({ gaps, sent }, ({ gaps, sent }) => [
      ...gaps.unrecorded,
      ...(sent?.attempts ?? [])
        .filter((attempt) => attempt.refund_id && attempt.record_on_payment)
        .map((attempt) => ({
          payment_id: attempt.payment_id,
          idempotency_key: attempt.idempotency_key,
          amount_sar: attempt.amount_sar,
        })),
    ])
    when("installments-order-refunds-to-record", { toRecord }, ({ toRecord }) => toRecord.length > 0).then(() => {
      recordRefundsOnPaymentsStep(toRecord)
    })
    when("installments-order-refund-refused", { sent }, ({ sent }) => !!sent?.failed.length).then(() => {
      emitEventStep({ eventName: REFUND_FAILED_EVENT, data: transform({ sent }, ({ sent }) => sent!.failed) }).config({
        name: "installments-emit-cancel-refund-failed",
      })
    })
    releaseLockStep({ key: input.order_id, executeOnSubWorkflow: true })
    return new WorkflowResponse(
      transform({ gaps, sent }, ({ gaps, sent }) => ({ missing: gaps.missing, attempts: sent?.attempts ?? [] }))
    )
  }
)
