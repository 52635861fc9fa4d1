import { westernDigits } from "./digits"

const E164 = /^\+[1-9]\d{6,14}$/

/**
 * The one phone rule of the plugin, for the admin's payment links and the checkout's links alike: a
 * Saudi mobile as people type it ("05x xxx xxxx", "9665…", "009665…", in Arabic digits too) in E.164
 * (+9665…); any other number as typed, without spaces, dashes or brackets.
 */
export function phoneE164(typed: string): string {
  const digits = westernDigits(typed.trim()).replace(/[\s\-()]/g, "")
  if (/^05\d{8}$/.test(digits)) {
    return `+966${digits.slice(1)}`
  }
  if (/^9665\d{8}$/.test(digits)) {
    return `+${digits}`
  }
  if (/^009665\d{8}$/.test(digits)) {
    return `+${digits.slice(2)}`
  }
  return digits
}

/** The phone in E.164 by the rule above, or nothing when it cannot be written so. */
export function e164Phone(typed: string | null | undefined): string | undefined {
  const phone = typed ? phoneE164(typed) : ""
  return E164.test(phone) ? phone : undefined
}
