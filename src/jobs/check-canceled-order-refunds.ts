import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isInstallmentsProvider } from "../installments/provider-ids"
import { checkInstallmentsOrderRefundsWorkflow } from "../workflows/reconcile-order-refunds"

// Cancels are checked again for a day: long enough to outlast an outage of the service that also
// stopped the check made right after the cancel.
const CANCEL_LOOKBACK_MS = 24 * 60 * 60 * 1000

type CanceledOrder = { id: string; payment_collections?: { payments?: { provider_id: string }[] }[] }

/**
 * Checks again the refunds of orders canceled in the last day that this plugin's payments paid: a
 * check that could not reach the service right after the cancel left nothing in the ledger to
 * retry. Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is ignored;
 * tests pass a clock.
 */
export default async function checkCanceledOrderRefunds(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  for (const orderId of await recentlyCanceledOrders(container, now)) {
    try {
      await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: orderId } })
    } catch (error) {
      logger.warn(`installments: could not check the refunds of canceled order ${orderId}: ${(error as Error).message}`)
    }
  }
}

async function recentlyCanceledOrders(container: MedusaContainer, now: Date): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id"],
    filters: { status: "canceled", canceled_at: { $gte: new Date(now.getTime() - CANCEL_LOOKBACK_MS) } },
  })
  return (data as CanceledOrder[])
    .filter((order) =>
      (order.payment_collections ?? []).some((collection) => (collection.payments ?? []).some((payment) => isInstallmentsProvider(payment.provider_id)))
    )
    .map((order) => order.id)
}

export const config = { name: "installments-check-canceled-order-refunds", schedule: "*/5 * * * *" }
