/** A window of calendar days, both ends included, as the API takes them ("2026-11-01"). */
export interface DayRange {
  from: string
  to: string
}

const pad = (value: number) => String(value).padStart(2, "0")

/** A Date's calendar day in the admin's own time zone, "YYYY-MM-DD". */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The Date (local midnight) of a "YYYY-MM-DD" day, for the date pickers. */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split("-").map(Number)
  return new Date(year, month - 1, date)
}

/** The month `now` falls in, from its first day to its last: what a merchant reconciles. */
export function monthOf(now: Date): DayRange {
  return {
    from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: isoDay(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  }
}

// A statement window is at most 366 days (D17); a longer list means a reversed or bad range.
const MAX_RANGE_DAYS = 366

/** Every calendar day of a range, both ends included ("YYYY-MM-DD"); empty when it is reversed or longer than a year. */
export function daysOf(range: DayRange): string[] {
  // Counted in UTC so a daylight-saving change in the admin's zone cannot skip or repeat a day.
  const start = Date.parse(`${range.from}T00:00:00Z`)
  const end = Date.parse(`${range.to}T00:00:00Z`)
  const count = Math.round((end - start) / 86_400_000) + 1
  if (Number.isNaN(count) || count < 1 || count > MAX_RANGE_DAYS) {
    return []
  }
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10))
}
