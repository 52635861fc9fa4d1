import type { InsightsWindow } from "./window"

const DAY_MS = 24 * 60 * 60 * 1000

/** The part of an Insights window that falls on one UTC day; `whole` when it is the entire day. */
export interface DayPiece {
  /** The UTC date, `YYYY-MM-DD`. */
  day: string
  start: Date
  end: Date
  whole: boolean
}

/** The UTC date of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

/** The instant a UTC date (`YYYY-MM-DD`) begins. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`)

/**
 * A window cut at UTC midnights, oldest first: a window from and to whole dates is whole days, one
 * given with an offset begins and ends with parts of a day (which are never taken from the roll-up).
 */
export function dayPieces(window: InsightsWindow): DayPiece[] {
  const pieces: DayPiece[] = []
  for (let start = window.start.getTime(); start < window.end.getTime();) {
    const day = utcDay(new Date(start))
    const dayEnd = dayStart(day).getTime() + DAY_MS
    const end = Math.min(dayEnd, window.end.getTime())
    pieces.push({ day, start: new Date(start), end: new Date(end), whole: end - start === DAY_MS })
    start = end
  }
  return pieces
}

/** Consecutive UTC dates from `first` to before `end`, both `YYYY-MM-DD`. */
export function daysBetween(first: string, end: string): string[] {
  const days: string[] = []
  for (let at = dayStart(first).getTime(); at < dayStart(end).getTime(); at += DAY_MS) {
    days.push(utcDay(new Date(at)))
  }
  return days
}
