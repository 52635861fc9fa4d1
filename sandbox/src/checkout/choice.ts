import type { CheckoutPayment, CheckoutPlan } from "./engine"

/** Radio value of the pay-in-full option. */
export const PAY_IN_FULL_CHOICE = "pay_in_full"

/** Radio value of a plan, read back by `parseChoice`. */
export function planChoice(plan: Pick<CheckoutPlan, "bank_code" | "months">): string {
  return `installment:${plan.bank_code}:${plan.months}`
}

/**
 * Reads a posted radio value back into the payment option. Only the shape is checked here; whether
 * the plan is really offered to this card is the engine's call.
 */
export function parseChoice(value: string): Omit<CheckoutPayment, "card_number" | "address"> | null {
  if (value === PAY_IN_FULL_CHOICE) {
    return { payment_option: "Pay In Full" }
  }
  const match = /^installment:([a-z0-9_-]{1,32}):(\d{1,2})$/.exec(value)
  if (!match) {
    return null
  }
  return { payment_option: "Installment", bank_code: match[1], months: Number(match[2]) }
}
