import type { BigNumberInput, PaymentDTO } from "@medusajs/framework/types"
import { MathBN, PaymentEvents } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep, emitEventStep, refundPaymentStep } from "@medusajs/medusa/core-flows"

export interface RefundCanceledOrderPaymentInMedusaInput {
  payment_id: string
  order_id: string
  /** Major units (SAR), as Medusa's refund takes it. */
  amount: BigNumberInput
  /** The refund's metadata: the plugin's cause key, which the provider sends it under. */
  metadata?: Record<string, unknown>
}

/**
 * Medusa's refundPaymentWorkflow for a payment on a CANCELED order. The core workflow cannot be used
 * as is: after refunding, it books the refund as an order credit line through
 * createOrderRefundCreditLinesWorkflow, which refuses a canceled order ("Order ... has been
 * canceled"), so it fails after the money was sent and rolls the order's refund transaction back.
 * This runs the same core steps without the credit line: the Payment module records the refund and
 * calls the provider's refundPayment with Medusa's refund id as idempotency key (refusing more than
 * what is captured), the order records the refund transaction, and `payment.refunded` is emitted.
 */
export const refundCanceledOrderPaymentInMedusaWorkflow = createWorkflow(
  "installments-refund-canceled-order-payment-in-medusa",
  (input: RefundCanceledOrderPaymentInMedusaInput) => {
    // The Payment module takes the refund's metadata (its typed input does not say so).
    const payment = refundPaymentStep(
      transform({ input }, ({ input }) => ({ payment_id: input.payment_id, amount: input.amount, metadata: input.metadata }) as never)
    )
    const transactions = transform({ input, payment }, ({ input, payment }) =>
      // Every refund of the payment; the step skips those the order already records.
      (payment.refunds ?? []).map((refund) => ({
        order_id: input.order_id,
        amount: MathBN.mult((refund.raw_amount ?? refund.amount) as BigNumberInput, -1),
        currency_code: payment.currency_code,
        reference: "refund",
        reference_id: refund.id,
      }))
    )
    addOrderTransactionStep(transactions)
    emitEventStep({ eventName: PaymentEvents.REFUNDED, data: transform({ input }, ({ input }) => ({ id: input.payment_id })) })
    const refundId = transform({ payment }, ({ payment }) => newestRefundId(payment))
    return new WorkflowResponse(refundId)
  }
)

function newestRefundId(payment: PaymentDTO): string | undefined {
  const refunds = [...(payment.refunds ?? [])]
  refunds.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
  return refunds.at(-1)?.id
}
