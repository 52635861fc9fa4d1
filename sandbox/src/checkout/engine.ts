import { normalizeAmount, toHalalas } from "../../../src/lib/money"
import { plansFor } from "../../../src/lib/plans"
import { findBin, programmeFor, binLookupBody, BIN_NOT_FOUND, CardBin } from "../catalog/bins"
import { findTestCard, isCardNumber, maskCard } from "../catalog/cards"
import type { SandboxContext } from "../context"
import { resolveStatus } from "../state/links"
import { runAttempt } from "../state/payments"
import type { LinkRecord } from "../state/types"

/*
 * The checkout engine: what the hosted checkout pages need from the sandbox's state (CheckoutEngine
 * and the shapes it speaks), and the sandbox's implementation of it (SandboxCheckoutEngine). The
 * pages only render and forward; every rule (eligibility, plans, outcomes, webhooks) lives behind
 * the interface, so the pages' tests run against a fake engine.
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

const BANK_DISPLAY_NAMES: Record<string, string> = {
  snb: "SNB",
  rajhi: "Al Rajhi Bank",
  ribl: "Riyad Bank",
  inma: "Alinma Bank",
}

/** Display name of a bank code on the hosted page. */
export function bankDisplayName(code: string): string {
  return BANK_DISPLAY_NAMES[code] ?? code.toUpperCase()
}

/**
 * The hosted pages' view of the sandbox. The control API's "pay" goes through the same `pay`, so a
 * payment made without the page follows exactly the page's rules.
 */
export class SandboxCheckoutEngine implements CheckoutEngine {
  constructor(private readonly ctx: SandboxContext) {}

  findLink(id: string): CheckoutLinkView | undefined {
    const link = this.ctx.store.state.links[id]
    if (!link) {
      return undefined
    }
    return {
      id: link.id,
      status: resolveStatus(link, this.ctx.clock.now()),
      // Always 2 decimals on the hosted page, whatever amountScale the API objects are written with.
      amount: normalizeAmount(link.amount),
      currency: "SAR",
      title: link.title,
      description: link.description,
      merchant_name: this.ctx.config.merchantName,
      language: link.language,
      callback_url: link.callback_url,
      only_show_bank_installments: link.only_show_bank_installments,
      only_show_pay_in_full: link.only_show_pay_in_full,
      address_required: link.address_required,
      client_first_name: link.client_first_name,
      client_last_name: link.client_last_name,
      expires_at: new Date(link.expires_at).toISOString(),
    }
  }

  offers(linkId: string, cardNumber: string): CheckoutOffers {
    const link = this.requireLink(linkId)
    return this.offersFor(link, cardNumber).offers
  }

  async pay(linkId: string, payment: CheckoutPayment): Promise<CheckoutResult> {
    const link = this.requireLink(linkId)
    const status = resolveStatus(link, this.ctx.clock.now())
    if (status === "expired") {
      throw new CheckoutRefusedError("This payment link has expired.")
    }
    if (status === "already_paid") {
      throw new CheckoutRefusedError("This payment link has already been paid.")
    }
    const { offers, bin } = this.offersFor(link, payment.card_number)
    let bankCode: string | null = null
    let months: number | null = null
    if (payment.payment_option === "Installment") {
      const plan = offers.plans.find(
        (candidate) => candidate.bank_code === (payment.bank_code ?? candidate.bank_code) && candidate.months === payment.months
      )
      if (!plan) {
        throw new CheckoutRefusedError(
          offers.plans.length === 0
            ? `No 0% installment plan is available for this card: ${offers.reason ?? "not eligible"}`
            : `The chosen plan is not offered; choose one of: ${offers.plans.map((p) => `${p.bank_code} ${p.months} months`).join(", ")}.`
        )
      }
      bankCode = plan.bank_code
      months = plan.months
    } else if (payment.payment_option === "Pay In Full") {
      if (!offers.pay_in_full) {
        throw new CheckoutRefusedError("This payment link accepts 0% bank installments only.")
      }
    } else {
      throw new CheckoutRefusedError('payment_option must be "Installment" or "Pay In Full".')
    }
    const address = payment.address?.trim() || null
    if (link.address_required && !address) {
      throw new CheckoutRefusedError("A delivery address is required for this payment.")
    }
    const transaction = runAttempt(this.ctx, {
      link,
      cardNumber: payment.card_number,
      maskedNumber: offers.card.masked,
      bin,
      outcome: findTestCard(payment.card_number)?.outcome ?? "unknown",
      paymentOption: payment.payment_option,
      bankCode,
      months,
      address,
    })
    const result = transaction.base_status
    return {
      transaction_id: transaction.id,
      status: result,
      message: result === "success" ? null : transaction.failure_message,
    }
  }

  async cancel(linkId: string): Promise<void> {
    const link = this.requireLink(linkId)
    this.ctx.events.emit("modal.closed", { payment_link_id: link.id, metadata: link.metadata ?? {} })
  }

  private requireLink(linkId: string): LinkRecord {
    const link = this.ctx.store.state.links[linkId]
    if (!link) {
      throw new CheckoutRefusedError("Payment link not found.")
    }
    return link
  }

  private offersFor(link: LinkRecord, cardNumber: string): { offers: CheckoutOffers; bin: CardBin | undefined } {
    if (typeof cardNumber !== "string" || !/^\d{12,19}$/.test(cardNumber)) {
      throw new CheckoutRefusedError("The card number must be 12 to 19 digits.")
    }
    if (!isCardNumber(cardNumber)) {
      throw new CheckoutRefusedError("The card number is not valid (check digit).")
    }
    const banks = this.ctx.config.banks
    const bin = findBin(cardNumber)
    const programme = programmeFor(bin, banks)
    let plans: CheckoutPlan[] = []
    let reason: string | null = null
    if (link.only_show_pay_in_full) {
      reason = "This payment link accepts pay in full only."
    } else if (!programme) {
      reason = BIN_NOT_FOUND
    } else if (toHalalas(link.amount) < toHalalas(programme.minimum)) {
      reason = String(binLookupBody(cardNumber.slice(0, 8), toHalalas(link.amount), banks).message)
    } else {
      plans = plansFor(link.amount, [programme]).map((plan) => ({ ...plan, bank_name: bankDisplayName(plan.bank_code) }))
    }
    return {
      bin,
      offers: {
        card: {
          brand: bin?.brand ?? null,
          type: bin?.type ?? null,
          issuer: bin?.issuer ?? null,
          bank_code: bin?.bank_code ?? null,
          masked: maskCard(cardNumber),
        },
        plans,
        pay_in_full: !link.only_show_bank_installments,
        reason,
      },
    }
  }
}
