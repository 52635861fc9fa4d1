import { Clock } from "./clock"

// setTimeout cannot wait longer than ~24.8 days; far jobs are re-armed after this.
const MAX_WAIT_MS = 60 * 60 * 1000

/**
 * Jobs due at a sandbox-clock instant (link expiry, refund settlement). Jobs are plain keys so they
 * can be rebuilt from persisted state; one unref'd timer waits for the earliest, and advancing the
 * clock runs whatever became due at once.
 */
export class Scheduler {
  private readonly jobs = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private armedFor: number | undefined
  private running = false
  private stopped = false

  constructor(
    private readonly clock: Clock,
    private readonly run: (key: string) => void
  ) {}

  /** Schedules (or reschedules) a job at a sandbox instant. */
  at(key: string, dueMs: number): void {
    if (this.stopped) {
      return
    }
    this.jobs.set(key, dueMs)
    if (this.armedFor === undefined || dueMs < this.armedFor) {
      this.arm(dueMs)
    }
  }

  /** Drops a job if it is still waiting. */
  cancel(key: string): void {
    this.jobs.delete(key)
  }

  /** Number of waiting jobs. */
  size(): number {
    return this.jobs.size
  }

  /** Runs every job whose time has come, earliest first, then waits for the next one. */
  runDue(): void {
    if (this.running || this.stopped) {
      return
    }
    this.running = true
    try {
      for (;;) {
        const now = this.clock.now()
        const due = [...this.jobs].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1])
        if (due.length === 0) {
          break
        }
        for (const [key] of due) {
          this.jobs.delete(key)
          this.run(key)
        }
      }
    } finally {
      this.running = false
    }
    this.rearm()
  }

  /** Clears every job and the timer (reset and stop). */
  clear(): void {
    this.jobs.clear()
    this.disarm()
  }

  /** Stops for good: nothing runs after this. */
  stop(): void {
    this.clear()
    this.stopped = true
  }

  private rearm(): void {
    this.disarm()
    let earliest: number | undefined
    for (const at of this.jobs.values()) {
      if (earliest === undefined || at < earliest) {
        earliest = at
      }
    }
    if (earliest !== undefined) {
      this.arm(earliest)
    }
  }

  private arm(dueMs: number): void {
    this.disarm()
    const wait = Math.min(Math.max(dueMs - this.clock.now(), 0), MAX_WAIT_MS)
    this.armedFor = dueMs
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.armedFor = undefined
      this.runDue()
    }, wait)
    this.timer.unref()
  }

  private disarm(): void {
    if (this.timer) {
      clearTimeout(this.timer)
    }
    this.timer = undefined
    this.armedFor = undefined
  }
}
