// The health route's answer (GET /admin/installments/health), one source for the route and the admin
// page. Types and constants only: the admin imports this file.

import type { CallOutcome } from "../../lib/client/call-stats"
import type { RefusalReason } from "./delivery-refusals"

export type { CallOutcome, RefusalReason }

/** What needs a person, each said with its fix on the page (en and ar) and in docs/health.md. */
export const HEALTH_PROBLEM_CODES = [
  "connection_failed",
  "service_unauthorized",
  "service_errors",
  "webhook_not_registered",
  "no_delivery_yet",
  "deliveries_refused",
  "jobs_not_running",
  "job_never_ran",
  "job_late",
  "job_stuck",
  "job_failed",
  "refunds_waiting",
  "refunds_retrying",
  "refunds_failed",
] as const
export type HealthProblemCode = (typeof HEALTH_PROBLEM_CODES)[number]

export interface HealthProblem {
  code: HealthProblemCode
  /** `error`: something is not working now; `warning`: it may soon, or needs a look. */
  severity: "error" | "warning"
  /** The registration it is about, when it is about one. */
  provider_id?: string
  /** The job it is about, when it is about one. */
  job?: string
  /** The figures its words use (counts, times as ISO 8601, a reason, the service's message). */
  params: Record<string, string | number>
}

export interface HealthCallWindow {
  calls: number
  failed: number
  /** failed / calls, 0 to 1. */
  error_rate: number
  outcomes: Record<CallOutcome, number>
  average_ms: number | null
  slowest_ms: number | null
}

export interface HealthRegistration {
  provider_id: string
  environment: string
  /** Null unless the request asked `?check=connection`: only then is the service called. */
  connection: { ok: boolean; message: string | null; latency_ms: number } | null
  webhook_path: string
  /** Endpoints registered through the plugin for this path (keys the plugin holds). */
  webhooks_registered: number
  /** Keys configured in the provider's options (`webhookKeys`). */
  webhook_keys_configured: number
  last_verified_delivery_at: string | null
  /** Deliveries refused in the last 24 hours, per reason. */
  refused_deliveries: { reason: RefusalReason; count: number; last_hour: number; last_at: string }[]
  /** This server process's calls to the service in the last hour. */
  service_calls: HealthCallWindow
}

export interface HealthJob {
  name: string
  schedule: string
  /** The longest gap between two runs of the schedule, in ms; null for a schedule not understood. */
  period_ms: number | null
  last_started_at: string | null
  last_finished_at: string | null
  outcome: "ok" | "failed" | null
  error: string | null
  duration_ms: number | null
  last_ok_at: string | null
  /** The process (`host:pid`) that last ran it. */
  worker: string | null
  running: boolean
  next_run_at: string | null
}

export interface HealthRefund {
  id: string
  provider_id: string
  order_id: string | null
  /** Decimal SAR, exact. */
  amount: string
  /** The ledger's status in words (confirming, failed). */
  status: string
  created_at: string
  updated_at: string
  failure_reason: string | null
  next_retry_at: string | null
  attempts: number
}

export interface HealthRefunds {
  /** Sent, the service's answer not known yet (`confirming`): the resolver settles each within minutes. */
  waiting: { count: number; oldest_at: string | null; rows: HealthRefund[] }
  /** Refused for a reason that passes: the retry job sends each again when due. */
  retrying: { count: number; next_retry_at: string | null; rows: HealthRefund[] }
  /** Failed for good in the last 30 days: nothing will send them again. */
  failed: { count: number; rows: HealthRefund[] }
}

export interface HealthAnswer {
  checked_at: string
  /** Whether the service was called (`?check=connection`). */
  connection_checked: boolean
  registrations: HealthRegistration[]
  jobs: HealthJob[]
  refunds: HealthRefunds
  /** Worst first. */
  problems: HealthProblem[]
}
