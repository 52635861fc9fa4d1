import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, PaymentEvents } from "@medusajs/framework/utils"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/refund-ledger/sync-refund-ledger"

const PREFIX = "pp_installments_"

/** An admin refund went through Medusa: record it in the ledger with its payment. */
export default async function paymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "provider_id", "data"], filters: { id: event.data.id } })
  const payment = data[0] as { id: string; provider_id: string; data?: { transaction_id?: unknown } } | undefined
  const transactionId = payment?.data?.transaction_id
  if (!payment?.provider_id.startsWith(PREFIX) || typeof transactionId !== "string") {
    return
  }
  await syncInstallmentsRefundLedgerWorkflow(container).run({
    input: { provider_id: payment.provider_id.slice(PREFIX.length), transaction_id: transactionId, payment_id: payment.id },
  })
}

export const config: SubscriberConfig = { event: PaymentEvents.REFUNDED }
