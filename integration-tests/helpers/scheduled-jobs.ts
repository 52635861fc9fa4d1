import { readdirSync } from "node:fs"
import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

// What the test boot's workflow engine (Medusa's in-memory one) offers a watcher: its public subscribe.
type WorkflowEvent = { eventType: string; transactionId?: string }
type WorkflowEngine = {
  subscribe(args: { workflowId: string; subscriber: (event: WorkflowEvent) => void; subscriberId: string }): Promise<void>
}

const JOBS_DIR = path.resolve(__dirname, "../../src/jobs")
// Every job of the plugin is on a cron of whole minutes: a shutdown this close to the next one waits it out.
const BOUNDARY_MARGIN_MS = 5_000
const JOBS_TIMEOUT_MS = 60_000
const POLL_MS = 50

/** Medusa's workflow id of each of the plugin's scheduled jobs (its job loader names them `job-<name>`). */
async function jobWorkflowIds(): Promise<string[]> {
  const files = readdirSync(JOBS_DIR).filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
  const jobs = await Promise.all(files.map((file) => import(path.join(JOBS_DIR, file)) as Promise<{ config?: { name?: string } }>))
  return jobs.flatMap(({ config }) => (typeof config?.name === "string" ? [`job-${config.name}`] : []))
}

/**
 * Watches the plugin's scheduled jobs as Medusa's scheduler runs them (the workflow engine's begin
 * and finish of each job's workflow). The store's shutdown destroys the database pool under a job
 * that is still running, which leaves the pool's acquire timers behind and logs the job's failure
 * into the next spec; a suite asks `quiet()` before Medusa stops.
 */
export class ScheduledJobsWatch {
  private readonly running = new Set<string>()

  private constructor() {}

  /** Subscribes to every job's workflow in this process's engine. */
  static async of(container: MedusaContainer): Promise<ScheduledJobsWatch> {
    const engine = container.resolve(Modules.WORKFLOW_ENGINE) as unknown as WorkflowEngine
    const watch = new ScheduledJobsWatch()
    for (const workflowId of await jobWorkflowIds()) {
      await engine.subscribe({
        workflowId,
        subscriberId: `scheduled-jobs-watch-${workflowId}`,
        subscriber: ({ eventType, transactionId }) => {
          const run = `${workflowId}:${transactionId ?? ""}`
          if (eventType === "onBegin") watch.running.add(run)
          if (eventType === "onFinish") watch.running.delete(run)
        },
      })
    }
    return watch
  }

  /** The job runs begun and not yet finished. */
  get runningCount(): number {
    return this.running.size
  }

  /**
   * Resolves once no job runs and the next whole minute (when the scheduler starts the next ones) is
   * more than a shutdown away; a job started at that minute is waited for too.
   */
  async quiet(): Promise<void> {
    const deadline = Date.now() + JOBS_TIMEOUT_MS
    for (;;) {
      const toNextMinute = 60_000 - (Date.now() % 60_000)
      if (this.running.size === 0 && toNextMinute > BOUNDARY_MARGIN_MS) {
        return
      }
      if (Date.now() > deadline) {
        throw new Error(`scheduled jobs still running after ${JOBS_TIMEOUT_MS} ms: ${[...this.running].join(", ")}`)
      }
      // Past the minute, its jobs' begin arrives a turn after their timers fire: wait a moment beyond it.
      const wait = this.running.size === 0 ? toNextMinute + 1_000 : POLL_MS
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
