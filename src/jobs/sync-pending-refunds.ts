import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/sync-refund-ledger"

/** Settles ledger entries still pending when an `order.updated` webhook was lost. */
export default async function syncPendingRefunds(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const pending = await service.listInstallmentsRefunds({ status: "P" }, { select: ["provider_id", "transaction_id"] })
  const transactions = new Map(pending.map((entry) => [`${entry.provider_id}:${entry.transaction_id}`, entry]))
  for (const entry of transactions.values()) {
    try {
      await syncInstallmentsRefundLedgerWorkflow(container).run({
        input: { provider_id: entry.provider_id, transaction_id: entry.transaction_id },
      })
    } catch (error) {
      // One unreachable transaction must not stop the others; the next run tries again.
      logger.warn(`installments: could not sync refunds of ${entry.transaction_id}: ${(error as Error).message}`)
    }
  }
}

export const config = { name: "installments-sync-pending-refunds", schedule: "*/15 * * * *" }
