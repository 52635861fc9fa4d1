import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { refundFailureOf, type RefundFailure } from "../../../installments/refund-failures"
import type { PlannedRefund } from "../return-refund-decision"

export interface RefundThroughMedusaInput {
  refunds: PlannedRefund[]
  /** The refund's note in the order (names the return). */
  note: string
}

/** How one planned refund ended: accepted with Medusa's refund id, or refused and why. */
export type RefundOutcome = PlannedRefund & ({ refund_id: string; failure?: undefined } | { refund_id?: undefined; failure: RefundFailure & { idempotency_key: string | null } })

/**
 * Refunds each planned amount through Medusa's refundPaymentWorkflow, so the order's transactions,
 * its summary and the payment's refunds record it (the provider sends it keyed by Medusa's refund
 * id). A refusal is returned, not thrown: it is recorded in the ledger and never undoes the return.
 */
export const refundThroughMedusaStep = createStep(
  "installments-refund-through-medusa",
  async (input: RefundThroughMedusaInput, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const outcomes: RefundOutcome[] = []
    for (const planned of input.refunds) {
      const before = new Set((await refundsOf(payments, planned.payment_id)).map((refund) => refund.id))
      const { errors } = await refundPaymentWorkflow(container).run({
        input: { payment_id: planned.payment_id, amount: planned.amount, note: input.note },
        throwOnError: false,
      })
      const made = (await refundsOf(payments, planned.payment_id)).find((refund) => !before.has(refund.id) && refund.note === input.note)
      if (made) {
        outcomes.push({ ...planned, refund_id: made.id })
      } else {
        // Medusa deletes its refund when the provider refuses it: the key of this attempt is gone.
        outcomes.push({ ...planned, failure: { ...refundFailureOf(errors?.[0]?.error), idempotency_key: null } })
      }
    }
    return new StepResponse(outcomes)
  }
)

async function refundsOf(payments: IPaymentModuleService, paymentId: string) {
  const payment = await payments.retrievePayment(paymentId, { relations: ["refunds"] })
  return (payment.refunds ?? []) as { id: string; note?: string | null }[]
}
