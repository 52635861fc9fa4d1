import {
  CheckoutRefusedError,
  type CheckoutEngine,
  type CheckoutLinkView,
  type CheckoutOffers,
  type CheckoutPayment,
  type CheckoutResult,
} from "../engine"

/** Test cards of the fake: eligible Rajhi credit cards with fixed outcomes, and a mada debit card. */
export const CARDS = {
  success: "4847830000000007",
  pending: "4847830000000015",
  declined: "4847830000000023",
  mada: "5888450000000004",
} as const

const OUTCOMES: Record<string, CheckoutResult["status"]> = {
  [CARDS.success]: "success",
  [CARDS.pending]: "pending",
  [CARDS.declined]: "fail",
  [CARDS.mada]: "success",
}

/** A link view with sensible defaults, overridable per test. */
export function makeLink(overrides: Partial<CheckoutLinkView> = {}): CheckoutLinkView {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    status: "valid",
    amount: "1500.00",
    currency: "SAR",
    title: "Sofa order #1001",
    description: "Three-seat sofa",
    merchant_name: "Riyadh Home Store",
    language: "ar",
    callback_url: "http://shop.test:8080/return?cart=abc",
    only_show_bank_installments: false,
    only_show_pay_in_full: false,
    address_required: false,
    client_first_name: null,
    client_last_name: null,
    expires_at: "2030-01-08T09:00:00.000Z",
    ...overrides,
  }
}

/** In-memory engine that records what the pages ask of it. */
export class FakeEngine implements CheckoutEngine {
  readonly links = new Map<string, CheckoutLinkView>()
  readonly payments: Array<{ linkId: string; payment: CheckoutPayment }> = []
  readonly cancels: string[] = []
  refusePayWith: string | null = null

  add(link: CheckoutLinkView): CheckoutLinkView {
    this.links.set(link.id, link)
    return link
  }

  findLink(id: string): CheckoutLinkView | undefined {
    return this.links.get(id)
  }

  offers(linkId: string, cardNumber: string): CheckoutOffers {
    if (!this.links.has(linkId)) {
      throw new CheckoutRefusedError("Payment link not found.")
    }
    if (!/^\d{12,19}$/.test(cardNumber)) {
      throw new CheckoutRefusedError("Card number must be 12 to 19 digits.")
    }
    const masked = `${cardNumber.slice(0, 6)}******${cardNumber.slice(-4)}`
    if (cardNumber === CARDS.mada) {
      return {
        card: { brand: "MADA", type: "DEBIT", issuer: "Saudi National Bank", bank_code: "snb", masked },
        plans: [],
        pay_in_full: true,
        reason: "Bin number not found.",
      }
    }
    return {
      card: { brand: "VISA", type: "CREDIT", issuer: "Al Rajhi Bank", bank_code: "rajhi", masked },
      plans: [
        { bank_code: "rajhi", bank_name: "Al Rajhi Bank", months: 3, monthly_amount: "500.00", last_month_amount: "500.00" },
        { bank_code: "rajhi", bank_name: "Al Rajhi Bank", months: 12, monthly_amount: "125.00", last_month_amount: "125.00" },
        { bank_code: "rajhi", bank_name: "Al Rajhi Bank", months: 24, monthly_amount: "62.50", last_month_amount: "62.50" },
      ],
      pay_in_full: true,
      reason: null,
    }
  }

  async pay(linkId: string, payment: CheckoutPayment): Promise<CheckoutResult> {
    if (this.refusePayWith) {
      throw new CheckoutRefusedError(this.refusePayWith)
    }
    this.payments.push({ linkId, payment })
    const status = OUTCOMES[payment.card_number] ?? "fail"
    return {
      transaction_id: `22222222-2222-4222-8222-00000000000${this.payments.length}`,
      status,
      message: status === "fail" ? "Card declined by issuer." : status === "pending" ? "Bank review in progress." : null,
    }
  }

  async cancel(linkId: string): Promise<void> {
    this.cancels.push(linkId)
  }
}
