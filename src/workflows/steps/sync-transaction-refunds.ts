import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { Transaction } from "../../lib/client"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import type { SyncRefundEntriesInput } from "../../modules/installments/service"
import { clientForProvider } from "../../installments/registrations"

/**
 * Mirrors one transaction's refund_tracker into the ledger (read now, unless `transaction` is
 * given). Medusa's `payment.refunded`, the service's `order.updated` and the plugin's own flows all
 * sync the same refund within moments of each other: the ledger's writer makes each sync one
 * database transaction, and the lock here lets one process's syncs of a transaction take turns
 * rather than race and run again. Returns the entries still pending, or undefined when the
 * provider is not registered.
 */
export async function syncTransactionRefunds(
  container: Pick<MedusaContainer, "resolve">,
  input: Omit<SyncRefundEntriesInput, "tracker">,
  transaction?: Transaction
): Promise<number | undefined> {
  const client = transaction ? undefined : clientForProvider(container as MedusaContainer, input.provider_id)
  if (!transaction && !client) {
    return undefined
  }
  const read = transaction ?? (await client!.transactions.retrieve(input.transaction_id))
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return locking.execute(`installments-ledger:${input.transaction_id}`, () =>
    container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).syncRefundEntries({ ...input, tracker: read.refund_tracker })
  )
}
