import { parseProviderOptions } from "../../../installments/registrations/options"
import { INSTANCE_ID, OPTIONS } from "../../../installments/__tests__/fixtures"
import { buildLinkRequest, isPlainEmail } from "../link-request"

const options = parseProviderOptions(OPTIONS)

function request(
  customer: Record<string, unknown>,
  extra: { halalas?: bigint; language?: "ar" | "en"; mode?: "installments" | "both" } = {}
) {
  return buildLinkRequest(extra.mode ? { ...options, checkoutMode: extra.mode } : options, {
    sessionId: "payses_1",
    instanceId: INSTANCE_ID,
    halalas: extra.halalas ?? 50_000n,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    customer: { id: "cus_1", ...customer } as never,
    language: extra.language ?? "en",
  })
}

const emailSent = (email: string) => request({ email }).client_email

describe("the customer's e-mail in a link request", () => {
  it.each(["a@b.co", "noura.s+shop@mail.example.sa", "x@a.b."])("pre-fills %s", (email) => {
    expect(emailSent(email)).toBe(email)
  })

  it.each(["", "a", "a@b", "@b.co", "a@.co", "a@b.", "a@@b.co", "a@b@c.co", "a b@c.co", "a@b.co\n"])("leaves out %j", (email) => {
    expect(emailSent(email)).toBeUndefined()
  })

  it("answers a long adversarial address (no dot, many characters) correctly", () => {
    // 'a@' and a long run without a dot: a backtracking pattern tries every split of the run.
    const long = `a@${"a".repeat(100_000)}`
    expect(isPlainEmail(long)).toBe(false)
    expect(isPlainEmail(`${long}@`)).toBe(false)
    expect(isPlainEmail(`${long}.sa`)).toBe(true)
    // Many dots, then a character that fails at the very end: the old pattern was quadratic here.
    const dotted = `a@${"a.".repeat(50_000)}`
    expect(emailSent(`${dotted} `)).toBeUndefined()
    expect(emailSent(`${dotted}@`)).toBeUndefined()
    expect(emailSent(`${dotted}sa`)).toBe(`${dotted}sa`)
  })
})

describe("the customer's phone in a link request", () => {
  it("sends a local Saudi mobile in E.164, by the same rule as the admin's payment links", () => {
    expect(request({ phone: "050 123 4567" }).client_phone_number).toBe("+966501234567")
    expect(request({ phone: "+966501234567" }).client_phone_number).toBe("+966501234567")
  })

  it("leaves out a number that cannot be E.164", () => {
    expect(request({ phone: "12345" }).client_phone_number).toBeUndefined()
  })
})

describe("an installments-only registration below the smallest bank minimum (300.00 SAR)", () => {
  it.each([
    ["en", "Installments are available for orders of 300.00 SAR or more; this order is 80.00 SAR. Choose another payment method."],
    ["ar", "التقسيط متاح للطلبات من 300.00 ر.س فأكثر، وقيمة هذا الطلب 80.00 ر.س. اختر طريقة دفع أخرى."],
  ] as const)("is refused in the cart's language (%s)", (language, words) => {
    expect(() => request({}, { halalas: 8_000n, language, mode: "installments" })).toThrow(words)
  })

  it("refuses 299.99 SAR, which the service would take but no bank could pay, and makes 300.00 SAR's link", () => {
    expect(() => request({}, { halalas: 29_999n, language: "en", mode: "installments" })).toThrow(
      "Installments are available for orders of 300.00 SAR or more; this order is 299.99 SAR."
    )
    expect(request({}, { halalas: 30_000n, language: "en", mode: "installments" })).toMatchObject({
      amount: 300,
      only_show_bank_installments: true,
    })
  })

  it("a registration that also takes cards in full makes 250.00 SAR's link", () => {
    expect(request({}, { halalas: 25_000n, language: "en", mode: "both" })).toMatchObject({
      amount: 250,
      only_show_pay_in_full: false,
    })
  })
})
