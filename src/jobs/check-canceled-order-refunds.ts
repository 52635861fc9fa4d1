import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { checkInstallmentsOrderRefundsWorkflow } from "../workflows/reconcile-order-refunds"
import { recordedJob } from "../installments/health/job-runs"

// A cancel is checked again for a day: long enough to outlast an outage of the service that also
// stopped the check made right after the cancel.
const CANCEL_LOOKBACK_MS = 24 * 60 * 60 * 1000
const PAGE_SIZE = 100

/**
 * Checks again the canceled orders whose check right after the cancel did not pass (the service could
 * not be reached, or the process stopped during it): the order-canceled subscriber follows each in
 * the plugin's module before checking it, and this job reads only the ones still open, in keyset pages, never the
 * store's canceled orders. A check that passes closes the order for the job; one still failing
 * after a day is left, with a warning. Medusa's scheduler passes `{ scheduledFor }` as the second
 * argument, which is ignored; tests pass a clock.
 */
async function checkCanceledOrderRefunds(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  let after: string | undefined
  for (;;) {
    const items = await service.listOpenSweepItems("canceled-order", { after, take: PAGE_SIZE })
    const closed: string[] = []
    for (const item of items) {
      try {
        await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: item.subject_id } })
        closed.push(item.id)
      } catch (error) {
        const givenUp = new Date(item.created_at).getTime() + CANCEL_LOOKBACK_MS < now.getTime()
        if (givenUp) {
          closed.push(item.id)
        }
        logger.warn(
          `installments: could not check the refunds of canceled order ${item.subject_id}: ${(error as Error).message}` +
            (givenUp ? "; tried for a day, no longer checked: check the order's refunds in the admin" : "")
        )
      }
    }
    await service.closeSweepItems(closed, now)
    if (items.length < PAGE_SIZE) {
      return
    }
    after = items[items.length - 1].id
  }
}

export const config = { name: "installments-check-canceled-order-refunds", schedule: "*/5 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, checkCanceledOrderRefunds)
