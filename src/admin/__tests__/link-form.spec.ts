import { EMPTY_LINK_FORM, amountText, linkRequest } from "../components/payment-links/link-form"

describe("linkRequest", () => {
  it("sends only what the merchant filled, with the API's defaults for the rest", () => {
    expect(linkRequest({ ...EMPTY_LINK_FORM, amount: "1200", title: "  Oud perfume " })).toEqual({
      amount: "1200",
      title: "Oud perfume",
      single_use: true,
      send_sms: false,
      checkout: "both",
    })
  })

  it("maps every field of a full form to the create request", () => {
    const body = linkRequest({
      provider_id: "bnpl",
      amount: "1,450.50",
      title: "Prayer rug",
      description: "Hand woven, silk",
      multi_use: true,
      expires_on: "2027-01-31",
      customer_name: "Noura  Al Saud",
      customer_phone: "050 123 4567",
      customer_email: " noura@example.sa ",
      send_sms: true,
      checkout: "installments",
    })
    expect(body).toEqual({
      provider_id: "bnpl",
      amount: "1450.50",
      title: "Prayer rug",
      description: "Hand woven, silk",
      single_use: false,
      expires_at: new Date(2027, 0, 31, 23, 59, 59).toISOString(),
      customer: { first_name: "Noura", last_name: "Al Saud", phone: "+966501234567", email: "noura@example.sa" },
      send_sms: true,
      checkout: "installments",
    })
  })
})

describe("amountText", () => {
  it("reads Arabic-Indic digits and separators as the API's decimal", () => {
    expect(amountText("١٬٢٠٠٫٥٠")).toBe("1200.50")
    expect(amountText(" 1,200.5 ")).toBe("1200.5")
  })

  it("leaves what is not an amount for the API to refuse with its message", () => {
    expect(amountText("12.345")).toBe("12.345")
    expect(amountText("abc")).toBe("abc")
  })
})
