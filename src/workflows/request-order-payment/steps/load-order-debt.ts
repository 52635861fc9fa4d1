import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Query } from "../../../installments/sessions/records"
import { decideOrderDebt, type DebtKind, type DebtOrderRow, type OrderDebtDecision } from "../order-debt-decision"

export interface LoadOrderDebtInput {
  order_id: string
  kind: DebtKind
}

export type OrderDebt = OrderDebtDecision & { order_id: string; display_id: number | null; customer_id: string | null }

const ORDER_FIELDS = [
  "id",
  "status",
  "display_id",
  "customer_id",
  "summary.*",
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.amount",
  "payment_collections.payment_sessions.data",
]

/** Reads what an order owes and whether a link for it is open (only reads); refuses an order that cannot owe. */
export const loadOrderDebtStep = createStep("installments-load-order-debt", async (input: LoadOrderDebtInput, { container }) => {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: input.order_id } })
  const order = data[0] as (DebtOrderRow & { customer_id?: string | null }) | undefined
  const decision = decideOrderDebt(order, input.order_id, new Date(), input.kind)
  return new StepResponse<OrderDebt>({
    ...decision,
    order_id: input.order_id,
    display_id: order?.display_id ?? null,
    customer_id: order?.customer_id ?? null,
  })
})
