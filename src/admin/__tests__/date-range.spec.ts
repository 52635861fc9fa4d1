import { attachmentName } from "../lib/download-file"
import { dayToDate, daysOf, isoDay, monthOf } from "../lib/date-range"
import { formatDay } from "../lib/format"

describe("monthOf", () => {
  it("spans the month a day falls in, first to last day", () => {
    expect(monthOf(new Date(2026, 10, 17, 15, 0))).toEqual({ from: "2026-11-01", to: "2026-11-30" })
    expect(monthOf(new Date(2028, 1, 29))).toEqual({ from: "2028-02-01", to: "2028-02-29" })
    expect(monthOf(new Date(2026, 11, 31, 23, 59))).toEqual({ from: "2026-12-01", to: "2026-12-31" })
  })

  it("round-trips a day through the date pickers' Date", () => {
    expect(isoDay(dayToDate("2026-03-09"))).toBe("2026-03-09")
  })
})

describe("formatDay", () => {
  it("shows the service's calendar day whatever the admin's time zone", () => {
    expect(formatDay("2026-11-01", "en")).toBe("Nov 1, 2026")
    expect(formatDay("2026-11-01T23:30:00+03:00", "en")).toBe("Nov 1, 2026")
    expect(formatDay("2026-11-01", "ar-SA")).not.toBe("Nov 1, 2026")
    expect(formatDay(null, "en")).toBe("—")
  })
})

describe("attachmentName", () => {
  it("reads the file name the route gives its download", () => {
    expect(attachmentName('attachment; filename="installments-settlements-2026-11-01_2026-11-30.csv"', "x.csv")).toBe(
      "installments-settlements-2026-11-01_2026-11-30.csv"
    )
    expect(attachmentName(null, "fallback.pdf")).toBe("fallback.pdf")
  })
})

describe("daysOf", () => {
  it("lists every day of the range, both ends included, across a month end", () => {
    expect(daysOf({ from: "2026-02-27", to: "2026-03-02" })).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
    expect(daysOf({ from: "2026-11-01", to: "2026-11-30" })).toHaveLength(30)
  })

  it("lists nothing for a reversed range or one longer than a statement window", () => {
    expect(daysOf({ from: "2026-11-02", to: "2026-11-01" })).toEqual([])
    expect(daysOf({ from: "2025-01-01", to: "2026-11-01" })).toEqual([])
  })
})
