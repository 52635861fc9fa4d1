import { formatAmount, toHalalas } from "./money"

/** A partner bank's 0% installment programme: its minimum basket and the tenures it offers. */
export interface BankProgramme {
  bank_code: string
  /** Minimum basket in SAR, a 2-decimal string (`bank_amount_limit`). */
  minimum: string
  tenures: number[]
}

/**
 * The bank table of docs/service-api.md. `ribl` and `inma` have no documented minimum (D9), so they are left
 * out here; a merchant or the sandbox adds them through settings.
 */
export const DEFAULT_BANKS: readonly BankProgramme[] = Object.freeze([
  { bank_code: "snb", minimum: "1000.00", tenures: [3, 6, 12] },
  { bank_code: "rajhi", minimum: "300.00", tenures: [3, 6, 12, 24] },
])

/** Below this amount the service accepts only pay-in-full links (D7). */
export const INSTALLMENT_LINK_MINIMUM = "100.00"

/** One installment plan a customer can pick for a basket. */
export interface InstallmentPlan {
  bank_code: string
  months: number
  /** Monthly amount in SAR; the last month carries the rounding remainder. */
  monthly_amount: string
  last_month_amount: string
}

/** The banks whose minimum basket the amount meets (D9). */
export function eligibleBanks(amount: string, banks: readonly BankProgramme[] = DEFAULT_BANKS): BankProgramme[] {
  const halalas = toHalalas(amount)
  return banks.filter((bank) => halalas >= toHalalas(bank.minimum))
}

/** Every 0% plan offered for an amount, split exactly to the halala. */
export function plansFor(amount: string, banks: readonly BankProgramme[] = DEFAULT_BANKS): InstallmentPlan[] {
  const halalas = toHalalas(amount)
  return eligibleBanks(amount, banks).flatMap((bank) =>
    bank.tenures.map((months) => {
      const monthly = halalas / BigInt(months)
      const last = halalas - monthly * BigInt(months - 1)
      return {
        bank_code: bank.bank_code,
        months,
        monthly_amount: formatAmount(monthly),
        last_month_amount: formatAmount(last),
      }
    })
  )
}

/**
 * The smallest total a link offering only installments can be paid with: the lowest minimum basket
 * of the banks (D48). Below it the service takes the link (its own floor is 100.00 SAR) but no
 * bank offers a plan, so no card could ever pay it.
 */
export function installmentsOnlyMinimum(banks: readonly BankProgramme[] = DEFAULT_BANKS): string {
  return formatAmount(banks.map((bank) => toHalalas(bank.minimum)).reduce((a, b) => (a < b ? a : b)))
}

/** True when some bank offers a plan for the amount, so a link offering only installments can be paid (D48). */
export function allowsInstallmentsOnly(amount: string, banks: readonly BankProgramme[] = DEFAULT_BANKS): boolean {
  return eligibleBanks(amount, banks).length > 0 && allowsInstallmentLink(amount)
}

/** True when the amount allows a link that offers installments (D7). */
export function allowsInstallmentLink(amount: string): boolean {
  return toHalalas(amount) >= toHalalas(INSTALLMENT_LINK_MINIMUM)
}
