import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { installmentsProviderOptions, installmentsRegistrationIds } from "../installments/registrations/lookup"
import { pruneBefore } from "../installments/webhooks/retention"
import { SMS_WINDOW_MS } from "../installments/links/sms-limit"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { recordedJob } from "../installments/health/job-runs"
import { inBatches } from "../lib/in-batches"

const BATCH_SIZE = 1000
/** How long the record of a link made is kept: past any link's life (7 days at most) and the stray-payment sweep's look-back. */
export const LINK_MADE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

export interface PruneOptions {
  /** The job's clock; defaults to now. */
  now?: Date
  /** Rows deleted per statement; 1,000. */
  batchSize?: number
}

/**
 * Deletes, in batches, the processed-delivery records older than the longest webhookRetentionDays
 * of the registrations (plus a day), and the sweep items closed as long ago: the tables keep what is
 * live. The webhook route ignores deliveries that old, so no replay is reopened. The SMS counted for
 * the hourly limit go two windows after they were made, the records of links made after
 * LINK_MADE_RETENTION_MS. Returns how many rows of each it deleted.
 */
async function pruneWebhookEvents(container: MedusaContainer, options: PruneOptions = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const batch = options.batchSize ?? BATCH_SIZE
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const retention = installmentsRegistrationIds(config).flatMap(
    (id) => installmentsProviderOptions(config, id)?.webhookRetentionDays ?? []
  )
  const before = pruneBefore(now, retention)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const smsBefore = new Date(now.getTime() - 2 * SMS_WINDOW_MS)
  const linksBefore = new Date(now.getTime() - LINK_MADE_RETENTION_MS)
  const deleted = {
    webhook_events: await inBatches(batch, (take) => service.pruneWebhookEvents(before, take)),
    sweep_items: await inBatches(batch, (take) => service.pruneClosedSweepItems(before, take)),
    sms_sends: await inBatches(batch, (take) => service.pruneSmsSends(smsBefore, take)),
    links_made: await inBatches(batch, (take) => service.pruneLinksMade(linksBefore, take)),
  }
  if (deleted.webhook_events || deleted.sweep_items || deleted.sms_sends || deleted.links_made) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .info(
        `installments: deleted ${deleted.webhook_events} webhook record(s) and ${deleted.sweep_items} closed sweep item(s) from before ${before.toISOString()}, ${deleted.sms_sends} SMS record(s) from before ${smsBefore.toISOString()}, ${deleted.links_made} record(s) of links made from before ${linksBefore.toISOString()}`
      )
  }
  return deleted
}

export const config = { name: "installments-prune-webhook-events", schedule: "23 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, pruneWebhookEvents)
