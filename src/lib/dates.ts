/**
 * Date windows as the service applies them: ISO 8601 texts without an offset are UTC, and a bare
 * date as an upper bound includes its whole day. The client and the sandbox judge windows the same way.
 */

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Epoch ms of an ISO 8601 text read as UTC when it names no offset ("ISO 8601 UTC" in docs/service-api.md). */
export function parseUtc(text: string): number {
  const normalized = DATE_ONLY.test(text) || HAS_OFFSET.test(text) ? text : `${text.replace(" ", "T")}Z`
  return Date.parse(normalized)
}

/** Like parseUtc, but a bare date as an upper bound means the end of that day, so `to_date=2026-01-31` includes the 31st. */
export function parseUtcUpperBound(text: string): number {
  const at = parseUtc(text)
  return DATE_ONLY.test(text) ? at + 86_400_000 - 1 : at
}

/** A from/to window as the filters apply it: epoch ms of `from_date` and of `to_date` read as an upper bound. */
export interface DateWindow {
  from: number | undefined
  to: number | undefined
}

/**
 * Reads a window's bounds into the UTC instants the filters compare against (parseUtc and
 * parseUtcUpperBound), so the order and length rules judge exactly what the filter will use.
 */
export function dateWindow(fromText: string | undefined, toText: string | undefined): DateWindow {
  return {
    from: fromText === undefined ? undefined : parseUtc(fromText),
    to: toText === undefined ? undefined : parseUtcUpperBound(toText),
  }
}

/** True when both bounds are given and `from` comes after `to`. */
export function windowReversed(window: DateWindow): boolean {
  return window.from !== undefined && window.to !== undefined && window.from > window.to
}

/** True when both bounds are given and the window spans more than `days` days. */
export function windowLongerThan(window: DateWindow, days: number): boolean {
  return window.from !== undefined && window.to !== undefined && window.to - window.from > days * 86_400_000
}
