// Amounts arrive from the API as exact decimal strings ("1164.35"); they are only displayed here,
// never summed. ES2023 Intl formats a decimal string without going through a float; the project's
// lib is ES2021, whose typings only admit numbers, hence the cast.
type DecimalString = string

/** An SAR amount (decimal string) in the admin's locale, always with two decimals. */
export function formatSar(amount: DecimalString | null | undefined, locale: string, currency = "SAR"): string {
  if (amount === null || amount === undefined || amount === "") {
    return "—"
  }
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount as unknown as number)
}

/** A date and time (ISO string) in the admin's locale; "—" when there is none. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) {
    return "—"
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date)
}

/** A calendar date (ISO string) in the admin's locale; "—" when there is none. */
export function formatDate(iso: string | null | undefined, locale: string): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) {
    return "—"
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date)
}

/** A calendar day ("2026-11-05", or the day of an ISO instant as written) in the admin's locale. */
export function formatDay(day: string | null | undefined, locale: string): string {
  const match = day?.match(/^(\d{4})-(\d{2})-(\d{2})/)
  if (!match) {
    return "—"
  }
  // The day as the service wrote it, whatever the admin's time zone: formatted at UTC midnight in UTC.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date)
}
