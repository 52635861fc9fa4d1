import { plansFor as pluginPlansFor, DEFAULT_BANKS } from "../../../src/lib/plans"
import { fetchPlans, installmentsOnlyAvailability, plansFor, promoLine, promoPlan, toSarAmount } from "../plans"
import { fakeStore, on } from "./fake-store"

const halalas = (amount: string) => BigInt(amount.replace(".", ""))

describe("plans for an amount, without a request", () => {
  it("is the plugin's own rule (src/lib/plans.ts), not a copy", () => {
    expect(plansFor).toBe(pluginPlansFor)
  })

  it("splits exactly to the halala: the months add up to the amount, the last month carries the remainder", () => {
    for (const amount of ["300.00", "1000.01", "1234.57", "999999.99", "300.01", "1000.00"]) {
      for (const plan of plansFor(amount)) {
        expect(halalas(plan.monthly_amount) * BigInt(plan.months - 1) + halalas(plan.last_month_amount)).toBe(halalas(amount))
        expect(halalas(plan.last_month_amount) - halalas(plan.monthly_amount)).toBeGreaterThanOrEqual(0n)
        expect(halalas(plan.last_month_amount) - halalas(plan.monthly_amount)).toBeLessThan(BigInt(plan.months))
        expect(plan.monthly_amount).toMatch(/^\d+\.\d{2}$/)
      }
    }
    expect(plansFor("1000.01").find((plan) => plan.bank_code === "snb" && plan.months === 3)).toEqual({
      bank_code: "snb",
      months: 3,
      monthly_amount: "333.33",
      last_month_amount: "333.35",
    })
  })

  it("reads Medusa's amounts (major units) from their text, half-up to the halala, never by float arithmetic", () => {
    expect(toSarAmount(1200)).toBe("1200.00")
    expect(toSarAmount(38.3295)).toBe("38.33")
    expect(toSarAmount(0.1 + 0.2)).toBe("0.30")
    expect(toSarAmount("1234.5")).toBe("1234.50")
    expect(toSarAmount(1e21)).toBe("1000000000000000000000.00")
  })

  it("advertises the longest plan: 24 × 50.00 for 1,200 SAR (Al Rajhi), none below every bank's minimum", () => {
    expect(promoPlan(1200)).toEqual({ bank_code: "rajhi", months: 24, monthly_amount: "50.00", last_month_amount: "50.00" })
    expect(promoPlan(300)).toMatchObject({ months: 24, monthly_amount: "12.50" })
    expect(promoPlan(299.99)).toBeNull()
    expect(promoPlan(1200, [{ bank_code: "snb", minimum: "1000.00", tenures: [3, 6, 12] }])).toMatchObject({
      bank_code: "snb",
      months: 12,
      monthly_amount: "100.00",
    })
  })

  it("writes the promo line in English and Arabic, and nothing outside SAR or below the minimum", () => {
    expect(promoLine(1200, { locale: "en-US" })).toBe("or 24 × 50.00 SAR at 0%")
    expect(promoLine(1200, { locale: "ar-SA" })).toBe("أو 24 × 50.00 ر.س بدون فوائد")
    expect(promoLine(1200, { locale: "ar", currencyCode: "SAR" })).toBe("أو 24 × 50.00 ر.س بدون فوائد")
    expect(promoLine(250, { locale: "en" })).toBeNull()
    expect(promoLine(1200, { locale: "en", currencyCode: "usd" })).toBeNull()
    expect(promoLine(undefined)).toBeNull()
    expect(promoLine(null)).toBeNull()
  })

  it("says whether an installments-only option can pay the total, with the line to show instead (D48)", () => {
    expect(installmentsOnlyAvailability(250, { locale: "en" })).toEqual({ eligible: false, line: "0% installments from 300.00 SAR" })
    expect(installmentsOnlyAvailability(250, { locale: "ar" })).toEqual({
      eligible: false,
      line: "تقسيط بدون فوائد ابتداءً من 300.00 ر.س",
    })
    expect(installmentsOnlyAvailability(1200, { locale: "en" })).toEqual({ eligible: true, line: "or 24 × 50.00 SAR at 0%" })
    expect(installmentsOnlyAvailability(300, { banks: DEFAULT_BANKS }).eligible).toBe(true)
  })
})

describe("fetchPlans: the plugin's store route through the js-sdk", () => {
  it("asks GET /store/installments/plans with the amount to the halala and the page's locale", async () => {
    const answer = {
      amount: "1200.00",
      currency_code: "sar",
      language: "ar",
      line: "أو 24 × 50.00 ر.س بدون فوائد",
      plans: [],
      not_eligible: [],
    }
    const store = fakeStore([on("GET", "/store/installments/plans", () => ({ json: answer }))])
    try {
      await expect(fetchPlans(store.sdk, 1200, { locale: "ar" })).resolves.toEqual(answer)
      expect(store.sent).toHaveLength(1)
      expect(store.sent[0].query.get("amount")).toBe("1200.00")
      expect(store.sent[0].query.get("locale")).toBe("ar")
      expect(store.sent[0].headers.get("x-publishable-api-key")).toBe("pk_test")
    } finally {
      store.restore()
    }
  })
})
