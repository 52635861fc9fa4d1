import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { recordRefundsOnPaymentsStep } from "../reconcile-order-refunds/steps/record-refunds-on-payments"
import { readRefundStep } from "../retry-failed-refund/steps/read-refund"
import { findRefundPaymentStep } from "./steps/find-refund-payment"
import { markRecordedInMedusaStep } from "./steps/mark-recorded-in-medusa"
import { resolveFromTrackerStep, type ResolveRefundIntentInput } from "./steps/resolve-from-tracker"

/** The note of a refund recorded in Medusa after its answer was lost. */
export function confirmedRefundNote(key: string): string {
  return `Refund ${key} confirmed by the installments service after its answer was lost`
}

/**
 * Brings one ledger row to what the service says: an unresolved intent is settled from the refund
 * tracker (applied, or never received and so retried under its key); an applied refund that
 * Medusa's run gave up on (it deletes its refund when the provider throws) is recorded on Medusa's
 * payment once, through Medusa's own refund workflow, whose provider call finds it applied and sends
 * nothing. After it, Medusa's refunds of the payment equal the service's.
 */
export const resolveInstallmentsRefundIntentWorkflow = createWorkflow(
  "installments-resolve-refund-intent",
  (input: ResolveRefundIntentInput) => {
    const row = resolveFromTrackerStep(input)
    const toRecord = transform({ row }, ({ row }) =>
      row && row.record_in_medusa && (row.status === "P" || row.status === "R")
        ? {
            row_id: row.id,
            transaction_id: row.transaction_id,
            idempotency_key: row.idempotency_key ?? "",
            medusa_refund_id: row.medusa_refund_id ?? null,
            payment_id: row.payment_id ?? null,
            payment_session_id: row.payment_session_id ?? null,
            amount: String((row.raw_amount as { value?: unknown } | null)?.value ?? row.amount),
          }
        : null
    )
    const payment = when("installments-refund-to-record-in-medusa", { toRecord }, ({ toRecord }) => !!toRecord).then(() =>
      findRefundPaymentStep(transform({ toRecord }, ({ toRecord }) => toRecord!))
    )
    when(
      "installments-refund-shown-in-medusa",
      { payment },
      ({ payment }) => !!payment && (payment.shown || !payment.payment_id)
    ).then(() => {
      markRecordedInMedusaStep(
        transform({ toRecord }, ({ toRecord }) => ({ row_id: toRecord!.row_id, transaction_id: toRecord!.transaction_id }))
      )
    })
    when(
      "installments-record-refund-on-open-order",
      { payment },
      ({ payment }) => !!payment?.payment_id && !payment.shown && !payment.order_canceled
    ).then(() => {
      refundPaymentWorkflow.runAsStep({
        input: transform({ toRecord, payment }, ({ toRecord, payment }) => ({
          payment_id: payment!.payment_id!,
          amount: toRecord!.amount,
          note: confirmedRefundNote(toRecord!.idempotency_key),
        })),
      })
    })
    when(
      "installments-record-refund-on-canceled-order",
      { payment },
      ({ payment }) => !!payment?.payment_id && !payment.shown && payment.order_canceled
    ).then(() => {
      // Medusa's order cancel booked the order's refund already (medusa#15306): the payment alone.
      recordRefundsOnPaymentsStep(
        transform({ toRecord, payment }, ({ toRecord, payment }) => [
          { payment_id: payment!.payment_id!, idempotency_key: toRecord!.idempotency_key, amount_sar: toRecord!.amount },
        ])
      )
      markRecordedInMedusaStep(
        transform({ toRecord }, ({ toRecord }) => ({ row_id: toRecord!.row_id, transaction_id: toRecord!.transaction_id }))
      ).config({ name: "installments-mark-refund-recorded-on-canceled-order" })
    })
    return new WorkflowResponse(readRefundStep(transform({ input }, ({ input }) => ({ id: input.id }))))
  }
)
