import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bankNames } from "../../../../lib/bank-names"
import { formatAmount, toHalalas } from "../../../../lib/money"
import { DEFAULT_BANKS, plansFor } from "../../../../lib/plans"
import { languageOf, shopperWords } from "../../../../installments/messages/shopper-language"
import { allRegistrations } from "../../../../installments/registrations/lookup"
import type { StorePlansQueryType } from "./validators"

// The bank table changes with a release, not per request: let browsers and CDNs keep the answer.
const CACHE_CONTROL = "public, max-age=300"
// The promo line follows Medusa's `x-medusa-locale` header (`?locale=` is part of the URL already):
// a shared cache keeps one answer per value of it, or it serves one language to every shopper.
const VARY = "x-medusa-locale"

/**
 * The 0% plans a basket qualifies for, bank by bank, and the banks it does not qualify for yet with
 * the amount still missing: for promo messages on product and cart pages, with the promo `line` in
 * the shopper's language: Medusa's request locale (`?locale=` or the `x-medusa-locale` header, as
 * Medusa's js-sdk sends it), else the first registration's `language`. No service call.
 */
export const GET = async (req: MedusaRequest<unknown, StorePlansQueryType>, res: MedusaResponse) => {
  const amount = formatAmount(toHalalas(req.validatedQuery.amount))
  const halalas = toHalalas(amount)
  const banks = DEFAULT_BANKS.map((bank) => {
    const minimum = toHalalas(bank.minimum)
    const base = { bank_code: bank.bank_code, name: bankNames(bank.bank_code), minimum_amount: bank.minimum }
    if (halalas >= minimum && halalas > 0n) {
      const plans = plansFor(amount, [bank]).map(({ months, monthly_amount, last_month_amount }) => ({
        months,
        monthly_amount,
        last_month_amount,
      }))
      return { ...base, eligible: true, missing_amount: "0.00", plans }
    }
    return {
      ...base,
      eligible: false,
      missing_amount: formatAmount(minimum - halalas),
      tenures: bank.tenures,
    }
  })
  const language = languageOf(req.locale) ?? allRegistrations(req.scope)[0]?.options.language ?? "ar"
  const words = shopperWords(language)
  // The longest plan has the smallest monthly amount: the one a promo line advertises.
  const [longest] = plansFor(amount).sort((a, b) => b.months - a.months)
  const lowestMinimum = DEFAULT_BANKS.map((bank) => toHalalas(bank.minimum)).reduce((a, b) => (a < b ? a : b))
  res.set("Cache-Control", CACHE_CONTROL)
  // Appended to what is there (CORS's `Origin`), never in its place.
  res.vary(VARY)
  res.json({
    amount,
    currency_code: "sar",
    language,
    line: longest ? words.planLine(longest.months, longest.monthly_amount) : words.plansFrom(formatAmount(lowestMinimum)),
    plans: banks.filter((bank) => bank.eligible),
    not_eligible: banks.filter((bank) => !bank.eligible),
  })
}
