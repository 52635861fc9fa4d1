import Redis from "ioredis"

// Medusa's Redis modules keep their work in BullMQ queues: the event bus's jobs (every event, each
// webhook delivery delayed by the Payment module's webhook_delay among them), the workflow engine's
// steps, and its scheduled jobs, whose completed runs it keeps (a day, the last 1,000).
const EVENTS = "RedisEventBusService:events-queue"
const WORKFLOWS = "bull:medusa-workflows"
const SCHEDULED = "bull:medusa-workflows-jobs"

const QUIET_MS = 500
const POLL_MS = 100
const IDLE_TIMEOUT_MS = 60_000

/** One scheduled job's run that ended: when it started and ended (epoch ms). */
export interface ScheduledRun {
  job: string
  processedOn: number
  finishedOn: number
}

/**
 * Watches, through Redis, the work of Medusa processes this one cannot see into (production.spec.ts's
 * server and worker): the event bus's jobs from when they are queued until their subscribers have
 * run, and the scheduled jobs' runs. What `EventBusWatch` is for an in-process Medusa: a test that
 * asserts "nothing more happened" first waits for `idle()`, and for the scheduled sweep that could
 * have acted to have run (`scheduledRunAfter`), instead of sleeping.
 */
export class QueueWatch {
  private constructor(private readonly client: Redis) {}

  /** A watch of the queues in the Redis database at `url` (the one the processes were given). */
  static async open(url: string): Promise<QueueWatch> {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await client.connect()
    return new QueueWatch(client)
  }

  /** A point in the event bus's record (its BullMQ event stream), to ask `handledSince` from. */
  async mark(): Promise<string> {
    const [last] = await this.client.xrevrange(`${EVENTS}:events`, "+", "-", "COUNT", 1)
    return last?.[0] ?? "0-0"
  }

  /** The events whose jobs completed after `mark` (their subscribers all ran), by name, oldest first. */
  async handledSince(mark: string): Promise<string[]> {
    const entries = await this.client.xrange(`${EVENTS}:events`, `(${mark}`, "+")
    const names = new Map<string, string>()
    const completed: string[] = []
    for (const [, fields] of entries) {
      const field = (name: string) => fields[fields.indexOf(name) + 1]
      if (field("event") === "added") {
        names.set(field("jobId"), field("name"))
      } else if (field("event") === "completed") {
        completed.push(field("jobId"))
      }
    }
    // A job queued before the mark and completed after it is named from its own record.
    for (const jobId of completed.filter((id) => !names.has(id))) {
      names.set(jobId, (await this.client.hget(`${EVENTS}:${jobId}`, "name")) ?? "?")
    }
    return completed.map((jobId) => names.get(jobId)!)
  }

  /**
   * When each job of the event `name` that completed after `mark` ran (epoch ms, from the ids of its
   * `active` and `completed` entries in the event stream: Redis's own clock, this machine's).
   */
  async handledIntervals(mark: string, name: string): Promise<{ jobId: string; start: number; end: number }[]> {
    const entries = await this.client.xrange(`${EVENTS}:events`, `(${mark}`, "+")
    const names = new Map<string, string>()
    const started = new Map<string, number>()
    const intervals: { jobId: string; start: number; end: number }[] = []
    for (const [id, fields] of entries) {
      const field = (key: string) => fields[fields.indexOf(key) + 1]
      const at = Number(id.split("-")[0])
      const jobId = field("jobId")
      if (field("event") === "added") names.set(jobId, field("name"))
      else if (field("event") === "active") started.set(jobId, at)
      else if (field("event") === "completed" && started.has(jobId)) {
        const jobName = names.get(jobId) ?? (await this.client.hget(`${EVENTS}:${jobId}`, "name"))
        if (jobName === name) intervals.push({ jobId, start: started.get(jobId)!, end: at })
      }
    }
    return intervals
  }

  /**
   * The event bus's jobs of the event `name` being handled now (BullMQ's active list), with their
   * data: read while they run, as a completed job's record is removed (Medusa's removeOnComplete).
   */
  async activeJobs(name: string): Promise<{ jobId: string; data: unknown }[]> {
    const ids = await this.client.lrange(`${EVENTS}:active`, 0, -1)
    const jobs: { jobId: string; data: unknown }[] = []
    for (const jobId of ids) {
      const [jobName, data] = await this.client.hmget(`${EVENTS}:${jobId}`, "name", "data")
      if (jobName === name && data) jobs.push({ jobId, data: JSON.parse(data) })
    }
    return jobs
  }

  /** How many jobs wait, are delayed or run: events, and workflow steps. */
  async pending(): Promise<number> {
    const counts = await this.client
      .multi()
      .llen(`${EVENTS}:wait`)
      .llen(`${EVENTS}:paused`)
      .llen(`${EVENTS}:active`)
      .zcard(`${EVENTS}:delayed`)
      .zcard(`${EVENTS}:prioritized`)
      .llen(`${WORKFLOWS}:wait`)
      .llen(`${WORKFLOWS}:active`)
      .zcard(`${WORKFLOWS}:delayed`)
      .zcard(`${WORKFLOWS}:prioritized`)
      .exec()
    return (counts ?? []).reduce((sum, [error, count]) => {
      if (error) {
        throw error
      }
      return sum + Number(count)
    }, 0)
  }

  /**
   * Waits until no event is queued, delayed or being handled and no workflow step is queued or
   * running, and it stays so for a moment (a subscriber that ends may have queued the next event);
   * answers the events handled after `mark`.
   */
  async idle(mark: string, timeoutMs = IDLE_TIMEOUT_MS): Promise<string[]> {
    const deadline = Date.now() + timeoutMs
    let quietSince: number | undefined
    for (;;) {
      const pending = await this.pending()
      if (pending > 0) {
        quietSince = undefined
        if (Date.now() > deadline) {
          throw new Error(`Medusa's queues still hold ${pending} jobs after ${timeoutMs} ms`)
        }
      } else {
        quietSince ??= Date.now()
        if (Date.now() - quietSince >= QUIET_MS) {
          return this.handledSince(mark)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  /**
   * Waits until a run of every scheduled job in `jobs` (their `config.name`) that started after
   * `since` (epoch ms) has ended, and answers those runs: what such a sweep could do, it has done.
   */
  async scheduledRunAfter(jobs: string[], since: number, timeoutMs = IDLE_TIMEOUT_MS): Promise<ScheduledRun[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const runs = await this.scheduledRunsEndedAfter(since)
      const found = jobs.map((job) => runs.find((run) => run.job === job && run.processedOn > since))
      if (found.every(Boolean)) {
        return found as ScheduledRun[]
      }
      if (Date.now() > deadline) {
        const missing = jobs.filter((_, index) => !found[index])
        throw new Error(
          `no run of ${missing.join(", ")} started after ${new Date(since).toISOString()} and ended within ${timeoutMs} ms`
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5))
    }
  }

  private async scheduledRunsEndedAfter(since: number): Promise<ScheduledRun[]> {
    // The completed set is scored by when each run ended.
    const ids = await this.client.zrangebyscore(`${SCHEDULED}:completed`, since, "+inf")
    const runs: ScheduledRun[] = []
    for (const id of ids) {
      const [data, processedOn, finishedOn] = await this.client.hmget(`${SCHEDULED}:${id}`, "data", "processedOn", "finishedOn")
      if (data && processedOn && finishedOn) {
        // Medusa schedules each job under "job-<config.name>".
        const job = String((JSON.parse(data) as { jobId?: string }).jobId ?? "").replace(/^job-/, "")
        runs.push({ job, processedOn: Number(processedOn), finishedOn: Number(finishedOn) })
      }
    }
    return runs
  }

  async close(): Promise<void> {
    await this.client.quit()
  }
}
