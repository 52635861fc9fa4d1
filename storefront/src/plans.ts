import { formatAmount, roundMedusaAmount } from "../../src/lib/money"
import {
  allowsInstallmentsOnly,
  DEFAULT_BANKS,
  installmentsOnlyMinimum,
  plansFor,
  type BankProgramme,
  type InstallmentPlan,
} from "../../src/lib/plans"
import type { StoreHeaders, StoreSdk } from "./sdk"
import { storefrontWords } from "./words"

// The plugin's one rule for plans (its bank table, the split to the halala with the last month
// carrying the remainder), the same code its store route answers with.
export { allowsInstallmentsOnly, DEFAULT_BANKS, installmentsOnlyMinimum, plansFor }
export type { BankProgramme, InstallmentPlan }

/** An amount as a storefront has it: Medusa's total or price in SAR (`1200`, `38.3295`) or a decimal string. */
export type AmountLike = number | string

/**
 * A Medusa amount (major units) as the 2-decimal SAR string the plugin pays (`1200` → `"1200.00"`):
 * rounded half-up to the halala, as the plugin rounds a total, read from its text, never by float
 * arithmetic.
 */
export function toSarAmount(amount: AmountLike): string {
  return formatAmount(roundMedusaAmount(amount))
}

/** Whether the currency is the plugin's (SAR); promo lines are shown for nothing else. */
export function isSar(currencyCode: string | null | undefined): boolean {
  return currencyCode?.toLowerCase() === "sar"
}

/**
 * The plan a promo line advertises: the longest (so the smallest monthly amount) the amount qualifies
 * for, or null below every bank's minimum. No request: the split is computed here.
 */
export function promoPlan(amount: AmountLike, banks: readonly BankProgramme[] = DEFAULT_BANKS): InstallmentPlan | null {
  const [longest] = plansFor(toSarAmount(amount), banks).sort((a, b) => b.months - a.months)
  return longest ?? null
}

/**
 * "or 24 × 50.00 SAR at 0%" (`أو 24 × 50.00 ر.س بدون فوائد` in Arabic), or null where no line belongs:
 * another currency than SAR, or an amount below every bank's minimum.
 */
export function promoLine(
  amount: AmountLike | null | undefined,
  options: { locale?: string; currencyCode?: string | null; banks?: readonly BankProgramme[] } = {}
): string | null {
  if (amount === null || amount === undefined || !isSar(options.currencyCode ?? "sar")) {
    return null
  }
  const plan = promoPlan(amount, options.banks)
  return plan ? storefrontWords(options.locale).planLine(plan.months, plan.monthly_amount) : null
}

/**
 * Whether a registration that offers only installments (`checkoutMode: "installments"`) can pay the
 * total, and the line to show instead when it cannot ("0% installments from 300.00 SAR", D48).
 */
export function installmentsOnlyAvailability(
  total: AmountLike,
  options: { locale?: string; banks?: readonly BankProgramme[] } = {}
): { eligible: boolean; line: string } {
  const banks = options.banks ?? DEFAULT_BANKS
  const words = storefrontWords(options.locale)
  const amount = toSarAmount(total)
  const plan = promoPlan(amount, banks)
  return {
    eligible: allowsInstallmentsOnly(amount, banks),
    line: plan ? words.planLine(plan.months, plan.monthly_amount) : words.plansFrom(installmentsOnlyMinimum(banks)),
  }
}

/** One bank in `GET /store/installments/plans`'s answer. */
export interface StoreBankPlans {
  bank_code: string
  name: { en: string; ar: string }
  minimum_amount: string
  eligible: boolean
  missing_amount: string
  plans?: Omit<InstallmentPlan, "bank_code">[]
  tenures?: number[]
}

/** `GET /store/installments/plans`'s answer (docs/back-office-api.md). */
export interface StorePlansAnswer {
  amount: string
  currency_code: "sar"
  language: "ar" | "en"
  line: string
  plans: StoreBankPlans[]
  not_eligible: StoreBankPlans[]
}

/**
 * The plans for an amount from the plugin's store route, with bank names and its promo `line` in
 * `locale`: for a page that shows banks a merchant configured beyond the default table. The route
 * answers from the bank table without calling the service, cacheable for 5 minutes (`next` passes
 * Next.js's revalidation through the js-sdk).
 */
export async function fetchPlans(
  sdk: StoreSdk,
  amount: AmountLike,
  options: { locale?: string; headers?: StoreHeaders; revalidateSeconds?: number } = {}
): Promise<StorePlansAnswer> {
  return sdk.client.fetch<StorePlansAnswer>("/store/installments/plans", {
    method: "GET",
    query: { amount: toSarAmount(amount), ...(options.locale ? { locale: options.locale } : {}) },
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.revalidateSeconds !== undefined ? { next: { revalidate: options.revalidateSeconds } } : {}),
  })
}
