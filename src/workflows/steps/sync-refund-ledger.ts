import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Logger } from "@medusajs/framework/types"
import type { RefundSource } from "../../modules/installments/models/refund"
import { syncTransactionRefunds } from "./sync-transaction-refunds"
import type { RegistrationId } from "../../installments/registrations/provider-ids"

export interface SyncRefundLedgerInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
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
    const pending = await syncTransactionRefunds(container, input)
    if (pending === undefined) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(`installments: no provider ${input.provider_id} to sync refunds of transaction ${input.transaction_id}`)
    }
    return new StepResponse({ pending: pending ?? 0 })
  }
)
