import { formatAmount, parseAmount } from "../../../src/lib/money"
import type { CheckoutLanguage } from "./engine"
import { MESSAGES } from "./i18n"

// Latin digits in both languages: amounts must read the same as on receipts and the API.
const DATE_LOCALES: Record<CheckoutLanguage, string> = {
  ar: "ar-SA-u-nu-latn-ca-gregory",
  en: "en-GB",
}

/** "1200" -> "1,200.00 SAR" (or "1,200.00 ر.س"), exact from the decimal string. */
export function formatSar(amount: string, lang: CheckoutLanguage): string {
  const fixed = formatAmount(parseAmount(amount))
  const negative = fixed.startsWith("-")
  const [whole, halalas] = (negative ? fixed.slice(1) : fixed).split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${negative ? "-" : ""}${grouped}.${halalas} ${MESSAGES[lang].currency}`
}

/** Expiry as a Riyadh wall-clock date and time; the raw value when it is not a date. */
export function formatExpiry(iso: string, lang: CheckoutLanguage): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) {
    return iso
  }
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Riyadh",
  }).format(date)
}
