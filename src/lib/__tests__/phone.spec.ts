import { e164Phone, phoneE164 } from "../phone"

describe("phoneE164", () => {
  it("writes Saudi mobiles as typed locally in E.164", () => {
    expect(phoneE164("0501234567")).toBe("+966501234567")
    expect(phoneE164("966501234567")).toBe("+966501234567")
    expect(phoneE164("00966 50 123 4567")).toBe("+966501234567")
    expect(phoneE164("٠٥٠١٢٣٤٥٦٧")).toBe("+966501234567")
  })

  it("keeps other numbers as typed, without spaces", () => {
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958")
    expect(phoneE164("12345")).toBe("12345")
  })
})

describe("e164Phone", () => {
  it("gives a customer's local Saudi mobile to the link in E.164, as the admin's form does", () => {
    expect(e164Phone("050 123 4567")).toBe("+966501234567")
    expect(e164Phone("(050) 123-4567")).toBe("+966501234567")
    expect(e164Phone("+966 50 123 4567")).toBe("+966501234567")
  })

  it("leaves out what cannot be an E.164 number", () => {
    expect(e164Phone("12345")).toBeUndefined()
    expect(e164Phone("call me")).toBeUndefined()
    expect(e164Phone("")).toBeUndefined()
    expect(e164Phone(null)).toBeUndefined()
  })
})
