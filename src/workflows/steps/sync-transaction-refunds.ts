import type { MedusaContainer } from "@medusajs/framework/types"
import type { Transaction } from "../../lib/client"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import type { SyncRefundEntriesInput } from "../../modules/installments/service"
import { clientForProvider } from "../../installments/registrations/lookup"

/**
 * Asks the ledger's writer to mirror one transaction's refund_tracker (read now, unless
 * `transaction` is given). Medusa's `payment.refunded`, the service's `order.updated`, the jobs and
 * the plugin's own flows all come here; the writer takes them in turn. Returns the entries still
 * pending, or undefined when the provider is not registered.
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
  const { transaction_id, ...sync } = input
  const { pending } = await container
    .resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    .writeRefundLedger({ kind: "tracker", transaction_id, sync: { ...sync, tracker: read.refund_tracker } })
  return pending ?? 0
}
