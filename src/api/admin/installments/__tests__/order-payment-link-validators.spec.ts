import { AdminRequestOrderPaymentLink } from "../orders/payment-link-validators"

const messages = (body: unknown) => {
  const parsed = AdminRequestOrderPaymentLink.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe("AdminRequestOrderPaymentLink", () => {
  it("accepts no body at all, and an empty one: the link is for what is owed, with the registration's choices", () => {
    expect(AdminRequestOrderPaymentLink.parse(undefined)).toEqual({})
    expect(AdminRequestOrderPaymentLink.parse({})).toEqual({})
  })

  it("accepts the checkout choice, an SMS and an expiry, the expiry as UTC ISO 8601", () => {
    const expires = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    const local = expires.toISOString().replace("Z", "+00:00")
    expect(AdminRequestOrderPaymentLink.parse({ checkout: "card", send_sms: true, expires_at: local })).toEqual({
      checkout: "card",
      send_sms: true,
      expires_at: expires.toISOString(),
    })
  })

  it.each([
    [{ checkout: "pay_in_full" }, "checkout must be one of installments, card, both"],
    [{ send_sms: "yes" }, "send_sms must be true or false"],
    [{ expires_at: "2020-01-01T00:00:00Z" }, "expires_at must be in the future"],
    [{ expires_at: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString() }, "expires_at must be at most 7 days from now"],
  ])("refuses %j with a message naming the field", (body, message) => {
    expect(messages(body)).toEqual([message])
  })

  it("refuses an amount: a link for an order is always for exactly what it owes", () => {
    expect(messages({ amount: "10.00" })).toEqual([expect.stringMatching(/amount/)])
  })
})
