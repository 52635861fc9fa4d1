import type { Logger } from "@medusajs/framework/types"

/** Refusals of one registration and reason logged a minute; past it they are counted, not logged. */
export const REFUSAL_LINES_PER_MINUTE = 10
const MINUTE_MS = 60_000
// Keys are a registration the store has (or one key for every unknown path) and a fixed reason: few.
const MAX_KEYS = 1_000

type Window = { startedAt: number; lines: number; unlogged: number }

/**
 * The log lines of refused webhook deliveries, bounded: anyone can send a forged delivery, so a flood
 * of them must not flood the merchant's log. Per registration and reason, the first
 * `REFUSAL_LINES_PER_MINUTE` of each minute are logged; the next says that the rest are only counted
 * (the health page counts every refusal); the first line of a later minute says how many were not
 * logged. Process-local, like the log it protects.
 */
export class RefusalLog {
  private readonly windows = new Map<string, Window>()

  warn(logger: Pick<Logger, "warn">, key: string, message: string, now = Date.now()): void {
    let window = this.windows.get(key)
    if (!window || now - window.startedAt >= MINUTE_MS) {
      const unlogged = window?.unlogged ?? 0
      window = { startedAt: now, lines: 0, unlogged: 0 }
      this.windows.delete(key)
      this.windows.set(key, window)
      if (this.windows.size > MAX_KEYS) {
        this.windows.delete(this.windows.keys().next().value as string)
      }
      if (unlogged) {
        message += ` (${unlogged} more refused for this reason in the minute before were not logged)`
      }
    }
    window.lines++
    if (window.lines <= REFUSAL_LINES_PER_MINUTE) {
      logger.warn(message)
    } else if (window.lines === REFUSAL_LINES_PER_MINUTE + 1) {
      window.unlogged++
      logger.warn(
        `installments: more than ${REFUSAL_LINES_PER_MINUTE} webhook deliveries refused for the same reason within a minute ` +
          `(${key}); the rest of this minute's are counted on the health page, not logged`
      )
    } else {
      window.unlogged++
    }
  }

  /** Forgets every window (tests). */
  clear(): void {
    this.windows.clear()
  }
}

/** The process's refusal lines, shared by every registration. */
export const refusalLog = new RefusalLog()
