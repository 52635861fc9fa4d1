import { formatAmount, percentOf, toHalalas } from "../../../src/lib/money"

/** A card scheme's processing fee: a percentage of the amount plus a static fee, both 2-decimal strings. */
export interface BrandFee {
  percentage: string
  static_fee: string
}

export type FeeSchedule = Record<"MADA" | "VISA" | "MASTERCARD" | "AMEX", BrandFee>

/** D12 defaults. */
export const DEFAULT_FEES: FeeSchedule = Object.freeze({
  MADA: { percentage: "1.00", static_fee: "0.00" },
  VISA: { percentage: "2.50", static_fee: "1.00" },
  MASTERCARD: { percentage: "2.50", static_fee: "1.00" },
  AMEX: { percentage: "3.00", static_fee: "1.00" },
})

/** Fee amounts of one transaction, 2-decimal strings. */
export interface FeeBreakdown {
  brand_percentage: string
  brand_static_fee: string
  service_fee: string
  service_tax_vat: string
  merchant_payout: string
  murabha_fee: string
  murabha_fee_vat: string
  installment_fee: string
  installment_fee_vat: string
  payment_amount: string
}

/** The fee rates a transaction was priced with, kept on the transaction so later setting changes do not reprice it. */
export interface FeeRates {
  brand_percentage: string
  brand_static_fee: string
  vat_percent: string
  murabha_percent: string
}

/** Rates for a brand; unknown brands are priced like VISA. */
export function ratesFor(
  brand: string,
  schedule: FeeSchedule,
  vatPercent: string,
  murabhaPercent: string,
  installment: boolean
): FeeRates {
  const fee = schedule[brand as keyof FeeSchedule] ?? schedule.VISA
  return {
    brand_percentage: fee.percentage,
    brand_static_fee: fee.static_fee,
    vat_percent: vatPercent,
    murabha_percent: installment ? murabhaPercent : "0.00",
  }
}

/**
 * D12 in exact halalas: fee = amount x percentage + static (half-up), VAT = 15% of fee (half-up),
 * payout = amount - fee - VAT; the bank financing fee and its VAT are added to what the customer pays.
 */
export function computeFees(amount: string, rates: FeeRates): FeeBreakdown {
  const gross = toHalalas(amount)
  const serviceFee = percentOf(gross, rates.brand_percentage) + toHalalas(rates.brand_static_fee)
  const vat = percentOf(serviceFee, rates.vat_percent)
  const murabha = percentOf(gross, rates.murabha_percent)
  const murabhaVat = percentOf(murabha, rates.vat_percent)
  return {
    brand_percentage: rates.brand_percentage,
    brand_static_fee: rates.brand_static_fee,
    service_fee: formatAmount(serviceFee),
    service_tax_vat: formatAmount(vat),
    merchant_payout: formatAmount(gross - serviceFee - vat),
    murabha_fee: formatAmount(murabha),
    murabha_fee_vat: formatAmount(murabhaVat),
    installment_fee: "0.00",
    installment_fee_vat: "0.00",
    payment_amount: formatAmount(gross + murabha + murabhaVat),
  }
}

/** The breakdown of a transaction that captured nothing (failed): no fee, no payout. */
export function zeroFees(rates: FeeRates, amount: string): FeeBreakdown {
  return {
    brand_percentage: rates.brand_percentage,
    brand_static_fee: rates.brand_static_fee,
    service_fee: "0.00",
    service_tax_vat: "0.00",
    merchant_payout: "0.00",
    murabha_fee: "0.00",
    murabha_fee_vat: "0.00",
    installment_fee: "0.00",
    installment_fee_vat: "0.00",
    payment_amount: formatAmount(toHalalas(amount)),
  }
}
