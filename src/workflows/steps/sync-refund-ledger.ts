import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Logger } from "@medusajs/framework/types"
import type { RefundSource } from "../../modules/installments/models/refund"
import { syncTransactionRefunds } from "./sync-transaction-refunds"
import type { RegistrationId } from "../../installments/registrations/provider-ids"
import { clientForProvider } from "../../installments/registrations/lookup"
import { linkOwner, transactionIsOurs } from "../../installments/links/ownership"
import type { Transaction } from "../../lib/client"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"

// The ledger's and the admin links' rows of the transaction, the link's identity and this database's record of making it.
async function isOurTransaction(container: { resolve<T>(key: string): T }, transaction: Transaction): Promise<boolean> {
  const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const byId = { transaction_id: transaction.id }
  const inLedger =
    (await module.listInstallmentsRefunds(byId, { take: 1, select: ["id"] })).length > 0 ||
    (await module.listInstallmentsPaymentLinks(byId, { take: 1, select: ["id"] })).length > 0
  const metadata = transaction.order_details?.payment_link_metadata
  const owner = linkOwner(metadata, await module.instanceId())
  const sessionId = metadata?.session_id
  const madeHere = owner === "ours" && typeof sessionId === "string" ? await module.madeLinkFor(sessionId) : false
  return transactionIsOurs({ owner, inLedger, madeHere })
}

export interface SyncRefundLedgerInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
  transaction_id: string
  payment_id?: string
  order_id?: string
  /** Source of refunds nothing else names (`admin` for Medusa refunds made in the admin). */
  default_source?: RefundSource
  /**
   * A delivery anyone on the merchant account may cause (`order.updated`): mirrored only when the
   * transaction is this store's (installments/links/ownership.ts, `transactionIsOurs`).
   */
  only_if_ours?: boolean
}

/** Re-reads the transaction and mirrors its refund_tracker into the plugin's refund ledger. */
export const syncRefundLedgerStep = createStep(
  "installments-sync-refund-ledger",
  async (input: SyncRefundLedgerInput, { container }) => {
    const { only_if_ours, ...sync } = input
    const client = only_if_ours ? clientForProvider(container, input.provider_id) : undefined
    const transaction = client ? await client.transactions.retrieve(input.transaction_id) : undefined
    if (transaction && !(await isOurTransaction(container, transaction))) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .info(`installments: transaction ${input.transaction_id} was made by another store on this merchant account; not mirrored`)
      return new StepResponse({ pending: 0 })
    }
    const pending = await syncTransactionRefunds(container, sync, transaction)
    if (pending === undefined) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(`installments: no provider ${input.provider_id} to sync refunds of transaction ${input.transaction_id}`)
    }
    return new StepResponse({ pending: pending ?? 0 })
  }
)
