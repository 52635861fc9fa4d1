import { parseProviderOptions } from "../../../installments/registrations/options"
import { INSTANCE_ID, OPTIONS } from "../../../installments/__tests__/fixtures"
import { buildLinkRequest, isPlainEmail } from "../link-request"

const options = parseProviderOptions(OPTIONS)

function emailSent(email: string) {
  const body = buildLinkRequest(options, {
    sessionId: "payses_1",
    instanceId: INSTANCE_ID,
    halalas: 50_000n,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    customer: { id: "cus_1", email } as never,
  })
  return body.client_email
}

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
