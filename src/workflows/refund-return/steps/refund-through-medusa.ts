import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { refundFailureOf } from "../../../installments/refunds/failures"
import { returnRefundKey } from "../../../installments/refunds/keys"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RefundAttempt } from "../../steps/announce-refund-failures"
import type { PlannedRefund } from "../return-refund-decision"

export interface RefundThroughMedusaInput {
  refunds: PlannedRefund[]
  order_id: string
  return_id?: string | null
  /** The refund's note in the order (names the return). */
  note: string
}

/**
 * Refunds each planned amount through Medusa's refundPaymentWorkflow, so the order's transactions,
 * its summary and the payment's refunds record it. Each is first written to the ledger as an intent
 * under the return's key, which the provider sends it under: a lost answer, a retry or a restart
 * never sends it under another key. A refusal is returned, not thrown: it is in the ledger and never
 * undoes the return.
 */
export const refundThroughMedusaStep = createStep(
  "installments-refund-through-medusa",
  async (input: RefundThroughMedusaInput, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const attempts: RefundAttempt[] = []
    for (const planned of input.refunds) {
      const key = await keyOfReturnRefund(ledger, planned, input)
      const attempt: RefundAttempt = { ...planned, idempotency_key: key }
      const { opening } = await ledger.writeRefundLedger({
        kind: "open",
        transaction_id: planned.transaction_id,
        intent: {
          idempotency_key: key,
          provider_id: planned.provider_id,
          transaction_id: planned.transaction_id,
          payment_id: planned.payment_id,
          order_id: input.order_id,
          return_id: input.return_id ?? null,
          source: "return",
          amount: planned.amount_sar,
        },
      })
      if (opening!.kind !== "send") {
        // Applied already (the resolver records it on the payment), or waiting behind another refund.
        attempts.push(opening!.kind === "blocked" ? { ...attempt, failed: true } : { ...attempt, refund_id: key })
        continue
      }
      const before = new Set((await refundsOf(payments, planned.payment_id)).map((refund) => refund.id))
      const { errors } = await refundPaymentWorkflow(container).run({
        input: { payment_id: planned.payment_id, amount: planned.amount, note: input.note },
        throwOnError: false,
      })
      const made = (await refundsOf(payments, planned.payment_id)).find(
        (refund) => !before.has(refund.id) && refund.note === input.note
      )
      if (made) {
        attempts.push({ ...attempt, refund_id: made.id })
        continue
      }
      const [row] = await ledger.listInstallmentsRefunds({ id: opening!.row_id }, { take: 1 })
      if (row?.status === "sending" && !row.medusa_refund_id) {
        // Medusa refused before calling the provider (its own checks): nothing reached the service.
        await ledger.writeRefundLedger({
          kind: "outcome",
          transaction_id: planned.transaction_id,
          row_id: opening!.row_id,
          outcome: { kind: "refused", failure: refundFailureOf(errors?.[0]?.error) },
        })
      }
      attempts.push({ ...attempt, failed: true })
    }
    return new StepResponse(attempts)
  }
)

// The key of this receipt's refund: a refund of the return on this payment not applied yet (failed
// or unresolved) is the same refund again; otherwise the next receipt's.
async function keyOfReturnRefund(ledger: InstallmentsModuleService, planned: PlannedRefund, input: RefundThroughMedusaInput) {
  const rows = await ledger.listInstallmentsRefunds(
    { transaction_id: planned.transaction_id, payment_id: planned.payment_id, source: "return", return_id: input.return_id ?? null },
    { select: ["idempotency_key", "status"] }
  )
  const open = rows.find((row) => row.status !== "P" && row.status !== "R" && row.idempotency_key)
  if (open) {
    return open.idempotency_key!
  }
  const applied = rows.filter((row) => row.status === "P" || row.status === "R").length
  return returnRefundKey(planned.payment_id, input.return_id, input.order_id, applied + 1)
}

async function refundsOf(payments: IPaymentModuleService, paymentId: string) {
  const payment = await payments.retrievePayment(paymentId, { relations: ["refunds"] })
  return (payment.refunds ?? []) as { id: string; note?: string | null }[]
}
