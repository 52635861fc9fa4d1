/**
 * A hook around each call of the client, for tracing and metrics outside src/lib (the plugin's
 * src/installments/telemetry). It hears the method, the path and each attempt's status, error code
 * and timing: never a header, a body or a query string, so nothing secret or personal reaches it.
 */

/** One attempt of a call, as the observer hears of it. */
export interface AttemptReport {
  /** 1 for the first attempt. */
  attempt: number
  /** The service's HTTP status; none when no answer came (a timeout, a refused connection). */
  status?: number
  /** The error's code when the attempt failed (`timeout`, `ECONNREFUSED`, the service's code). */
  error_code?: string
  duration_ms: number
  /** The pause before the next attempt, when one follows. */
  retry_in_ms?: number
}

/** The call being made: its method and its path with parameters encoded (no query string). */
export interface CallReport {
  method: "GET" | "POST"
  path: string
}

/**
 * Wraps one call, its retries included: runs `work` exactly once and hands back its result or
 * rethrows its error unchanged. `work` reports each attempt through `onAttempt`.
 */
export type CallObserver = <T>(call: CallReport, work: (onAttempt: (report: AttemptReport) => void) => Promise<T>) => Promise<T>
