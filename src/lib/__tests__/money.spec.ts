import {
  MoneyError,
  formatAmount,
  fromMedusaAmount,
  medusaAmountText,
  isExactAmount,
  normalizeAmount,
  parseAmount,
  percentOf,
  roundMedusaAmount,
  toHalalas,
  toWireNumber,
} from "../money"

describe("parseAmount: amounts as the service returns them", () => {
  it.each<[string | number, bigint]>([
    ["299.99000", 29999n],
    ["299.99", 29999n],
    ["300", 30000n],
    ["300.0", 30000n],
    ["0.01", 1n],
    [1200.5, 120050n],
    [" 42.10 ", 4210n],
  ])("reads %p as %p halalas", (input, expected) => {
    expect(parseAmount(input)).toBe(expected)
  })

  it.each<[string, bigint]>([
    // Exactly half a halala goes up; a hair below half goes down (half-up, not banker's rounding).
    ["0.005", 1n],
    ["0.0049999", 0n],
    ["0.015", 2n],
    ["0.025", 3n],
    ["1.234", 123n],
    ["1.235", 124n],
    ["2.675", 268n],
    ["99.995", 10000n],
    // Negatives round away from zero, symmetric with positives.
    ["-1.005", -101n],
    ["-1.004", -100n],
  ])("rounds %p half-up to %p halalas", (input, expected) => {
    expect(parseAmount(input)).toBe(expected)
  })

  it("never yields a negative zero text", () => {
    expect(formatAmount(parseAmount("-0.004"))).toBe("0.00")
  })

  it("keeps amounts far beyond float precision exact", () => {
    expect(parseAmount("99999999999.99")).toBe(9999999999999n)
    expect(parseAmount("123456789012345678.905")).toBe(12345678901234567891n)
  })

  it("reads numbers printed in exponent form digit by digit", () => {
    expect(parseAmount(1e21)).toBe(100000000000000000000000n)
    expect(parseAmount(1e-7)).toBe(0n)
    expect(parseAmount(5e-3)).toBe(1n)
  })

  it.each(["", "abc", "1,000.00", "1.2.3", ".5", "SAR 10", "1e5", "0x10"])("refuses %p", (input) => {
    expect(() => parseAmount(input)).toThrow(MoneyError)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("refuses the number %p", (input) => {
    expect(() => parseAmount(input)).toThrow(/finite/)
  })

  it("refuses values that are neither strings nor numbers", () => {
    expect(() => parseAmount(null as unknown as string)).toThrow(/decimal string or a number/)
  })
})

describe("toHalalas: amounts we send must be exact to the halala", () => {
  it.each<[string | number, bigint]>([
    ["1200.50", 120050n],
    ["1200.500", 120050n],
    [1200.5, 120050n],
    ["100", 10000n],
    ["5.", 500n],
    ["-3.10", -310n],
    ["99999999999.99", 9999999999999n],
    [1e21, 100000000000000000000000n],
  ])("reads %p as %p halalas", (input, expected) => {
    expect(toHalalas(input)).toBe(expected)
  })

  it("refuses a third decimal instead of rounding it away", () => {
    expect(() => toHalalas("10.005")).toThrow(/more than 2 decimal places/)
    expect(() => toHalalas(1.001)).toThrow(MoneyError)
  })

  it("refuses 0.1 + 0.2, whose wire form is 0.30000000000000004", () => {
    expect(() => toHalalas(0.1 + 0.2)).toThrow(/0\.30000000000000004/)
  })

  it("refuses tiny exponent numbers that are not whole halalas", () => {
    expect(() => toHalalas(1e-7)).toThrow(/0\.0000001/)
    expect(() => toHalalas(1.5e-7)).toThrow(/0\.00000015/)
  })

  it("isExactAmount answers the same question without throwing", () => {
    expect(isExactAmount("10.10")).toBe(true)
    expect(isExactAmount(0.1 + 0.2)).toBe(false)
    expect(isExactAmount("ten")).toBe(false)
  })

  it("normalizeAmount pads to 2 decimals", () => {
    expect(normalizeAmount("100")).toBe("100.00")
    expect(normalizeAmount(0.5)).toBe("0.50")
    expect(normalizeAmount("7.100")).toBe("7.10")
  })
})

describe("formatAmount", () => {
  it.each<[bigint, string]>([
    [0n, "0.00"],
    [1n, "0.01"],
    [10n, "0.10"],
    [29999n, "299.99"],
    [-1n, "-0.01"],
    [-120050n, "-1200.50"],
    [9999999999999n, "99999999999.99"],
  ])("formats %p halalas as %p", (halalas, expected) => {
    expect(formatAmount(halalas)).toBe(expected)
  })
})

describe("toWireNumber: the JSON number we put in request bodies", () => {
  it.each<[bigint, string]>([
    [120050n, "1200.5"],
    [29999n, "299.99"],
    [10000n, "100"],
    [1n, "0.01"],
    [9999999999999n, "99999999999.99"],
  ])("sends %p halalas as %s", (halalas, wire) => {
    expect(JSON.stringify({ amount: toWireNumber(halalas) })).toBe(`{"amount":${wire}}`)
  })

  it("refuses an amount a double cannot carry exactly", () => {
    // 16 significant digits: the shortest double text would be 90071992547409.9, another amount.
    expect(() => toWireNumber(9007199254740991n)).toThrow(/too large/)
    expect(() => toWireNumber(10n ** 20n + 1n)).toThrow(MoneyError)
    // Round powers of ten survive any size: the double holds them exactly.
    expect(JSON.stringify(toWireNumber(10n ** 20n))).toBe("1000000000000000000")
  })
})

describe("fromMedusaAmount: Medusa's amount shapes in major units", () => {
  it("reads the raw BigNumber form", () => {
    expect(fromMedusaAmount({ value: "40", precision: 20 })).toBe(4000n)
    expect(fromMedusaAmount({ value: "40.500000000000000000", precision: 20 })).toBe(4050n)
  })

  it("reads numbers, strings and bigints (whole SAR)", () => {
    expect(fromMedusaAmount(299.99)).toBe(29999n)
    expect(fromMedusaAmount("1200.50")).toBe(120050n)
    expect(fromMedusaAmount(12n)).toBe(1200n)
  })

  it("reads a BigNumber-like object through raw_ before anything else", () => {
    const big = { numeric_: 999, raw_: { value: "12.30000", precision: 20 }, toJSON: () => 999 }
    expect(fromMedusaAmount(big)).toBe(1230n)
  })

  it("falls back to toJSON", () => {
    expect(fromMedusaAmount({ toJSON: () => "15.25" })).toBe(1525n)
    expect(fromMedusaAmount({ toJSON: () => ({ value: "3", precision: 20 }) })).toBe(300n)
  })

  it("reads Medusa's own BigNumber", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads Medusa only for these two tests
    const { BigNumber } = require("@medusajs/framework/utils")
    expect(fromMedusaAmount(new BigNumber("40.5"))).toBe(4050n)
    expect(fromMedusaAmount(new BigNumber({ value: "40", precision: 20 }))).toBe(4000n)
    expect(() => fromMedusaAmount(new BigNumber("12.345"))).toThrow(/more than 2 decimal places/)
  })

  it.each<[string, unknown]>([
    ["null", null],
    ["undefined", undefined],
    ["an empty object", {}],
    ["a boolean", true],
    ["a non-amount value", { value: "forty" }],
    ["a 3-decimal number", 0.1 + 0.2],
  ])("refuses %s", (_label, value) => {
    expect(() => fromMedusaAmount(value)).toThrow(MoneyError)
  })
})

describe("roundMedusaAmount: Medusa's unrounded totals to the halala", () => {
  it.each<[string, unknown, bigint]>([
    ["a total with VAT (33.33 + 15%)", "38.3295", 3833n],
    ["half a halala", 0.005, 1n],
    ["a hair below half a halala", "0.0049999", 0n],
    ["the raw BigNumber form", { value: "38.3295", precision: 20 }, 3833n],
    ["an exact amount", { value: "40.50", precision: 20 }, 4050n],
    ["a float sum", 0.1 + 0.2, 30n],
    ["a bigint of whole SAR", 12n, 1200n],
    ["a BigNumber-like object through raw_", { numeric_: 1, raw_: { value: "12.345", precision: 20 }, toJSON: () => 1 }, 1235n],
    ["toJSON", { toJSON: () => ({ value: "9.994", precision: 20 }) }, 999n],
  ])("rounds %s half-up", (_label, value, expected) => {
    expect(roundMedusaAmount(value)).toBe(expected)
  })

  it("reads Medusa's own BigNumber", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads Medusa only for these two tests
    const { BigNumber } = require("@medusajs/framework/utils")
    expect(roundMedusaAmount(new BigNumber("38.3295"))).toBe(3833n)
    expect(roundMedusaAmount(new BigNumber({ value: "38.3295", precision: 20 }))).toBe(3833n)
  })

  it.each<[string, unknown]>([
    ["null", null],
    ["an empty object", {}],
    ["a non-amount value", { value: "forty" }],
    [
      "a toJSON that never ends",
      {
        toJSON(): unknown {
          return this
        },
      },
    ],
  ])("refuses %s", (_label, value) => {
    expect(() => roundMedusaAmount(value)).toThrow(MoneyError)
  })

  it("leaves fromMedusaAmount strict", () => {
    expect(() => fromMedusaAmount({ value: "38.3295", precision: 20 })).toThrow(/more than 2 decimal places/)
  })
})

describe("percentOf: fees in halalas, rounded half-up", () => {
  it.each<[bigint, string, bigint]>([
    [100000n, "2.50", 2500n],
    [29999n, "2.50", 750n], // 749.975 -> 750
    [19n, "2.50", 0n], // 0.475 -> 0
    [20n, "2.50", 1n], // exactly 0.5 -> 1
    [-20n, "2.50", -1n],
    [-19n, "2.50", 0n],
    [120050n, "1.00", 1201n], // 1200.50 -> 1200.5 halalas -> 1201
    [250n, "15", 38n], // VAT on a 2.50 fee: 0.375 -> 0.38
    [0n, "3.00", 0n],
  ])("%p halalas x %s%% = %p", (halalas, percent, expected) => {
    expect(percentOf(halalas, percent)).toBe(expected)
  })

  it("refuses a percentage with more than 2 decimals", () => {
    expect(() => percentOf(100n, "2.505")).toThrow(MoneyError)
  })
})

describe("medusaAmountText", () => {
  it("gives the exact, unrounded decimal of every Medusa amount shape", () => {
    expect(medusaAmountText("38.3295")).toBe("38.3295")
    expect(medusaAmountText({ value: "38.3295", precision: 20 })).toBe("38.3295")
    expect(medusaAmountText(12n)).toBe("12")
    expect(medusaAmountText(0.1 + 0.2)).toBe("0.30000000000000004")
  })

  it("expands the exponent form bignumber.js uses for tiny and huge values", () => {
    const tiny = { toJSON: () => "1.5e-7" }
    expect(medusaAmountText(tiny)).toBe("0.00000015")
    expect(roundMedusaAmount(tiny)).toBe(0n)
    expect(medusaAmountText("1e+21")).toBe("1000000000000000000000")
  })
})
