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
