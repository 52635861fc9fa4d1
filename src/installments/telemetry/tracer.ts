import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api"
import { ATTR, SCOPE } from "./names"

export { SpanKind, type Span }

/**
 * The plugin's tracer: OpenTelemetry's global one, a no-op until the store registers a tracer
 * provider (its `instrumentation.ts`). Read on each use, so a provider registered late still counts.
 */
export function tracer() {
  return trace.getTracer(SCOPE)
}

/**
 * Runs `work` inside an active span (so spans it causes, a query or an HTTP request, are its
 * children), ends the span however `work` ends and hands back its result or rethrows its error.
 * An error sets the span's status and `error.type` to the error's class or code: never its message,
 * which may quote what was sent.
 */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, async (span) => {
    try {
      return await work(span)
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR })
      span.setAttribute(ATTR.errorType, errorTypeOf(error))
      throw error
    } finally {
      span.end()
    }
  })
}

/** A thrown value's class name (or the plugin's error code when it has one), for `error.type`. */
export function errorTypeOf(error: unknown): string {
  const code = safeCode((error as { code?: unknown })?.code)
  if (code !== undefined) {
    return code
  }
  const name = (error as { constructor?: { name?: unknown } })?.constructor?.name
  return typeof name === "string" && name ? name : "Error"
}

/**
 * An error code fit for an attribute: a short identifier. The service's codes come from its answer's
 * `error` field, which may be a sentence quoting what was sent: anything else is left out.
 */
export function safeCode(code: unknown): string | undefined {
  return typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined
}
