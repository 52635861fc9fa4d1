import { isoDay, type DayRange } from "./date-range"

export type { DayRange }

/** The `days` calendar days ending with `now`'s (the admin's own time zone), both ends included. */
export function lastDays(now: Date, days: number): DayRange {
  return {
    from: isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1))),
    to: isoDay(now),
  }
}
