import type { ConfigModule, ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { longestDeadlineMs, refundLockSeconds, transactionLockKey } from "../installments/refunds/locks"
import type { RegistrationId } from "../installments/registrations/provider-ids"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { resolveInstallmentsRefundIntentWorkflow } from "../workflows/resolve-refund-intent"
import { recordedJob } from "../installments/health/job-runs"

const PAGE_SIZE = 100

/**
 * Resolves the refunds whose outcome the plugin does not know yet (a lost answer, a process killed
 * between writing the intent and hearing back) and records on Medusa's payments the ones the service
 * applied after Medusa gave up on them: only those ledger rows (partial indexes), in keyset pages.
 * Each under its transaction's lock, so two job processes (or the job and a retry) never resolve or
 * record one refund twice; a transaction another holder has is left for the next run.
 * Every minute, so a merchant told "being confirmed" sees the answer within a few minutes.
 * Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is ignored; tests pass a clock.
 */
async function resolveRefundIntents(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  let after: string | undefined
  for (;;) {
    const rows = await ledger.listRefundsToResolve({ after, take: PAGE_SIZE })
    for (const row of rows) {
      try {
        // One refund's calls, then Medusa's record of it (a second refund run's calls).
        const expire = refundLockSeconds(2, longestDeadlineMs(config, [row.provider_id as RegistrationId]))
        await locking.execute(
          transactionLockKey(row.transaction_id),
          () => resolveInstallmentsRefundIntentWorkflow(container).run({ input: { id: row.id, now } }),
          { timeout: 5, expire }
        )
      } catch (error) {
        // The service may still be unreachable, or another process holds the transaction: the next run tries again.
        logger.warn(`installments: could not resolve refund ${row.id}: ${(error as Error).message}`)
      }
    }
    if (rows.length < PAGE_SIZE) {
      return
    }
    after = rows[rows.length - 1].id
  }
}

export const config = { name: "installments-resolve-refund-intents", schedule: "* * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, resolveRefundIntents)
