import type { HealthJob, HealthProblem, HealthRefunds, HealthRegistration } from "./answer"

const MINUTE = 60_000
/** An intent still unresolved this long after it was written: the resolver (every minute, 2 minutes' settling) is not settling it. */
export const WAITING_TOO_LONG_MS = 15 * MINUTE
/** The error rate from which the service's calls are a problem, over at least MIN_CALLS calls. */
export const ERROR_RATE = 0.2
export const MIN_CALLS = 5
/** A job is late when it has not started for twice its period, plus this for the scheduler's own delay. */
const LATE_MARGIN_MS = 2 * MINUTE

/**
 * What needs a person, from the health route's figures: worst first (errors, then warnings), each
 * with the figures its words need. The thresholds are the 3 a.m. ones: a job late by twice its
 * period, a refund unconfirmed for 15 minutes, one call in five failing.
 */
export function healthProblems(
  input: { registrations: HealthRegistration[]; jobs: HealthJob[]; refunds: HealthRefunds },
  now: Date
): HealthProblem[] {
  const problems: HealthProblem[] = []
  const at = now.getTime()
  for (const registration of input.registrations) {
    const provider_id = registration.provider_id
    if (registration.connection && !registration.connection.ok) {
      problems.push({
        code: "connection_failed",
        severity: "error",
        provider_id,
        params: { message: registration.connection.message ?? "" },
      })
    }
    const calls = registration.service_calls
    if (calls.outcomes.unauthorized > 0) {
      problems.push({ code: "service_unauthorized", severity: "error", provider_id, params: { count: calls.outcomes.unauthorized } })
    }
    if (calls.calls >= MIN_CALLS && calls.error_rate >= ERROR_RATE) {
      problems.push({
        code: "service_errors",
        severity: "error",
        provider_id,
        params: { failed: calls.failed, calls: calls.calls, percent: Math.round(calls.error_rate * 100) },
      })
    }
    if (!registration.webhooks_registered && !registration.webhook_keys_configured) {
      problems.push({ code: "webhook_not_registered", severity: "error", provider_id, params: {} })
    } else if (!registration.last_verified_delivery_at) {
      problems.push({ code: "no_delivery_yet", severity: "warning", provider_id, params: {} })
    }
    for (const refused of registration.refused_deliveries) {
      problems.push({
        code: "deliveries_refused",
        severity: refused.last_hour > 0 ? "error" : "warning",
        provider_id,
        params: { reason: refused.reason, count: refused.count, last_at: refused.last_at },
      })
    }
  }

  const ran = input.jobs.filter((job) => job.last_started_at)
  if (input.jobs.length && !ran.length) {
    problems.push({ code: "jobs_not_running", severity: "error", params: { count: input.jobs.length } })
  }
  // Since when runs are recorded: a job not run since then (and for twice its period) never ran.
  const firstRecorded = Math.min(...ran.map((job) => Date.parse(job.last_started_at!)))
  for (const job of input.jobs) {
    const period = job.period_ms
    if (!job.last_started_at) {
      if (ran.length && period !== null && at - firstRecorded > 2 * period + LATE_MARGIN_MS) {
        problems.push({ code: "job_never_ran", severity: "error", job: job.name, params: { schedule: job.schedule } })
      }
      continue
    }
    const started = Date.parse(job.last_started_at)
    if (job.running && period !== null && at - started > 2 * period + LATE_MARGIN_MS) {
      problems.push({
        code: "job_stuck",
        severity: "error",
        job: job.name,
        params: { started_at: job.last_started_at, worker: job.worker ?? "" },
      })
    } else if (period !== null && at - started > 2 * period + LATE_MARGIN_MS) {
      problems.push({
        code: "job_late",
        severity: "error",
        job: job.name,
        params: { started_at: job.last_started_at, worker: job.worker ?? "", schedule: job.schedule },
      })
    }
    if (job.outcome === "failed") {
      problems.push({
        code: "job_failed",
        severity: "error",
        job: job.name,
        params: { finished_at: job.last_finished_at ?? "", error: job.error ?? "", worker: job.worker ?? "" },
      })
    }
  }

  const { waiting, retrying, failed } = input.refunds
  if (waiting.count && waiting.oldest_at && at - Date.parse(waiting.oldest_at) > WAITING_TOO_LONG_MS) {
    problems.push({
      code: "refunds_waiting",
      severity: "error",
      params: {
        count: waiting.count,
        oldest_at: waiting.oldest_at,
        minutes: Math.floor((at - Date.parse(waiting.oldest_at)) / MINUTE),
      },
    })
  }
  if (retrying.count) {
    problems.push({
      code: "refunds_retrying",
      severity: "warning",
      params: { count: retrying.count, next_retry_at: retrying.next_retry_at ?? "", reason: retrying.rows[0]?.failure_reason ?? "" },
    })
  }
  if (failed.count) {
    problems.push({ code: "refunds_failed", severity: "error", params: { count: failed.count } })
  }
  return problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1))
}
