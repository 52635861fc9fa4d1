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
  { name: "installments-reconcile-pending-sessions", schedule: "*/10 * * * *" },
  { name: "installments-refund-stray-payments", schedule: "*/10 * * * *" },
  { name: "installments-sync-pending-refunds", schedule: "*/15 * * * *" },
  { name: "installments-roll-up-insights", schedule: "17 * * * *" },
  { name: "installments-prune-webhook-events", schedule: "23 * * * *" },
  { name: "installments-prune-checkouts", schedule: "41 3 * * *" },
]
