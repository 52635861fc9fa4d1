import type { Attributes } from "@opentelemetry/api"
import { callOutcomeOf, type CallOutcome } from "../../lib/client/call-stats"
import type { AttemptReport, CallObserver } from "../../lib/client/observer"
import { pathTemplate, statusClassOf } from "./endpoint"
import { recordServiceCall } from "./metrics"
import { ATTR, SPAN } from "./names"
import { safeCode, SpanKind, withSpan } from "./tracer"

/** Whom a client speaks for: its environment and (read at each call) its registration. */
export interface ClientLabels {
  environment: string
  registration: () => string | undefined
}

/**
 * The client's observer (lib/client/observer.ts): each call is a CLIENT span named
 * `installments <METHOD> <path template>`, each attempt an event on it, and the call is counted in
 * `installments.service.calls` with its duration in `installments.service.call.duration`.
 */
export function clientCallObserver(labels: ClientLabels): CallObserver {
  return async (call, work) => {
    const template = pathTemplate(call.path)
    const endpoint = `${call.method} ${template}`
    const registration = labels.registration()
    const common: Attributes = {
      [ATTR.endpoint]: endpoint,
      [ATTR.environment]: labels.environment,
      ...(registration ? { [ATTR.registration]: registration } : {}),
    }
    const started = performance.now()
    let last: AttemptReport | undefined
    let outcome: CallOutcome = "ok"
    try {
      return await withSpan(
        `${SPAN.callPrefix} ${endpoint}`,
        { kind: SpanKind.CLIENT, attributes: { ...common, [ATTR.httpMethod]: call.method, [ATTR.urlTemplate]: template } },
        async (span) => {
          try {
            return await work((report) => {
              last = report
              span.addEvent(SPAN.attemptEvent, attemptAttributes(report))
            })
          } catch (error) {
            outcome = callOutcomeOf(error)
            throw error
          } finally {
            span.setAttributes({
              [ATTR.outcome]: outcome,
              [ATTR.attempts]: last?.attempt ?? 0,
              ...(last?.status !== undefined ? { [ATTR.httpStatus]: last.status } : {}),
            })
          }
        }
      )
    } finally {
      recordServiceCall(
        { ...common, [ATTR.statusClass]: statusClassOf(last?.status), [ATTR.outcome]: outcome },
        performance.now() - started
      )
    }
  }
}

function attemptAttributes(report: AttemptReport): Attributes {
  return {
    [ATTR.attempt]: report.attempt,
    [ATTR.attemptDuration]: report.duration_ms,
    ...(report.status !== undefined ? { [ATTR.httpStatus]: report.status } : {}),
    ...(report.error_code !== undefined ? { [ATTR.errorCode]: safeCode(report.error_code) ?? "service_error" } : {}),
    ...(report.retry_in_ms !== undefined ? { [ATTR.retryIn]: report.retry_in_ms } : {}),
  }
}
