import { toHalalas } from "../money"
import { DEFAULT_BANKS, INSTALLMENT_LINK_MINIMUM, allowsInstallmentLink, eligibleBanks, plansFor, type BankProgramme } from "../plans"

const codes = (banks: BankProgramme[]) => banks.map((bank) => bank.bank_code)

describe("eligibleBanks: a bank plan needs the amount to meet its minimum basket (D9)", () => {
  it.each<[string, string[]]>([
    ["299.99", []],
    ["300.00", ["rajhi"]],
    ["999.99", ["rajhi"]],
    ["1000.00", ["snb", "rajhi"]],
    ["25000", ["snb", "rajhi"]],
  ])("at %s SAR offers %p", (amount, expected) => {
    expect(codes(eligibleBanks(amount))).toEqual(expected)
  })

  it("uses a configured bank table, e.g. the sandbox's ribl and inma", () => {
    const banks: BankProgramme[] = [...DEFAULT_BANKS, { bank_code: "ribl", minimum: "500.00", tenures: [3, 6, 12] }]
    expect(codes(eligibleBanks("500.00", banks))).toEqual(["rajhi", "ribl"])
    expect(codes(eligibleBanks("499.99", banks))).toEqual(["rajhi"])
  })

  it("ships the interface's table and keeps it from being changed at run time", () => {
    expect(DEFAULT_BANKS).toEqual([
      { bank_code: "snb", minimum: "1000.00", tenures: [3, 6, 12] },
      { bank_code: "rajhi", minimum: "300.00", tenures: [3, 6, 12, 24] },
    ])
    expect(Object.isFrozen(DEFAULT_BANKS)).toBe(true)
  })

  it("refuses an amount that is not exact to the halala", () => {
    expect(() => eligibleBanks("300.001")).toThrow(/more than 2 decimal places/)
  })
})

describe("plansFor: monthly split exact to the halala", () => {
  it("offers every tenure of every eligible bank", () => {
    expect(plansFor("1000.00").map((plan) => `${plan.bank_code}:${plan.months}`)).toEqual([
      "snb:3",
      "snb:6",
      "snb:12",
      "rajhi:3",
      "rajhi:6",
      "rajhi:12",
      "rajhi:24",
    ])
    expect(plansFor("299.99")).toEqual([])
  })

  it("puts the remainder in the last month", () => {
    const plan = plansFor("1000.00").find((p) => p.bank_code === "snb" && p.months === 3)
    expect(plan).toEqual({ bank_code: "snb", months: 3, monthly_amount: "333.33", last_month_amount: "333.34" })
    const even = plansFor("1200.00").find((p) => p.bank_code === "rajhi" && p.months === 12)
    expect(even).toMatchObject({ monthly_amount: "100.00", last_month_amount: "100.00" })
  })

  it.each(["300.00", "300.01", "1000.00", "1234.57", "99999.99"])("months of %s sum to the amount", (amount) => {
    for (const plan of plansFor(amount)) {
      const total = toHalalas(plan.monthly_amount) * BigInt(plan.months - 1) + toHalalas(plan.last_month_amount)
      expect(total).toBe(toHalalas(amount))
      // The last month never differs from the others by a full month's worth of halalas.
      const drift = toHalalas(plan.last_month_amount) - toHalalas(plan.monthly_amount)
      expect(drift >= 0n && drift < BigInt(plan.months)).toBe(true)
    }
  })
})

describe("allowsInstallmentLink: the 100.00 SAR creation threshold (D7)", () => {
  it("is 100.00", () => {
    expect(INSTALLMENT_LINK_MINIMUM).toBe("100.00")
  })

  it.each<[string, boolean]>([
    ["99.99", false],
    ["100.00", true],
    ["100", true],
    ["0.01", false],
  ])("%s -> %p", (amount, allowed) => {
    expect(allowsInstallmentLink(amount)).toBe(allowed)
  })
})
