import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { serviceKeyOfRefund } from "../../../installments/refunds/keys"

/** A ledger row applied at the service that Medusa's run did not record. */
export interface RefundToRecordInMedusa {
  row_id: string
  transaction_id: string
  idempotency_key: string
  medusa_refund_id: string | null
  payment_id: string | null
  payment_session_id: string | null
  amount: string
}

/** Where it goes in Medusa: the payment, whether it shows the refund already, and whether its order is canceled. */
export interface RefundPaymentInMedusa {
  payment_id: string | null
  order_id: string | null
  order_canceled: boolean
  shown: boolean
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type PaymentRow = {
  id: string
  refunds?: { id: string; metadata?: Record<string, unknown> | null }[] | null
  payment_collection?: { order?: { id: string; status?: string | null; canceled_at?: unknown } | null } | null
}

/** Reads the Medusa payment a refund applied at the service belongs to (by id, else by its payment session). */
export const findRefundPaymentStep = createStep(
  "installments-find-refund-payment",
  async (input: RefundToRecordInMedusa, { container }) => {
    const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment",
      fields: [
        "id",
        "refunds.id",
        "refunds.metadata",
        "payment_collection.order.id",
        "payment_collection.order.status",
        "payment_collection.order.canceled_at",
      ],
      filters: input.payment_id ? { id: input.payment_id } : { payment_session_id: input.payment_session_id ?? "" },
    })
    const payment = data[0] as PaymentRow | undefined
    const order = payment?.payment_collection?.order
    const shown = (payment?.refunds ?? []).some(
      (refund) => refund.id === input.medusa_refund_id || serviceKeyOfRefund(refund) === input.idempotency_key
    )
    return new StepResponse<RefundPaymentInMedusa>({
      payment_id: payment?.id ?? null,
      order_id: order?.id ?? null,
      order_canceled: !!order && (order.status === "canceled" || !!order.canceled_at),
      shown,
    })
  }
)
