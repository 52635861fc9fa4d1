import { formatExpiry, formatSar } from "../format"

describe("formatSar", () => {
  it.each([
    ["1200", "1,200.00 SAR"],
    ["1200.00", "1,200.00 SAR"],
    ["299.99000", "299.99 SAR"],
    ["0.5", "0.50 SAR"],
    ["999", "999.00 SAR"],
    ["1234567.895", "1,234,567.90 SAR"],
    ["-1000.10", "-1,000.10 SAR"],
  ])("formats %s as %s", (amount, expected) => {
    expect(formatSar(amount, "en")).toBe(expected)
  })

  it("uses the Arabic currency symbol with Latin digits", () => {
    expect(formatSar("1200", "ar")).toBe("1,200.00 ر.س")
  })

  it("does not round through binary floats", () => {
    // 1.005 is 1.00499999999999989... as a double; toFixed(2) would print 1.00.
    expect(formatSar("1.005", "en")).toBe("1.01 SAR")
  })
})

describe("formatExpiry", () => {
  it("shows Riyadh time", () => {
    expect(formatExpiry("2030-01-08T09:00:00.000Z", "en")).toBe("8 Jan 2030, 12:00")
  })

  it("keeps Latin digits in Arabic", () => {
    expect(formatExpiry("2030-01-08T09:00:00.000Z", "ar")).toMatch(/2030/)
  })

  it("falls back to the raw text for a value that is not a date", () => {
    expect(formatExpiry("soon", "en")).toBe("soon")
  })
})
