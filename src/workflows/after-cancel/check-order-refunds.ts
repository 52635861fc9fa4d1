import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { REFUND_FAILED_EVENT } from "../../modules/installments/events"
import { recordRefundOutcomesStep } from "../refund-ledger/record-refund-outcomes"
import { findMissingRefundsStep, type CheckOrderRefundsInput } from "./find-missing-refunds"
import { sendMissingRefundsStep } from "./send-missing-refunds"

/**
 * After Medusa's order cancel (or any refund through refundPaymentsWorkflow, which books refunds
 * the provider refused: medusa#15306): under a lock on the order, checks every refund Medusa shows
 * on this plugin's payments against the service's refund_tracker, sends the missing ones again
 * with the same key, and records in the ledger what the service still refuses (as failed, with
 * `installments.refund_failed`), so no order looks paid back when the customer was not.
 */
export const checkInstallmentsOrderRefundsWorkflow = createWorkflow(
  "installments-check-order-refunds",
  (input: CheckOrderRefundsInput) => {
    acquireLockStep({ key: input.order_id, timeout: 30, ttl: 120 })
    const missing = findMissingRefundsStep(input)
    const sent = when("installments-order-refunds-missing", { missing }, ({ missing }) => missing.length > 0).then(() => {
      const attempts = sendMissingRefundsStep(missing)
      const failed = recordRefundOutcomesStep(
        transform({ attempts, input }, ({ attempts, input }) => ({
          attempts,
          source: "cancel" as const,
          order_id: input.order_id,
          retry_of: input.retry_of,
        }))
      )
      return { attempts, failed }
    })
    when("installments-order-refund-refused", { sent }, ({ sent }) => !!sent?.failed.length).then(() => {
      emitEventStep({ eventName: REFUND_FAILED_EVENT, data: transform({ sent }, ({ sent }) => sent!.failed) }).config({
        name: "installments-emit-cancel-refund-failed",
      })
    })
    releaseLockStep({ key: input.order_id })
    return new WorkflowResponse(transform({ missing, sent }, ({ missing, sent }) => ({ missing, attempts: sent?.attempts ?? [] })))
  }
)
