import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AlertKind } from "../installments/alerts/decide"
import { raiseAlerts } from "../installments/alerts/raise"
import { recordedJob } from "../installments/health/job-runs"
import { JOB_LATE_EVENT, REFUNDS_FAILED_FOR_GOOD_EVENT, WEBHOOK_DELIVERIES_FAILING_EVENT } from "../modules/installments/events"

/** The event each alert is emitted as (docs/telemetry.md, "Alerts"). */
const EVENTS: Record<AlertKind, { name: string }> = {
  deliveries_failing: { name: WEBHOOK_DELIVERIES_FAILING_EVENT },
  job_late: { name: JOB_LATE_EVENT },
  refunds_failed_for_good: { name: REFUNDS_FAILED_FOR_GOOD_EVENT },
}

/**
 * Emits an event for each state that needs a person (installments/alerts/decide.ts), at most once per
 * period while it lasts. It runs on the worker, like the subscribers that would send its emails: a
 * worker that died raises nothing, which the store's own monitoring must see (docs/telemetry.md).
 * Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is ignored; tests pass a clock.
 */
async function raiseAlertsJob(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  const emitted = await raiseAlerts(container, (alert) => eventBus.emit({ name: EVENTS[alert.kind].name, data: alert.data }), now)
  return { emitted }
}

/** Every 5 minutes. */
export const config = { name: "installments-raise-alerts", schedule: "*/5 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, raiseAlertsJob)
