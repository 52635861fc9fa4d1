import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientForProvider } from "../../installments/registrations"
import type { OrderPaymentRow } from "../after-return/return-refund-decision"
import { registrationIdOf } from "../../installments/provider-ids"
import { syncTransactionRefunds } from "../refund-ledger/sync-transaction-refunds"
import { missingRefunds, type MissingRefund, type OrderTransactionRow } from "./cancel-refund-decision"

export interface CheckOrderRefundsInput {
  order_id: string
  /** A failed ledger row this run retries. */
  retry_of?: string
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type OrderRow = { id: string; transactions?: OrderTransactionRow[]; payment_collections?: { payments?: OrderPaymentRow[] }[] }

/**
 * Under the order's lock, reads the service's refund_tracker of each of this plugin's payments,
 * mirrors it into the ledger (refunds nothing else named are the cancel's), and returns the
 * refunds Medusa shows that the service does not.
 */
export const findMissingRefundsStep = createStep(
  "installments-find-missing-refunds",
  async (input: CheckOrderRefundsInput, { container }) => {
    const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "transactions.amount",
        "transactions.raw_amount",
        "transactions.reference",
        "transactions.reference_id",
        "payment_collections.payments.id",
        "payment_collections.payments.provider_id",
        "payment_collections.payments.data",
        "payment_collections.payments.refunds.id",
        "payment_collections.payments.refunds.raw_amount",
      ],
      filters: { id: input.order_id },
    })
    const order = data[0] as OrderRow | undefined
    const missing: MissingRefund[] = []
    for (const payment of (order?.payment_collections ?? []).flatMap((collection) => collection.payments ?? [])) {
      const transactionId = payment.data?.transaction_id
      const registrationId = registrationIdOf(payment.provider_id)
      if (!registrationId || typeof transactionId !== "string") {
        continue
      }
      const client = clientForProvider(container, registrationId)
      if (!client) {
        continue
      }
      const transaction = await client.transactions.retrieve(transactionId)
      await syncTransactionRefunds(
        container,
        {
          provider_id: registrationId,
          transaction_id: transactionId,
          payment_id: payment.id,
          order_id: input.order_id,
          default_source: "cancel",
        },
        transaction
      )
      missing.push(...missingRefunds(payment, order?.transactions ?? [], transaction))
    }
    return new StepResponse(missing)
  }
)
