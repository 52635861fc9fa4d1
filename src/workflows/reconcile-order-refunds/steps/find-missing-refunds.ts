import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Transaction } from "../../../lib/client"
import { registrationIdOf, type RegistrationId } from "../../../installments/registrations/provider-ids"
import { clientForProvider } from "../../../installments/registrations/lookup"
import type { OrderPaymentRow } from "../../../installments/sessions/records"
import { ledgerKeysOf } from "../../../installments/refunds/keys"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import {
  missingRefunds,
  unrecordedRefunds,
  type MissingRefund,
  type OrderTransactionRow,
  type RefundToRecord,
} from "../../../installments/refunds/cancel-refund-decision"

export interface CheckOrderRefundsInput {
  order_id: string
}

/** One of this plugin's payments of the order, with its transaction as the service reports it now. */
export interface PaymentAtService {
  payment_id: string
  /** The provider registration's id. */
  provider_id: RegistrationId
  transaction: Transaction
}

/** What the order's refunds look like at the service against what Medusa shows. */
export interface OrderRefundGaps {
  payments: PaymentAtService[]
  /** Refunds Medusa shows that the service never accepted: to send. */
  missing: MissingRefund[]
  /** Refunds the service made that Medusa's payment does not show: to record on it. */
  unrecorded: RefundToRecord[]
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type OrderRow = { id: string; transactions?: OrderTransactionRow[]; payment_collections?: { payments?: OrderPaymentRow[] }[] }

/**
 * Under the order's lock, reads the service's refund_tracker of each of this plugin's payments and
 * compares it with what Medusa shows: the refunds the service never accepted, and those it made that
 * Medusa's payment does not show. Reads only.
 */
export const findMissingRefundsStep = createStep(
  "installments-find-missing-refunds",
  async (input: CheckOrderRefundsInput, { container }) => {
    const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
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
        "payment_collections.payments.refunds.metadata",
      ],
      filters: { id: input.order_id },
    })
    const order = data[0] as OrderRow | undefined
    const gaps: OrderRefundGaps = { payments: [], missing: [], unrecorded: [] }
    for (const payment of (order?.payment_collections ?? []).flatMap((collection) => collection.payments ?? [])) {
      const transactionId = payment.data?.transaction_id
      const registrationId = registrationIdOf(payment.provider_id)
      const client = registrationId && clientForProvider(container, registrationId)
      if (!client || typeof transactionId !== "string") {
        continue
      }
      const transaction = await client.transactions.retrieve(transactionId)
      // The refunds the plugin made through Medusa's own workflow carry Medusa's id, sent under the ledger's key.
      const ledgerKeys = ledgerKeysOf(
        await ledger.listInstallmentsRefunds({ transaction_id: transactionId }, { select: ["medusa_refund_id", "idempotency_key"] })
      )
      gaps.payments.push({ payment_id: payment.id, provider_id: registrationId, transaction })
      gaps.missing.push(...missingRefunds(payment, order?.transactions ?? [], transaction, ledgerKeys))
      gaps.unrecorded.push(...unrecordedRefunds(payment, transaction, ledgerKeys))
    }
    return new StepResponse(gaps)
  }
)
