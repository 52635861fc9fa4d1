import { bankNames } from "../../lib/bank-names"

/** A share ("44.44", percent with 2 decimals, as the API sends it) in the admin's locale; "—" when there is none. */
export function formatShare(share: string | null | undefined, locale: string): string {
  if (share === null || share === undefined || share === "") {
    return "—"
  }
  // Only displayed: a percentage from the API, shown with its two decimals, never summed here.
  return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(share) / 100
  )
}

/** A count in the admin's locale. */
export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count)
}

/** A bank's name (from its code, `rajhi`) in the admin's language. */
export function bankName(code: string, locale: string): string {
  return bankNames(code.toLowerCase())[locale.startsWith("ar") ? "ar" : "en"]
}
