import type { ConfigModule, ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { longestDeadlineMs, refundLockSeconds, transactionLockKey } from "../installments/refunds/locks"
import type { RegistrationId } from "../installments/registrations/provider-ids"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { retryInstallmentsRefundWorkflow } from "../workflows/retry-failed-refund"
import { recordedJob } from "../installments/health/job-runs"

const PAGE_SIZE = 100

/**
 * Retries the refunds the service refused for a reason that passes (merchant balance too low,
 * already processing, service down), each when its backoff is due: only those ledger rows, in
 * keyset pages, each under its transaction's lock (as the resolver holds it), so a retry and a
 * resolution of one transaction never run at once. Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is
 * ignored; tests pass a clock.
 */
async function retryFailedRefunds(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  let after: { next_retry_at: Date; id: string } | undefined
  for (;;) {
    const rows = await ledger.listDueRefundRetries(now, { after, take: PAGE_SIZE })
    for (const row of rows) {
      try {
        await locking.execute(
          transactionLockKey(row.transaction_id),
          () => retryInstallmentsRefundWorkflow(container).run({ input: { id: row.id } }),
          { timeout: 5, expire: refundLockSeconds(1, longestDeadlineMs(config, [row.provider_id as RegistrationId])) }
        )
      } catch (error) {
        // One refund that cannot be retried must not stop the others; the next run tries again.
        logger.warn(`installments: could not retry refund ${row.id}: ${(error as Error).message}`)
      }
    }
    if (rows.length < PAGE_SIZE) {
      return
    }
    const last = rows[rows.length - 1]
    after = { next_retry_at: new Date(last.next_retry_at!), id: last.id }
  }
}

export const config = { name: "installments-retry-failed-refunds", schedule: "*/5 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, retryFailedRefunds)
