import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { refundInstallmentsReturnWorkflow } from "../workflows/refund-return"
import { recordedJob } from "../installments/health/job-runs"

// A received return is followed for a week: long enough to outlast an outage of the service and the
// resolver's confirmation of a refund that waited for it.
const RETURN_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000
const PAGE_SIZE = 100

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

/**
 * Runs again the refund of each received return that is not settled yet: the return-received
 * subscriber follows every return before it refunds it, so a busy order lock, a crash, a restart or
 * a refund that waited behind another one being confirmed never drops what the return owes. Reads
 * only the open items (a partial index), in keyset pages; each run re-reads what the order owes under
 * its lock, so running it again never refunds twice. Medusa's scheduler passes `{ scheduledFor }` as
 * the second argument, which is ignored; tests pass a clock.
 */
async function refundReceivedReturns(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  let after: string | undefined
  for (;;) {
    const items = await service.listOpenSweepItems("return", { after, take: PAGE_SIZE })
    // Given up after a week: closed whatever came since.
    const closed: string[] = []
    for (const item of items) {
      const givenUp = new Date(item.created_at).getTime() + RETURN_LOOKBACK_MS < now.getTime()
      try {
        const { data } = await query.graph({ entity: "return", fields: ["id", "order_id"], filters: { id: item.subject_id } })
        const orderId = (data[0] as { order_id?: string } | undefined)?.order_id
        if (!orderId) {
          closed.push(item.id)
          continue
        }
        const { result } = await refundInstallmentsReturnWorkflow(container).run({
          input: { order_id: orderId, return_id: item.subject_id },
        })
        if (givenUp) {
          closed.push(item.id)
        } else if (result.settled) {
          // Unless a receipt reopened it after this run read it (its generation).
          await service.closeReturnSweepItem(item.subject_id, item.generation ?? 0, now)
        }
        if (!result.settled && givenUp) {
          logger.warn(
            `installments: the refund of return ${item.subject_id} is still not settled after a week (${result.reason || "see the ledger"}); ` +
              "no longer retried: check the order's refunds in the admin"
          )
        }
      } catch (error) {
        if (givenUp) {
          closed.push(item.id)
        }
        logger.warn(
          `installments: could not refund return ${item.subject_id}: ${(error as Error).message}` +
            (givenUp
              ? "; tried for a week, no longer retried: check the order's refunds in the admin"
              : "; tried again in a few minutes")
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

export const config = { name: "installments-refund-received-returns", schedule: "*/2 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, refundReceivedReturns)
