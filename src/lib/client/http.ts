import axios, { AxiosInstance, AxiosResponse } from "axios"
import type { Readable } from "node:stream"
import { z } from "zod"
import { AnswerLimits, byteSize, cappedStream, DEFAULT_ANSWER_LIMITS, readUpTo, tooLarge } from "./answer-limits"
import { accountOf, callOutcomeOf, serviceCallStats } from "./call-stats"
import { attemptMayHaveReachedService, InstallmentsError, ConnectionError, TimeoutError } from "./errors"
import { errorFromResponse, ErrorFamily } from "./error-mapping"
import type { AttemptReport, CallObserver } from "./observer"
import { ClientLogger, environmentOf, ResolvedClientOptions } from "./options"
import { readingServiceUrls } from "./schemas/service-url"
import { parseResponse } from "./validate"

const VERSION = "0.1.0"
const MAX_BACKOFF_MS = 30_000

/** When a failed call may be sent again (D5). */
export type RetryPolicy =
  /** Never resent: the call has effects a duplicate would repeat (webhook registration). */
  | "never"
  /** Resent on network errors, timeouts, 429 and 5xx (reads, link creation, keyed refunds). */
  | "transient"

export interface RequestSpec {
  method: "GET" | "POST"
  /** Path with its parameters already encoded, exactly as docs/service-api.md writes it. */
  path: string
  query?: Record<string, string | undefined>
  body?: unknown
  accept?: string
  headers?: Record<string, string>
  retry: RetryPolicy
  /** Also resend, after a pause, a refund the service reports as already under processing (D5). */
  retryWhileProcessing?: boolean
  family: ErrorFamily
}

/** A raw answer: status, headers and bytes. */
export interface RawResponse {
  status: number
  contentType: string
  data: Buffer
}

/** A 2xx answer whose body is read as it arrives, for files too large to hold in memory. */
export interface StreamResponse {
  status: number
  contentType: string
  body: Readable
}

type Mode = "buffer" | "stream"

/**
 * The one place that talks HTTP: authentication headers, timeouts, retries with backoff, error
 * mapping and logging. Headers are built per attempt and never stored on errors or logged.
 */
export class HttpClient {
  readonly #secretKey: string
  readonly #publicKey: string
  readonly #axios: AxiosInstance
  readonly #options: ResolvedClientOptions
  readonly #logger?: ClientLogger
  readonly #limits: AnswerLimits
  /** Plain http to this machine is accepted in the URLs of answers only from the sandbox. */
  readonly #loopbackHttp: boolean
  /** Replaced in tests to observe backoff without waiting. */
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  /** Replaced in tests for a deterministic jitter. */
  random: () => number = Math.random

  constructor(options: ResolvedClientOptions) {
    this.#secretKey = options.secretKey
    this.#publicKey = options.publicKey
    this.#options = options
    this.#logger = options.logger
    this.#loopbackHttp = environmentOf(options.publicKey) === "sandbox"
    this.#limits = { ...DEFAULT_ANSWER_LIMITS, ...options.answerLimits }
    this.#axios = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ""),
      timeout: options.timeoutMs,
      maxRedirects: 0,
      validateStatus: () => true,
      // Every body is read as a stream, so no answer is held past its cap (answer-limits.ts).
      responseType: "stream",
      transitional: { clarifyTimeoutError: true },
      proxy: false,
    })
  }

  /** Sends a request and parses a JSON answer with the schema. */
  async json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
    return this.#call(spec, async (onAttempt) => {
      const response = await this.#request(spec, "buffer", onAttempt)
      const endpoint = endpointOf(spec)
      const { value, dropped } = readingServiceUrls(this.#loopbackHttp, () =>
        parseResponse(schema, decodeJson(response.data as Buffer), { endpoint, status: response.status })
      )
      for (const scheme of dropped) {
        this.#logger?.warn?.(`installments: ${endpoint} answered a URL that is not https (${scheme}); it is left out`)
      }
      return value
    })
  }

  /** Sends a request and returns the 2xx answer's bytes; anything else throws. */
  async raw(spec: RequestSpec): Promise<RawResponse> {
    return this.#call(spec, async (onAttempt) => {
      const response = await this.#request(spec, "buffer", onAttempt)
      return { status: response.status, contentType: response.contentType, data: response.data as Buffer }
    })
  }

  /**
   * Sends a request and hands back the 2xx answer's body as a stream, unread; anything else throws
   * (an error body is small and read whole). Retries happen only before a body starts to flow.
   */
  async stream(spec: RequestSpec): Promise<StreamResponse> {
    return this.#call(spec, async (onAttempt) => {
      const response = await this.#request(spec, "stream", onAttempt)
      return { status: response.status, contentType: response.contentType, body: response.data as Readable }
    })
  }

  /**
   * One call, its retries included: its outcome and duration go to this process's count
   * (call-stats.ts), and the whole of it runs inside the observer, when there is one (observer.ts).
   */
  async #call<T>(spec: RequestSpec, work: (onAttempt: OnAttempt) => Promise<T>): Promise<T> {
    const observe: CallObserver = this.#options.observer ?? ((_call, run) => run(ignoreAttempt))
    return observe({ method: spec.method, path: spec.path }, async (onAttempt) => {
      const started = Date.now()
      const account = accountOf(this.#options.baseUrl, this.#publicKey)
      try {
        const value = await work(onAttempt)
        serviceCallStats.record(account, "ok", Date.now() - started)
        return value
      } catch (error) {
        serviceCallStats.record(account, callOutcomeOf(error), Date.now() - started)
        throw error
      }
    })
  }

  async #request(
    spec: RequestSpec,
    mode: Mode,
    onAttempt: OnAttempt
  ): Promise<{ status: number; contentType: string; data: Buffer | Readable }> {
    const endpoint = endpointOf(spec)
    const attempts = 1 + this.#options.maxRetries
    const deadline = Date.now() + this.#options.deadlineMs
    // Whether an attempt so far may have reached the service unanswered: the call's error then says so.
    let unanswered = false
    for (let attempt = 1; ; attempt++) {
      const started = Date.now()
      let error: InstallmentsError
      let retryAfterMs: number | undefined
      // Each attempt ends by the call's deadline, however slowly an answer trickles in.
      const budgetMs = Math.max(1, Math.min(this.#options.timeoutMs, deadline - started))
      // Aborts the attempt at its budget: waiting for the headers and, for an answer read whole, its
      // body. A streamed file may take longer than one call's deadline to flow: only its headers are bounded.
      const abort = new AbortController()
      const timer = setTimeout(() => abort.abort(), budgetMs)
      const signal = abort.signal
      let status: number | undefined
      try {
        const response = await this.#send(spec, budgetMs, signal)
        status = response.status
        this.#logger?.debug?.(`installments: ${endpoint} -> ${status} (${Date.now() - started} ms)`)
        const contentType = String(response.headers["content-type"] ?? "")
        const body = response.data as Readable
        if (mode === "stream" && status >= 200 && status < 300) {
          clearTimeout(timer)
          onAttempt({ attempt, status, duration_ms: Date.now() - started })
          return { status, contentType, data: cappedStream(body, this.#limits.fileBytes, endpoint) }
        }
        if (status >= 200 && status < 300) {
          const { data, complete } = await readUpTo(body, this.#limits.answerBytes)
          if (!complete) {
            throw tooLarge(endpoint, this.#limits.answerBytes)
          }
          onAttempt({ attempt, status, duration_ms: Date.now() - started })
          return { status, contentType, data }
        }
        // An error answer is read for the service's short reason; past its cap the body is not read at all.
        const { data, complete } = await readUpTo(body, this.#limits.errorBytes)
        error = errorFromResponse({
          status,
          body: complete ? decodeJson(this.#scrub(data), true) : undefined,
          endpoint,
          family: spec.family,
          location: response.headers["location"] as string | undefined,
          bodyOverCap: complete ? undefined : byteSize(this.#limits.errorBytes),
        })
        retryAfterMs = parseRetryAfter(response.headers["retry-after"])
      } catch (thrown) {
        if (thrown instanceof InstallmentsError) {
          onAttempt({ attempt, status, error_code: thrown.code, duration_ms: Date.now() - started })
          thrown.earlierAttemptUnanswered = unanswered
          throw thrown
        }
        error = networkError(
          signal.aborted ? Object.assign(new Error("aborted"), { code: "ERR_CANCELED" }) : thrown,
          endpoint,
          budgetMs
        )
        this.#logger?.debug?.(`installments: ${endpoint} -> ${error.code} (${Date.now() - started} ms)`)
      } finally {
        clearTimeout(timer)
      }

      const delay = this.#retryDelay(spec, error, attempt, retryAfterMs)
      // A retry that could not start before the deadline is not made: the caller hears now.
      const last = delay === undefined || attempt >= attempts || Date.now() + delay >= deadline
      onAttempt({ attempt, status, error_code: error.code, duration_ms: Date.now() - started, retry_in_ms: last ? undefined : delay })
      if (last) {
        error.earlierAttemptUnanswered = unanswered
        throw error
      }
      unanswered ||= attemptMayHaveReachedService(error)
      this.#logger?.warn?.(
        `installments: ${endpoint} failed (${error.status ?? error.code}); retry ${attempt} of ${attempts - 1} in ${delay} ms`
      )
      await this.sleep(delay)
    }
  }

  async #send(spec: RequestSpec, budgetMs: number, signal: AbortSignal): Promise<AxiosResponse> {
    const headers: Record<string, string> = {
      Authorization: this.#secretKey,
      "X-Service-Key": this.#publicKey,
      Accept: spec.accept ?? "application/json",
      "User-Agent": `medusa-payment-installments/${VERSION}`,
      ...spec.headers,
    }
    let data: string | undefined
    if (spec.body !== undefined) {
      headers["Content-Type"] = "application/json"
      data = JSON.stringify(spec.body)
    }
    return this.#axios.request({
      method: spec.method,
      url: urlOf(spec),
      headers,
      data,
      timeout: budgetMs,
      signal,
    })
  }

  // Some proxies echo the request headers in their error pages; an error must never carry the secret.
  #scrub(data: Buffer): Buffer {
    const text = data.toString("utf8")
    return text.includes(this.#secretKey) ? Buffer.from(text.split(this.#secretKey).join("[REDACTED]")) : data
  }

  // undefined = do not retry this error.
  #retryDelay(spec: RequestSpec, error: InstallmentsError, attempt: number, retryAfterMs?: number) {
    if (spec.retryWhileProcessing && error.code === "already_processing") {
      return this.#options.processingRetryDelayMs
    }
    if (spec.retry === "never" || !isTransient(error)) {
      return undefined
    }
    const exponential = this.#options.retryBaseDelayMs * 2 ** (attempt - 1)
    const jittered = Math.round(exponential / 2 + (this.random() * exponential) / 2)
    return Math.min(MAX_BACKOFF_MS, Math.max(jittered, retryAfterMs ?? 0))
  }
}

type OnAttempt = (report: AttemptReport) => void

// Without an observer, attempts are heard by no one.
const ignoreAttempt: OnAttempt = () => undefined

function isTransient(error: InstallmentsError): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return true
  }
  return error.status === 429 || (error.status !== undefined && error.status >= 500)
}

function urlOf(spec: RequestSpec): string {
  const entries = Object.entries(spec.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)
  if (!entries.length) {
    return spec.path
  }
  return `${spec.path}?${new URLSearchParams(entries).toString()}`
}

function endpointOf(spec: RequestSpec): string {
  return `${spec.method} ${spec.path}`
}

function decodeJson(data: Buffer, lenient = false): unknown {
  const text = data.toString("utf8")
  if (!text.trim()) {
    return undefined
  }
  try {
    return JSON.parse(text)
  } catch {
    // Error pages (HTML from a proxy) are kept short: they are shown, not parsed.
    return lenient ? text.slice(0, 500) : undefined
  }
}

function parseRetryAfter(header: unknown): number | undefined {
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined
}

// Only the error's code and message survive: axios errors carry the request config and its headers.
function networkError(thrown: unknown, endpoint: string, timeoutMs: number): InstallmentsError {
  const code = (thrown as { code?: string })?.code ?? "ECONNECTION"
  if (code === "ETIMEDOUT" || code === "ECONNABORTED" || code === "ERR_CANCELED") {
    return new TimeoutError({
      message: `The installments service did not answer ${endpoint} within ${timeoutMs} ms`,
      code: "timeout",
      endpoint,
    })
  }
  return new ConnectionError({
    message: `Could not reach the installments service for ${endpoint} (${code}); check baseUrl and the network`,
    code,
    endpoint,
  })
}
