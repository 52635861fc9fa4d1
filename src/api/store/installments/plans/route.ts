import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bankNames } from "../../../../lib/bank-names"
import { formatAmount, toHalalas } from "../../../../lib/money"
import { DEFAULT_BANKS, plansFor } from "../../../../lib/plans"
import type { StorePlansQueryType } from "./validators"

// The bank table changes with a release, not per request: let browsers and CDNs keep the answer.
const CACHE_CONTROL = "public, max-age=300"

/**
 * The 0% plans a basket qualifies for, bank by bank, and the banks it does not qualify for yet with
 * the amount still missing: for promo messages on product and cart pages. No service call.
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
  res.set("Cache-Control", CACHE_CONTROL)
  res.json({
    amount,
    currency_code: "sar",
    plans: banks.filter((bank) => bank.eligible),
    not_eligible: banks.filter((bank) => !bank.eligible),
  })
}
