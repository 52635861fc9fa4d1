/**
 * What the hosted checkout pages need from the sandbox's state. The pages only render and forward;
 * every rule (eligibility, plans, outcomes, webhooks) lives behind this interface.
 */

export type CheckoutLanguage = "ar" | "en"

/** A payment link as the hosted page shows it. Amounts are 2-decimal SAR strings. */
export interface CheckoutLinkView {
  id: string
  /** `valid`, `expired` or `already_paid`, as the resolve endpoint reports it. */
  status: "valid" | "expired" | "already_paid"
  amount: string
  currency: "SAR"
  title: string
  description: string | null
  merchant_name: string
  language: CheckoutLanguage
  callback_url: string | null
  only_show_bank_installments: boolean
  only_show_pay_in_full: boolean
  address_required: boolean
  client_first_name: string | null
  client_last_name: string | null
  expires_at: string
}

/** One 0% plan offered to a card for this link's amount. */
export interface CheckoutPlan {
  bank_code: string
  bank_name: string
  months: number
  monthly_amount: string
  last_month_amount: string
}

/** What a card can do on a link: the plans it qualifies for, and whether pay in full is offered. */
export interface CheckoutOffers {
  card: {
    brand: string | null
    type: string | null
    issuer: string | null
    bank_code: string | null
    masked: string
  }
  plans: CheckoutPlan[]
  pay_in_full: boolean
  /** Why no plan is offered (e.g. the BIN lookup message), when `plans` is empty. */
  reason: string | null
}

export interface CheckoutPayment {
  card_number: string
  payment_option: "Installment" | "Pay In Full"
  bank_code?: string
  months?: number
  /** Delivery address when the link requires one. */
  address?: string
}

/** Outcome of a payment attempt, enough to redirect to the callback URL. */
export interface CheckoutResult {
  transaction_id: string
  /** Transaction status right after the attempt: `success`, `pending` or `fail`. */
  status: "success" | "pending" | "fail"
  /** Human-readable reason for `fail` or `pending` (decline, bank rejection, review). */
  message: string | null
}

/** Thrown by the engine when an attempt is refused before a transaction exists (bad card, closed link). */
export class CheckoutRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "CheckoutRefusedError"
  }
}

export interface CheckoutEngine {
  findLink(id: string): CheckoutLinkView | undefined
  /** Throws CheckoutRefusedError for a card number that is not 12 to 19 digits. */
  offers(linkId: string, cardNumber: string): CheckoutOffers
  /** Throws CheckoutRefusedError when the link is not `valid` or the choice is not offered. */
  pay(linkId: string, payment: CheckoutPayment): Promise<CheckoutResult>
  /** The customer closed the page: emits `modal.closed`. */
  cancel(linkId: string): Promise<void>
}
