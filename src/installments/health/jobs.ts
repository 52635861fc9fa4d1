import { cronPeriodMs, nextCronRun } from "../../lib/cron"
import type { HealthJob } from "./answer"
import type { JobRun } from "./job-runs"

/**
 * The plugin's scheduled jobs and their default schedules (each job file's `config`; a unit test keeps
 * the two the same): the health page lists a job that never ran from here. A job's recorded run
 * carries the schedule its worker used, which wins (RECONCILE_SCHEDULE may be changed by the store).
 */
export const PLUGIN_JOBS: readonly { name: string; schedule: string }[] = [
  { name: "installments-resolve-refund-intents", schedule: "* * * * *" },
  { name: "installments-refund-received-returns", schedule: "*/2 * * * *" },
  { name: "installments-retry-failed-refunds", schedule: "*/5 * * * *" },
  { name: "installments-check-unbacked-refunds", schedule: "*/5 * * * *" },
  { name: "installments-check-canceled-order-refunds", schedule: "*/5 * * * *" },
  { name: "installments-raise-alerts", schedule: "*/5 * * * *" },
  { name: "installments-reconcile-pending-sessions", schedule: "*/10 * * * *" },
  { name: "installments-refund-stray-payments", schedule: "*/10 * * * *" },
  { name: "installments-sync-pending-refunds", schedule: "*/15 * * * *" },
  { name: "installments-roll-up-insights", schedule: "17 * * * *" },
  { name: "installments-prune-webhook-events", schedule: "23 * * * *" },
  { name: "installments-prune-checkouts", schedule: "41 3 * * *" },
]

/**
 * Every plugin job, recorded or not, with its next run by the schedule its worker last used: what the
 * health page shows and the alerts (installments/alerts) judge lateness from.
 */
export function healthJobs(runs: JobRun[], now: Date): HealthJob[] {
  const names = [
    ...PLUGIN_JOBS.map((job) => job.name),
    ...runs.map((run) => run.name).filter((name) => !PLUGIN_JOBS.some((job) => job.name === name)),
  ]
  return names.map((name) => {
    const run = runs.find((candidate) => candidate.name === name)
    const schedule = run?.schedule ?? PLUGIN_JOBS.find((job) => job.name === name)!.schedule
    const running = !!run && (!run.finished_at || run.finished_at.getTime() < run.started_at.getTime())
    return {
      name,
      schedule,
      period_ms: cronPeriodMs(schedule) ?? null,
      last_started_at: run?.started_at.toISOString() ?? null,
      last_finished_at: run?.finished_at?.toISOString() ?? null,
      outcome: run?.outcome ?? null,
      error: run?.error ?? null,
      duration_ms: run?.duration_ms ?? null,
      last_ok_at: run?.last_ok_at?.toISOString() ?? null,
      worker: run?.worker ?? null,
      running,
      next_run_at: nextCronRun(schedule, now)?.toISOString() ?? null,
    }
  })
}
