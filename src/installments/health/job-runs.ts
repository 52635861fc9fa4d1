import { hostname } from "node:os"
import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { installmentsSecretKeys } from "../registrations/lookup"
import { recordJobRun } from "../telemetry/metrics"
import { ATTR, SPAN } from "../telemetry/names"
import { observeRefundIntents } from "../telemetry/refund-intents"
import { withSpan } from "../telemetry/tracer"
import { dateOf, healthStore, type Knex } from "./store"

/** A scheduled job's config, as its file exports it for Medusa. */
export interface JobConfig {
  name: string
  schedule: string
}

/** A job's last run as the health page reads it (one row per job, `installments_job_run`). */
export interface JobRun {
  name: string
  schedule: string
  /** The process that ran it last: `host:pid`. */
  worker: string
  started_at: Date
  /** Null while the run that started at started_at has not ended (or its process died). */
  finished_at: Date | null
  /** How the last ended run ended. */
  outcome: "ok" | "failed" | null
  /** Why it failed, at most 300 characters, any registration's secret key removed. */
  error: string | null
  duration_ms: number | null
  last_ok_at: Date | null
}

const ERROR_CHARS = 300

/** This process, as the health page names the worker that ran a job. */
export const WORKER = `${hostname()}:${process.pid}`

/**
 * A scheduled job that records its start, end and outcome in `installments_job_run` (two one-row
 * writes a run), so the health page can say when each job last ran, on which worker, how it ended
 * and when it runs next. A write that fails is logged and ignored; the job's own result and error
 * are passed on untouched. Each run is also a span `installments.job <name>` and counted in
 * `installments.job.runs` (telemetry/), and the worker's first run registers the refund gauge.
 */
export function recordedJob<Rest extends unknown[], Result>(
  config: JobConfig,
  run: (container: MedusaContainer, ...rest: Rest) => Promise<Result>
): (container: MedusaContainer, ...rest: Rest) => Promise<Result> {
  const labels = { [ATTR.job]: config.name, [ATTR.schedule]: config.schedule }
  return async (container, ...rest) => {
    observeRefundIntents(container)
    return withSpan(`${SPAN.jobPrefix} ${config.name}`, { attributes: labels }, async (span) => {
      const knex = healthStore(container)
      const started = new Date()
      const ended = (outcome: "ok" | "failed") => {
        span.setAttribute(ATTR.outcome, outcome)
        recordJobRun({ ...labels, [ATTR.outcome]: outcome }, Date.now() - started.getTime())
      }
      if (knex) {
        await quietly(container, () => recordJobStart(knex, config, started))
      }
      try {
        const result = await run(container, ...rest)
        if (knex) {
          await quietly(container, () => recordJobEnd(knex, config.name, started, new Date(), null))
        }
        ended("ok")
        return result
      } catch (error) {
        if (knex) {
          const message = scrubbed(container, error instanceof Error ? error.message : String(error))
          await quietly(container, () => recordJobEnd(knex, config.name, started, new Date(), message))
        }
        ended("failed")
        throw error
      }
    })
  }
}

export async function recordJobStart(knex: Knex, config: JobConfig, at: Date, worker = WORKER): Promise<void> {
  await knex.raw(
    `insert into "installments_job_run" ("name", "schedule", "worker", "started_at") values (?, ?, ?, ?)
     on conflict ("name") do update set "schedule" = excluded."schedule", "worker" = excluded."worker", "started_at" = excluded."started_at", "finished_at" = null`,
    [config.name, config.schedule, worker, at]
  )
}

/** The end of the run that started at `started`: `error` null for a run that ended well. */
export async function recordJobEnd(knex: Knex, name: string, started: Date, at: Date, error: string | null): Promise<void> {
  const ok = error === null
  await knex.raw(
    `update "installments_job_run" set "finished_at" = ?, "outcome" = ?, "error" = ?, "duration_ms" = ?,
     "last_ok_at" = case when ? then ? else "last_ok_at" end where "name" = ?`,
    [at, ok ? "ok" : "failed", ok ? null : error.slice(0, ERROR_CHARS), at.getTime() - started.getTime(), ok, at, name]
  )
}

/** Every job's last run (a row per job that ever ran: a dozen at most). */
export async function readJobRuns(knex: Knex): Promise<JobRun[]> {
  const { rows } = await knex.raw(
    `select "name", "schedule", "worker", "started_at", "finished_at", "outcome", "error", "duration_ms", "last_ok_at" from "installments_job_run"`
  )
  return rows.map((row) => ({
    name: String(row.name),
    schedule: String(row.schedule),
    worker: String(row.worker),
    started_at: dateOf(row.started_at)!,
    finished_at: dateOf(row.finished_at),
    outcome: row.outcome === "ok" || row.outcome === "failed" ? row.outcome : null,
    error: typeof row.error === "string" ? row.error : null,
    duration_ms: row.duration_ms === null || row.duration_ms === undefined ? null : Number(row.duration_ms),
    last_ok_at: dateOf(row.last_ok_at),
  }))
}

async function quietly(container: MedusaContainer, write: () => Promise<void>): Promise<void> {
  try {
    await write()
  } catch (error) {
    try {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(`installments: could not record a job's run for the health page: ${(error as Error).message}`)
    } catch {
      // No logger either: nothing more to do.
    }
  }
}

// A job's error may quote a request it made; no registration's secret key is ever kept.
function scrubbed(container: MedusaContainer, message: string): string {
  try {
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    return installmentsSecretKeys(config).reduce((text, secret) => text.split(secret).join("[REDACTED]"), message)
  } catch {
    return message
  }
}
