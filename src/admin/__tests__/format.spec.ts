import { formatDate, formatDateTime, formatSar } from "../lib/format"
import { webhookUrl } from "../components/settings/webhook-url"

describe("formatSar", () => {
  it("shows an SAR amount with two decimals in English", () => {
    expect(formatSar("1164.35", "en")).toBe("SAR\u00a01,164.35")
    expect(formatSar("31", "en")).toBe("SAR\u00a031.00")
  })

  it("keeps every halala of amounts beyond a float's precision", () => {
    expect(formatSar("12345678901234567.05", "en")).toBe("SAR\u00a012,345,678,901,234,567.05")
  })

  it("writes Arabic digits and the riyal sign for the Arabic admin", () => {
    const text = formatSar("1164.35", "ar-SA")
    expect(text).toContain("١٬١٦٤٫٣٥")
    expect(text).toContain("ر.س.")
  })

  it("shows a dash when the service gave no amount", () => {
    expect(formatSar(null, "en")).toBe("—")
    expect(formatSar(undefined, "ar")).toBe("—")
  })
})

describe("formatDate / formatDateTime", () => {
  it("formats for the locale and shows a dash for a missing or bad date", () => {
    expect(formatDate("2027-02-20T22:29:22.736Z", "en")).toMatch(/Feb 2[01], 2027/)
    expect(formatDateTime("2027-02-20T22:29:22.736Z", "en")).toMatch(/2027/)
    expect(formatDate(null, "en")).toBe("—")
    expect(formatDateTime("not a date", "en")).toBe("—")
  })
})

describe("webhookUrl", () => {
  it("joins the backend URL and the registration's webhook path", () => {
    expect(webhookUrl("https://api.shop.sa", "https://admin.shop.sa", "/hooks/payment/installments_installments")).toBe(
      "https://api.shop.sa/hooks/payment/installments_installments"
    )
  })

  it("uses the admin's origin when the backend is the same server", () => {
    expect(webhookUrl("/", "http://localhost:9000", "/hooks/payment/installments_installments")).toBe(
      "http://localhost:9000/hooks/payment/installments_installments"
    )
  })
})
