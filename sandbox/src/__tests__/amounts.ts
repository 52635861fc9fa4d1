import { formatAmount, parseAmount } from "../../../src/lib/money"

// Answer fields docs/service-api.md gives as amounts. The sandbox writes them with `amountScale`
// decimals (5 by default, as the live service does: "299.99000"), or as JSON numbers in the list,
// resolve and statement answers; the tests compare them as 2-decimal strings.
const AMOUNT_FIELDS = new Set([
  "amount",
  "refunded_amount",
  "total_amount",
  "payment_amount",
  "service_fee",
  "service_tax_vat",
  "brand_percentage",
  "brand_static_fee",
  "merchant_payout",
  "murabha_fee",
  "murabha_fee_vat",
  "installment_fee",
  "installment_fee_vat",
  "bank_amount_limit",
  "total_gross_sales",
  "total_fees",
  "total_vat",
  "total_refunds",
  "net_payout_amount",
  "net_amount",
])

/** A copy of an answer body with every amount field as a 2-decimal string, rounded half-up. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function twoDecimals(body: unknown): any {
  if (Array.isArray(body)) {
    return body.map(twoDecimals)
  }
  if (body === null || typeof body !== "object") {
    return body
  }
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      const amount =
        AMOUNT_FIELDS.has(key) && (typeof value === "number" || (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)))
      return [key, amount ? formatAmount(parseAmount(value as string | number)) : twoDecimals(value)]
    })
  )
}
