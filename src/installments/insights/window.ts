import { parseUtc, parseUtcUpperBound } from "../../lib/dates"
import { idFloor } from "../../lib/ulid-floor"

/** An Insights window: from its start to just before `end` (exclusive), UTC instants. */
export interface InsightsWindow {
  start: Date
  end: Date
}

/**
 * The window of `from_date` and `to_date` as every back-office window is read (lib/dates.ts): UTC
 * when no offset is named, a bare `to_date` including its whole day.
 */
export function insightsWindow(fromDate: string, toDate: string): InsightsWindow {
  return { start: new Date(parseUtc(fromDate)), end: new Date(parseUtcUpperBound(toDate) + 1) }
}

/**
 * The ids of the rows made in the window, as bounds on the primary key: Medusa's ids begin with
 * the time they were made (lib/ulid-floor.ts), so `start <= id < end` reads only the window's rows
 * through the index, however old the store.
 */
export function idBounds(prefix: string, window: InsightsWindow): { start: string; end: string } {
  return { start: idFloor(prefix, window.start), end: idFloor(prefix, window.end) }
}
