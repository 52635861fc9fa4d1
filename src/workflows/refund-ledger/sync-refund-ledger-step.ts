import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Logger } from "@medusajs/framework/types"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type { RefundSource } from "../../modules/installments/models/refund"
import type InstallmentsModuleService from "../../modules/installments/service"
import { clientForProvider } from "../../providers/installments/client"

export interface SyncRefundLedgerInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: string
  transaction_id: string
  payment_id?: string
  order_id?: string
  /** Source of refunds nothing else names (`admin` for Medusa refunds made in the admin). */
  default_source?: RefundSource
}

/** Re-reads the transaction and mirrors its refund_tracker into the plugin's refund ledger. */
export const syncRefundLedgerStep = createStep(
  "installments-sync-refund-ledger",
  async (input: SyncRefundLedgerInput, { container }) => {
    const client = clientForProvider(container, input.provider_id)
    if (!client) {
      container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`installments: no provider ${input.provider_id} to sync refunds of transaction ${input.transaction_id}`)
      return new StepResponse({ pending: 0 })
    }
    const transaction = await client.transactions.retrieve(input.transaction_id)
    const pending = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).syncRefundEntries({
      provider_id: input.provider_id,
      transaction_id: input.transaction_id,
      payment_id: input.payment_id,
      order_id: input.order_id,
      default_source: input.default_source,
      tracker: transaction.refund_tracker,
    })
    return new StepResponse({ pending })
  }
)
