import type { SuiteContext } from "../helpers/context"

/** Issue 8: installment plans for promo messages, from the bank table, no service call. */
export function storefrontPlanScenarios(ctx: SuiteContext) {
  const plans = (query: string, key = true) =>
    ctx.api.get(`/store/installments/plans${query}`, {
      headers: key ? { "x-publishable-api-key": ctx.seed.publishableKey } : {},
      validateStatus: () => true,
    })

  it("1200.00: every bank's plans with exact monthly amounts, the remainder halala in the last month; cacheable", async () => {
    await ctx.sandbox.control.post("/faults", { fail_next: 5, error_status: 503 })
    try {
      const { status, data, headers } = await plans("?amount=1200.00")
      expect(status).toBe(200)
      expect(headers["cache-control"]).toBe("public, max-age=300")
      expect(data).toMatchObject({ amount: "1200.00", currency_code: "sar", not_eligible: [] })
      expect(data.plans.map((bank: { bank_code: string }) => bank.bank_code)).toEqual(["snb", "rajhi"])
      const rajhi = data.plans[1]
      expect(rajhi).toMatchObject({ name: { en: "Al Rajhi Bank", ar: "مصرف الراجحي" }, minimum_amount: "300.00", eligible: true })
      expect(rajhi.plans).toEqual([
        { months: 3, monthly_amount: "400.00", last_month_amount: "400.00" },
        { months: 6, monthly_amount: "200.00", last_month_amount: "200.00" },
        { months: 12, monthly_amount: "100.00", last_month_amount: "100.00" },
        { months: 24, monthly_amount: "50.00", last_month_amount: "50.00" },
      ])
      // No service call was made: the faults are all still there.
      expect((await ctx.sandbox.control.get("/faults")).data.fail_next).toBe(5)
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
  })

  it("1000.01 splits to the halala; 500 qualifies for Al Rajhi only and says what SNB still needs", async () => {
    const odd = await plans("?amount=1000.01")
    const snb = odd.data.plans.find((bank: { bank_code: string }) => bank.bank_code === "snb")
    expect(snb.plans[0]).toEqual({ months: 3, monthly_amount: "333.33", last_month_amount: "333.35" })

    const { data } = await plans("?amount=500")
    expect(data.amount).toBe("500.00")
    expect(data.plans.map((bank: { bank_code: string }) => bank.bank_code)).toEqual(["rajhi"])
    expect(data.not_eligible).toEqual([
      {
        bank_code: "snb",
        name: { en: "Saudi National Bank", ar: "البنك الأهلي السعودي" },
        minimum_amount: "1000.00",
        eligible: false,
        missing_amount: "500.00",
        tenures: [3, 6, 12],
      },
    ])
  })

  it.each<[string, RegExp]>([
    ["", /Field 'amount' is required/],
    ["?amount=abc", /amount must be a number/],
    ["?amount=-5", /amount must not be negative/],
    ["?amount=10.005", /amount must have at most 2 decimals/],
  ])("%s is a 400 naming the rule", async (query, message) => {
    const { status, data } = await plans(query)
    expect(status).toBe(400)
    expect(data.message).toMatch(message)
  })

  it("needs the publishable key like every store route", async () => {
    const { status } = await plans("?amount=1200.00", false)
    expect(status).toBe(400)
  })
}
