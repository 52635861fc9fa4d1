import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { readDeliveryRefusals } from "../health/delivery-refusals"
import { healthJobs } from "../health/jobs"
import { readJobRuns } from "../health/job-runs"
import { healthStore } from "../health/store"
import { decideAlerts, type Alert, type AlertKind } from "./decide"
import {
  claimAlert,
  lastSent,
  lastVerifiedDeliveries,
  pruneSentAlerts,
  refundsFailedForGood,
  releaseAlert,
  SENT_RETENTION_MS,
} from "./records"

const HOUR = 60 * 60_000
const REFUNDS_KEY = "refunds:failed_for_good"

/** Emits one alert as its event; the job that runs this names the events (modules/installments/events.ts). */
export type EmitAlert = (alert: Alert) => Promise<void>

/**
 * Reads the health figures (4 reads of the plugin's tables, one more per registration refusing
 * deliveries), decides what needs a person (decide.ts), and emits each alert not sent within its
 * period: claimed first, given back when it could not be emitted. Returns the kinds emitted.
 * Without a database (a unit test's container) it does nothing.
 */
export async function raiseAlerts(
  container: Pick<MedusaContainer, "resolve">,
  emit: EmitAlert,
  now = new Date()
): Promise<AlertKind[]> {
  const knex = healthStore(container)
  if (!knex) {
    return []
  }
  const [runs, refusals, previous] = await Promise.all([
    readJobRuns(knex),
    readDeliveryRefusals(knex, new Date(now.getTime() - HOUR), now),
    lastSent(knex, REFUNDS_KEY),
  ])
  // Refunds failed since the last such alert; with none kept, those of the record's retention.
  const since = previous ?? new Date(now.getTime() - SENT_RETENTION_MS)
  const refusing = [...new Set(refusals.map((refusal) => refusal.provider_id).filter(Boolean))]
  const [verified, failed] = await Promise.all([lastVerifiedDeliveries(knex, refusing), refundsFailedForGood(knex, since)])
  const alerts = decideAlerts({ jobs: healthJobs(runs, now), refusals, verified, failed: { since, ...failed } }, now)

  const emitted: AlertKind[] = []
  for (const alert of alerts) {
    if (!(await claimAlert(knex, alert.key, now, alert.repeat_ms))) {
      continue
    }
    try {
      await emit(alert)
      emitted.push(alert.kind)
    } catch (error) {
      await releaseAlert(knex, alert.key, now)
      logger(container)?.warn(
        `installments: could not emit the ${alert.kind} alert; the next run tries again: ${(error as Error).message}`
      )
    }
  }
  await pruneSentAlerts(knex, now)
  return emitted
}

function logger(container: Pick<MedusaContainer, "resolve">): Logger | undefined {
  try {
    return container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  } catch {
    return undefined
  }
}
