import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutsPrunedBefore } from "../installments/insights/retention"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { recordedJob } from "../installments/health/job-runs"
import { inBatches } from "../lib/in-batches"

const BATCH_SIZE = 1000

export interface PruneCheckoutsOptions {
  /** The job's clock; defaults to now. */
  now?: Date
  /** Rows deleted per statement; 1,000. */
  batchSize?: number
}

/**
 * Deletes, oldest first and in batches (the started_at index), the Insights records of checkouts
 * started before the retention (installments/insights/retention.ts). Returns how many it deleted.
 */
async function pruneCheckouts(container: MedusaContainer, options: PruneCheckoutsOptions = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const batch = options.batchSize ?? BATCH_SIZE
  const before = checkoutsPrunedBefore(now)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const deleted = await inBatches(batch, (take) => service.pruneCheckoutsStartedBefore(before, take))
  if (deleted) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .info(`installments: deleted ${deleted} Insights checkout record(s) of sessions started before ${before.toISOString()}`)
  }
  return { checkouts: deleted }
}

/** Daily, at 03:41. */
export const config = { name: "installments-prune-checkouts", schedule: "41 3 * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, pruneCheckouts)
