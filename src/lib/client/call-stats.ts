import { ConnectionError, InstallmentsError, ProtocolError, TimeoutError } from "./errors"

/**
 * How one call to the service ended, after its retries: the words of the health page's error rate.
 * `refused` is a definite 4xx answer (a link not found, a refund refused): the service answered.
 */
export type CallOutcome =
  "ok" | "refused" | "unauthorized" | "rate_limited" | "server_error" | "timeout" | "unreachable" | "invalid_answer"

export const CALL_OUTCOMES: readonly CallOutcome[] = [
  "ok",
  "refused",
  "unauthorized",
  "rate_limited",
  "server_error",
  "timeout",
  "unreachable",
  "invalid_answer",
]

/** The outcomes that count as the service failing a call (the error rate): not a definite answer. */
export const FAILED_CALL_OUTCOMES: readonly CallOutcome[] = [
  "unauthorized",
  "rate_limited",
  "server_error",
  "timeout",
  "unreachable",
  "invalid_answer",
]

/** The outcome of a call that threw `error` (none: it succeeded). */
export function callOutcomeOf(error?: unknown): CallOutcome {
  if (error === undefined) {
    return "ok"
  }
  if (error instanceof TimeoutError) {
    return "timeout"
  }
  if (error instanceof ConnectionError) {
    return "unreachable"
  }
  if (error instanceof ProtocolError || !(error instanceof InstallmentsError)) {
    return "invalid_answer"
  }
  const status = error.status
  if (status === 401 || status === 403) {
    return "unauthorized"
  }
  if (status === 429) {
    return "rate_limited"
  }
  if (status !== undefined && status >= 500) {
    return "server_error"
  }
  return status !== undefined && status >= 400 ? "refused" : "invalid_answer"
}

/** One account's calls over a window. */
export interface CallWindow {
  /** Calls ended in the window. */
  calls: number
  /** Calls per outcome (every outcome present, zero when none). */
  outcomes: Record<CallOutcome, number>
  /** Calls whose outcome is one of FAILED_CALL_OUTCOMES. */
  failed: number
  /** failed / calls, 0 when there were none. */
  error_rate: number
  /** Mean and longest duration of a call (its retries and pauses included), in ms; null when none. */
  average_ms: number | null
  slowest_ms: number | null
}

interface Bucket {
  minute: number
  counts: Map<CallOutcome, number>
  totalMs: number
  maxMs: number
}

const MINUTE = 60_000
const WINDOW_MINUTES = 60
// A process talks to the service through one account per registration: a handful, never more than this.
const MOST_ACCOUNTS = 32

/**
 * The calls this process made in the last hour, per merchant account (`InstallmentsClient.account`:
 * base URL and public key, never the secret), in one-minute buckets: 60 per account at most. It is
 * the process's own count: each Medusa process (server, worker) keeps its own, and a restart starts
 * from zero.
 */
export class CallStats {
  readonly #accounts = new Map<string, Bucket[]>()

  record(account: string, outcome: CallOutcome, durationMs: number, now = Date.now()): void {
    const minute = Math.floor(now / MINUTE)
    let buckets = this.#accounts.get(account)
    if (!buckets) {
      if (this.#accounts.size >= MOST_ACCOUNTS) {
        this.#accounts.delete(this.#accounts.keys().next().value!)
      }
      buckets = []
      this.#accounts.set(account, buckets)
    }
    let bucket = buckets[buckets.length - 1]
    if (!bucket || bucket.minute !== minute) {
      bucket = { minute, counts: new Map(), totalMs: 0, maxMs: 0 }
      buckets.push(bucket)
      while (buckets.length && buckets[0].minute <= minute - WINDOW_MINUTES) {
        buckets.shift()
      }
    }
    bucket.counts.set(outcome, (bucket.counts.get(outcome) ?? 0) + 1)
    bucket.totalMs += durationMs
    bucket.maxMs = Math.max(bucket.maxMs, durationMs)
  }

  /** The account's calls in the last hour (the current minute included). */
  lastHour(account: string, now = Date.now()): CallWindow {
    const since = Math.floor(now / MINUTE) - WINDOW_MINUTES
    const outcomes = Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, 0])) as Record<CallOutcome, number>
    let totalMs = 0
    let maxMs = 0
    for (const bucket of this.#accounts.get(account) ?? []) {
      if (bucket.minute <= since) {
        continue
      }
      for (const [outcome, count] of bucket.counts) {
        outcomes[outcome] += count
      }
      totalMs += bucket.totalMs
      maxMs = Math.max(maxMs, bucket.maxMs)
    }
    const calls = CALL_OUTCOMES.reduce((sum, outcome) => sum + outcomes[outcome], 0)
    const failed = FAILED_CALL_OUTCOMES.reduce((sum, outcome) => sum + outcomes[outcome], 0)
    return {
      calls,
      outcomes,
      failed,
      error_rate: calls ? failed / calls : 0,
      average_ms: calls ? Math.round(totalMs / calls) : null,
      slowest_ms: calls ? maxMs : null,
    }
  }

  /** Forgets every count (tests). */
  clear(): void {
    this.#accounts.clear()
  }
}

/** This process's count of its calls to the service, which every client adds to. */
export const serviceCallStats = new CallStats()

/** The account a client speaks for: base URL and public key (no secret), as InstallmentsClient.account says. */
export function accountOf(baseUrl: string, publicKey: string): string {
  return `${baseUrl}|${publicKey}`
}
