import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/sync-refund-ledger"
import { asRegistrationId } from "../installments/registrations/provider-ids"
import { recordedJob } from "../installments/health/job-runs"

const PAGE_SIZE = 100

/**
 * Settles ledger entries still pending when an `order.updated` webhook was lost: reads only the
 * pending rows, in keyset pages, and syncs each transaction once a run.
 */
async function syncPendingRefunds(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const synced = new Set<string>()
  let after: string | undefined
  for (;;) {
    const pending = await service.listPendingRefunds({ after, take: PAGE_SIZE })
    for (const entry of pending) {
      const key = `${entry.provider_id}:${entry.transaction_id}`
      if (synced.has(key)) {
        continue
      }
      synced.add(key)
      try {
        await syncInstallmentsRefundLedgerWorkflow(container).run({
          input: { provider_id: asRegistrationId(entry.provider_id), transaction_id: entry.transaction_id },
        })
      } catch (error) {
        // One unreachable transaction must not stop the others; the next run tries again.
        logger.warn(`installments: could not sync refunds of ${entry.transaction_id}: ${(error as Error).message}`)
      }
    }
    if (pending.length < PAGE_SIZE) {
      return
    }
    after = pending[pending.length - 1].id
  }
}

export const config = { name: "installments-sync-pending-refunds", schedule: "*/15 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, syncPendingRefunds)
