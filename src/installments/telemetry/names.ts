/**
 * Every name an operator filters by: the instrumentation scope, span names, attribute keys and
 * metric names, in one place so the docs (docs/telemetry.md), the tests and the code agree.
 * OpenTelemetry's semantic conventions are used where one exists (`http.*`, `error.type`).
 */

/** The tracer's and the meter's instrumentation scope. */
export const SCOPE = "medusa-payment-installments"

/** Span names: a call is `installments <METHOD> <path template>`, a job `installments.job <name>`. */
export const SPAN = {
  callPrefix: "installments",
  webhook: "installments.webhook.verify",
  jobPrefix: "installments.job",
  /** The event added to a call's span for each attempt. */
  attemptEvent: "installments.attempt",
} as const

/** Attribute keys. None ever carries a secret, a signature, a body, a phone or a card number. */
export const ATTR = {
  /** The registration (`installments`), the `id` of its entry under the Payment module's providers. */
  registration: "installments.registration",
  /** `sandbox` or `production`, from the public key. */
  environment: "installments.environment",
  /** `POST /payment_links/{payment_link_id}/details`: the path template, never the ids in it. */
  endpoint: "installments.endpoint",
  /** How the call, the delivery or the job ended (values below). */
  outcome: "installments.outcome",
  /** How many attempts a call took (1 without a retry). */
  attempts: "installments.attempts",
  /** On an attempt event: its number, status, error code, duration and the pause before the next. */
  attempt: "installments.attempt",
  attemptDuration: "installments.attempt.duration_ms",
  retryIn: "installments.retry_in_ms",
  errorCode: "installments.error_code",
  /** `2xx` … `5xx`, or `none` when no answer came. */
  statusClass: "http.response.status_class",
  /** What the webhook route did with a delivery: `accepted`, `duplicate`, `ignored`, `refused`, `error`. */
  verdict: "installments.webhook.verdict",
  /** Why a delivery was refused (`bad_signature`, `unknown_key`, …; health/delivery-refusals.ts). */
  refusalReason: "installments.webhook.refusal_reason",
  /** The event a verified delivery carries (`order.success`); only names the plugin knows. */
  webhookEvent: "installments.webhook.event",
  job: "installments.job.name",
  schedule: "installments.job.schedule",
  /** The ledger state a refund intent count is for (metrics only). */
  refundState: "installments.refund.state",
  httpMethod: "http.request.method",
  httpStatus: "http.response.status_code",
  urlTemplate: "url.template",
  errorType: "error.type",
} as const

/** Metric names and their units. */
export const METRIC = {
  serviceCalls: "installments.service.calls",
  serviceCallDuration: "installments.service.call.duration",
  deliveries: "installments.webhook.deliveries",
  jobRuns: "installments.job.runs",
  jobDuration: "installments.job.duration",
  refundIntents: "installments.refund.intents",
} as const
