import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { installmentsProviderOptions } from "../../../installments/registrations/lookup"
import { decideReturnRefund, type OrderRefundState } from "../return-refund-decision"

export interface ReturnRefundInput {
  order_id: string
  /** The return whose receipt triggered it (for the refund's note and the ledger). */
  return_id?: string
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

/** The order's summary and payments as they stand now (read under the order's lock). */
export async function loadOrderRefundState(container: { resolve: <T>(key: string) => T }, orderId: string) {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "summary",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.created_at",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.raw_amount",
    ],
    filters: { id: orderId },
  })
  return data[0] as OrderRefundState | undefined
}

/**
 * Under the order's lock, re-reads the summary and payments and decides what the return refunds:
 * a repeated or concurrent event, or a refund made by hand meanwhile, finds less (or nothing) owed.
 */
export const decideReturnRefundStep = createStep(
  "installments-decide-return-refund",
  async (input: ReturnRefundInput, { container }) => {
    const order = await loadOrderRefundState(container, input.order_id)
    if (!order) {
      return new StepResponse({ owed: "0.00", refunds: [], reason: `order ${input.order_id} does not exist` })
    }
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    return new StepResponse(decideReturnRefund(order, (id) => installmentsProviderOptions(config, id)?.autoRefundReturns ?? false))
  }
)
