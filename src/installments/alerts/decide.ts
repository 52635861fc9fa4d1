import type { HealthJob, HealthRefunds } from "../health/answer"
import type { RefusalCount } from "../health/delivery-refusals"
import { healthProblems } from "../health/problems"
import { providerIdOf, asRegistrationId } from "../registrations/provider-ids"
import type { JobLateData, RefundsFailedForGoodData, WebhookDeliveriesFailingData } from "./payloads"

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Fewer refusals than this in the hour is not an alert: one forged request, a replay, a probe. */
export const MIN_REFUSALS = 3
/** A condition that lasts is announced again after this long (a day), never more often. */
export const REPEAT_MS = 24 * HOUR
/** Refunds failed for good are announced at most this often, each refund once. */
export const REFUNDS_REPEAT_MS = HOUR

/** One alert: what it is about (`key`, the unit of "once per period"), how often, and its payload. */
export type Alert =
  | { kind: "deliveries_failing"; key: string; repeat_ms: number; data: WebhookDeliveriesFailingData }
  | { kind: "job_late"; key: string; repeat_ms: number; data: JobLateData }
  | { kind: "refunds_failed_for_good"; key: string; repeat_ms: number; data: RefundsFailedForGoodData }

export type AlertKind = Alert["kind"]

/** What the alerts are decided from: the health page's own figures. */
export interface AlertInput {
  /** Every plugin job, as the health page lists them (health/jobs.ts). */
  jobs: HealthJob[]
  /** Refused deliveries counted since the start of the previous hour (health/delivery-refusals.ts). */
  refusals: RefusalCount[]
  /** Per registration id with refusals, its last verified delivery (absent: none kept). */
  verified: Map<string, Date>
  /** Refunds failed for good since `since`: their count and the newest rows. */
  failed: { since: Date; count: number; rows: RefundsFailedForGoodData["refunds"] }
}

const NO_REFUNDS: HealthRefunds = {
  waiting: { count: 0, oldest_at: null, rows: [] },
  retrying: { count: 0, next_retry_at: null, rows: [] },
  failed: { count: 0, rows: [] },
}

/**
 * What needs a person now, decided in this one place from the health page's figures:
 * - deliveries failing: a registration's path refused at least MIN_REFUSALS deliveries since the
 *   previous hour began, the last within the hour, and verified none in the hour;
 * - a job late: the health page's `job_late`, `job_stuck` and `job_never_ran` (no start for twice
 *   its period, plus the scheduler's margin: health/problems.ts);
 * - refunds failed for good since the previous such alert.
 * Whether each is sent now (once per `repeat_ms`) is the claim's to say (claims.ts).
 */
export function decideAlerts(input: AlertInput, now: Date): Alert[] {
  return [...deliveriesFailing(input, now), ...jobsLate(input.jobs, now), ...refundsFailed(input.failed)]
}

function deliveriesFailing(input: AlertInput, now: Date): Alert[] {
  const byRegistration = new Map<string, RefusalCount[]>()
  for (const refusal of input.refusals) {
    byRegistration.set(refusal.provider_id, [...(byRegistration.get(refusal.provider_id) ?? []), refusal])
  }
  const alerts: Alert[] = []
  for (const [registration, counts] of byRegistration) {
    const refused = counts.reduce((sum, count) => sum + count.count, 0)
    const last = new Date(Math.max(...counts.map((count) => count.last_at.getTime())))
    const verified = registration ? input.verified.get(registration) : undefined
    if (refused < MIN_REFUSALS || now.getTime() - last.getTime() > HOUR || (verified && now.getTime() - verified.getTime() <= HOUR)) {
      continue
    }
    const reasons = [...counts].sort((a, b) => b.count - a.count).map((count) => count.reason)
    const where = registration
      ? `the webhook path of ${providerIdOf(asRegistrationId(registration))}`
      : "a webhook path that names no registration"
    alerts.push({
      kind: "deliveries_failing",
      key: `deliveries:${registration}`,
      repeat_ms: REPEAT_MS,
      data: {
        provider_id: registration ? providerIdOf(asRegistrationId(registration)) : null,
        refused,
        reasons,
        last_refused_at: last.toISOString(),
        last_verified_at: verified?.toISOString() ?? null,
        message:
          `${refused} webhook deliveries on ${where} were refused in the last hour (${reasons.join(", ")}) and none was verified: ` +
          "paid orders may not be placed until they are. Open Installments > Health for the cause and its fix.",
      },
    })
  }
  return alerts
}

function jobsLate(jobs: HealthJob[], now: Date): Alert[] {
  const reasons = { job_late: "late", job_stuck: "stuck", job_never_ran: "never_ran" } as const
  return healthProblems({ registrations: [], jobs, refunds: NO_REFUNDS }, now).flatMap((problem): Alert[] => {
    if (!(problem.code in reasons) || !problem.job) {
      return []
    }
    const reason = reasons[problem.code as keyof typeof reasons]
    const job = jobs.find((candidate) => candidate.name === problem.job)!
    const said = {
      late: `has not started since ${job.last_started_at} (on ${job.worker}), twice its period`,
      stuck: `has been running since ${job.last_started_at} (on ${job.worker}), twice its period`,
      never_ran: "has never run, though the plugin's other jobs do",
    }[reason]
    return [
      {
        kind: "job_late",
        key: `job:${job.name}`,
        repeat_ms: REPEAT_MS,
        data: {
          job: job.name,
          schedule: job.schedule,
          reason,
          last_started_at: job.last_started_at,
          worker: job.worker,
          message:
            `The installments job ${job.name} (${job.schedule}) ${said}. ` +
            "Check that the Medusa worker runs (workerMode worker or shared) and its log; Installments > Health shows every job.",
        },
      },
    ]
  })
}

function refundsFailed(failed: AlertInput["failed"]): Alert[] {
  if (!failed.count) {
    return []
  }
  return [
    {
      kind: "refunds_failed_for_good",
      key: "refunds:failed_for_good",
      repeat_ms: REFUNDS_REPEAT_MS,
      data: {
        count: failed.count,
        since: failed.since.toISOString(),
        refunds: failed.rows,
        message:
          `${failed.count} refund${failed.count === 1 ? "" : "s"} failed for good: the plugin will not send ${failed.count === 1 ? "it" : "them"} again. ` +
          "Refund the customer another way, or from the order once the reason is fixed; Installments > Refunds lists each with its reason.",
      },
    },
  ]
}
