import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Query } from "../../../installments/sessions/records"
import { decideOrderPaymentCollected, type CollectedPaymentRow } from "../order-payment-collected-decision"

const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "captured_at",
  "canceled_at",
  "metadata",
  "payment_collection_id",
  "data",
  "payment_session.id",
  "payment_session.data",
  "payment_collection.order.id",
  "payment_collection.order.display_id",
  "payment_collection.order.status",
]

/** Reads a captured payment and decides whether it is an order's debt collected, not yet announced (only reads). */
export const decideOrderPaymentCollectedStep = createStep(
  "installments-decide-order-payment-collected",
  async (input: { payment_id: string }, { container }) => {
    const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "payment", fields: PAYMENT_FIELDS, filters: { id: input.payment_id } })
    return new StepResponse(decideOrderPaymentCollected(data[0] as CollectedPaymentRow | undefined))
  }
)
