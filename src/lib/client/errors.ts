/**
 * One error hierarchy for everything the client can meet: the service's answers, the network,
 * and our own validation before a request leaves. No error ever holds request headers, so the
 * secret key cannot leak through `message`, `JSON.stringify(err)` or `util.inspect(err)`.
 */

export interface InstallmentsErrorInit {
  message: string
  /** HTTP status of the answer; undefined when no answer came (network, timeout, local check). */
  status?: number
  /** The service's error code (`validation_error`, `store_not_found`...) or ours (`local_validation`). */
  code?: string
  /** What the service said, verbatim (`message`, `detail` or `error` of its body). */
  serviceMessage?: string
  /** Method and path of the call, e.g. `POST /payment_links/<id>/create`. */
  endpoint?: string
  /** The parsed answer body (never request data). */
  body?: unknown
}

/** Base class of every error the installments client throws. */
export class InstallmentsError extends Error {
  readonly status?: number
  readonly code?: string
  readonly serviceMessage?: string
  readonly endpoint?: string
  readonly body?: unknown
  /**
   * True when an earlier attempt of the same call may have reached the service without a definite
   * answer (set by the transport's retries): the call's outcome is unknown whatever this attempt says.
   */
  earlierAttemptUnanswered = false

  constructor(init: InstallmentsErrorInit) {
    super(init.message)
    this.name = new.target.name
    this.status = init.status
    this.code = init.code
    this.serviceMessage = init.serviceMessage
    this.endpoint = init.endpoint
    this.body = init.body
  }

  /** A plain object for structured logs; the same fields `JSON.stringify` sees. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      serviceMessage: this.serviceMessage,
      endpoint: this.endpoint,
      body: this.body,
      ...(this.earlierAttemptUnanswered ? { earlierAttemptUnanswered: true } : {}),
    }
  }
}

/** 401: the secret key is missing or wrong, or the public key does not match it. */
export class AuthenticationError extends InstallmentsError {}

/** 404: the store, link or transaction does not exist (or is not this merchant's). */
export class NotFoundError extends InstallmentsError {}

/** One rule a request broke, named by its field. */
export interface FieldIssue {
  field: string
  message: string
}

/** 400/422 from the service, or a request refused locally before it was sent (`code: local_validation`). */
export class ValidationError extends InstallmentsError {
  readonly issues: FieldIssue[]

  constructor(init: InstallmentsErrorInit & { issues?: FieldIssue[] }) {
    super(init)
    this.issues = init.issues ?? []
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues }
  }
}

/** Why the service refused a refund; each asks the merchant for a different action. */
export type RefundRejectionReason =
  "exceeds_balance" | "insufficient_merchant_balance" | "already_processing" | "not_allowed" | "not_refundable"

/** The service refused a refund (docs/service-api.md, Errors, Refund). */
export class RefundRejectedError extends InstallmentsError {
  readonly reason: RefundRejectionReason
  /** For `exceeds_balance`: the most that can still be refunded, a 2-decimal SAR string. */
  readonly maxRefundable?: string

  constructor(init: InstallmentsErrorInit & { reason: RefundRejectionReason; maxRefundable?: string }) {
    super(init)
    this.reason = init.reason
    this.maxRefundable = init.maxRefundable
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, maxRefundable: this.maxRefundable }
  }
}

/** A 3xx answer. Redirects are never followed (D3): usually a path is missing its trailing slash. */
export class RedirectError extends InstallmentsError {
  readonly location?: string

  constructor(init: InstallmentsErrorInit & { location?: string }) {
    super(init)
    this.location = init.location
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), location: this.location }
  }
}

/** The request never got an answer: DNS, refused or reset connection. */
export class ConnectionError extends InstallmentsError {}

/** No answer within `timeoutMs`. */
export class TimeoutError extends InstallmentsError {}

/** Any other answer the service should not give: 5xx, 429, an unexpected 4xx. */
export class ApiError extends InstallmentsError {}

/** A 2xx answer whose body does not have the shape docs/service-api.md describes. */
export class ProtocolError extends InstallmentsError {}

/**
 * An answer over one of the client's caps (answer-limits.ts): a body larger than its cap, or a link
 * with more pages of transactions than are read. Never read whole: the message names the call and the cap.
 */
export class AnswerTooLargeError extends ProtocolError {
  /** The cap that was passed, in words (`4 MiB`, `5 pages of 100 transactions`). */
  readonly limit: string

  constructor(init: InstallmentsErrorInit & { limit: string }) {
    super(init)
    this.limit = init.limit
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limit: this.limit }
  }
}

// A connection that was never made carried nothing: a clear no.
const NEVER_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"])

/**
 * The one rule for "may this attempt have reached the service without a definite answer": no answer
 * after the request left (a timeout, a reset or closed connection), a 5xx, or a 2xx that could not be
 * read. A refused connection, a name that does not resolve, a 429, a 3xx or a 4xx carried nothing
 * the service acted on.
 */
export function attemptMayHaveReachedService(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    (error instanceof ConnectionError && !NEVER_CONNECTED.has(String(error.code))) ||
    error instanceof ProtocolError ||
    (error instanceof ApiError && (error.status ?? 0) >= 500)
  )
}

/**
 * A call's outcome is unknown when any of its attempts may have reached the service without a
 * definite answer, or when it failed with something that is not the client's (a bug after the send).
 * Only a call refused before anything was sent, or a definite answer, is a no.
 */
export function outcomeIsUnknown(error: unknown): boolean {
  if (!(error instanceof InstallmentsError)) {
    return true
  }
  return error.earlierAttemptUnanswered || attemptMayHaveReachedService(error)
}
