/**
 * The service's date rules (docs/service-api.md, "Amounts, dates and identifiers", endpoints 4 and
 * 8, D17), read by the sandbox on its own: a text without an offset is UTC, and a bare date as an
 * upper bound covers its whole day. Written from the doc, not shared with the client, so the
 * contract scenarios compare two readings of it.
 */

const DAY_MS = 86_400_000
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Whether a text is an ISO 8601 date or date-time naming a real calendar day ("2026-02-30" is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_8601.exec(text)
  if (!match) {
    return false
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return realDay && !Number.isNaN(utcInstant(text))
}

/** Epoch ms of an ISO 8601 text; without an offset it is read as UTC. */
export function utcInstant(text: string): number {
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)
  return Date.parse(DATE_ONLY.test(text) || hasOffset ? text : `${text.replace(" ", "T")}Z`)
}

/** A filter window as epoch ms; a bare `to` date ends at the last millisecond of its day. */
export interface UtcWindow {
  from: number | undefined
  to: number | undefined
}

/** The instants a from/to filter compares against. */
export function utcWindow(from: string | undefined, to: string | undefined): UtcWindow {
  const end = to === undefined ? undefined : utcInstant(to) + (DATE_ONLY.test(to) ? DAY_MS - 1 : 0)
  return { from: from === undefined ? undefined : utcInstant(from), to: end }
}

/** True when both bounds are given and `from` is after `to`. */
export function isReversed(window: UtcWindow): boolean {
  return window.from !== undefined && window.to !== undefined && window.from > window.to
}

/** True when both bounds are given and they are more than `days` days apart. */
export function spansMoreThan(window: UtcWindow, days: number): boolean {
  return window.from !== undefined && window.to !== undefined && window.to - window.from > days * DAY_MS
}
