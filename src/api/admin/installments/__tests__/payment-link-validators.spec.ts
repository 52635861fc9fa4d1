import { AdminCreatePaymentLink } from "../payment-links/validators"

const valid = { amount: "1200.00", title: "Phone order 1042", customer: { first_name: "Sara", phone: "+966501234567" } }

const messages = (body: Record<string, unknown>) => {
  const parsed = AdminCreatePaymentLink.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe("AdminCreatePaymentLink", () => {
  it("accepts a phone order's link with Arabic text and emoji", () => {
    expect(messages({ ...valid, title: "طلب هاتفي 🛒", description: "سجادة صلاة" })).toEqual([])
  })

  // PostgreSQL cannot store a NUL character: the record of the link failed with a 500 (found by the fuzz).
  it.each([
    ["title", { ...valid, title: "Phone\u0000order" }],
    ["description", { ...valid, description: "a\u0000b" }],
    ["reference", { ...valid, reference: "\u0000" }],
    ["customer.first_name", { ...valid, customer: { first_name: "Sa\u0000ra" } }],
  ])("refuses a NUL character in %s with a message naming it", (field, body) => {
    expect(messages(body)).toEqual([`${field} must not contain NUL characters`])
  })
})
