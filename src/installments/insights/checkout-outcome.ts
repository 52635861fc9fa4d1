import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentLinkDetails, Transaction } from "../../lib/client"
import { formatAmount, parseAmount } from "../../lib/money"
import { isBankRejected, isFailedAttempt } from "../links/transactions"
import type { LinkVerdict } from "../links/verdict"

/**
 * Where a checkout that reached the hosted page stands (D44), one of:
 * - `paid`: its link was paid for the session (Medusa's `captured`);
 * - `bank_declined`, `card_declined`: not paid, and its last attempt was refused by the bank (the 0%
 *   loan) or by the card (declined, not authenticated), whether the link is still open or expired;
 * - `abandoned`: the link expired with no attempt at all;
 * - `open`: the link is still payable with no refused attempt, or a payment is pending (3-D Secure,
 *   the bank's review);
 * - `not_placed`: paid at the service but not for this checkout (another amount or session), or
 *   refunded by the plugin because the checkout had moved on (its session replaced, its order canceled).
 */
export { CHECKOUT_OUTCOMES, type CheckoutOutcome } from "./answer"
import type { CheckoutEnding, CheckoutOutcome } from "./answer"

/** What one read of a checkout's link tells: how it ended, and which transaction and read say so. */
export interface CheckoutFacts extends CheckoutEnding {
  /** The transaction behind the outcome: the payment, or the last refused attempt. */
  transaction_id: string | null
  /**
   * How far the link has gone: every change the service documents (a new attempt, pending to success
   * or fail, a refund, the bank's decision, the link paid or expired) raises it, so a read that
   * answers lower is older than the one recorded and never replaces it.
   */
  progress: number
}

// Each documented transition of a transaction raises its rank: pending -> success | fail, success ->
// partially refunded -> refunded. A status the interface does not list ranks as pending.
const STATUS_RANK: Record<string, number> = { pending: 1, fail: 2, success: 3, "partially refunded": 4, refunded: 5 }

/** The facts of a checkout from a read of its link and the verdict the plugin drew from that read. */
export function checkoutFacts(details: PaymentLinkDetails, verdict: LinkVerdict): CheckoutFacts {
  const failed = details.transactions.filter(isFailedAttempt)
  const bankRejections = failed.filter(isBankRejected).length
  const lastFailed = failed.at(-1)
  const outcome = outcomeOf(verdict, lastFailed)
  const decisive = verdict.transaction ?? (outcome === "bank_declined" || outcome === "card_declined" ? lastFailed : undefined)
  const installment = decisive?.payment_option === "Installment"
  const paid = outcome === "paid" ? verdict.transaction : undefined
  return {
    outcome,
    bank_rejections: bankRejections,
    card_declines: failed.length - bankRejections,
    payment_option: decisive?.payment_option ?? null,
    bank: installment && decisive?.bank_name ? decisive.bank_name.toLowerCase() : null,
    tenure_months: installment ? (decisive?.installment_duration ?? null) : null,
    transaction_id: decisive?.id ?? null,
    fee: amountOrNull(paid?.service_fee),
    fee_vat: amountOrNull(paid?.service_tax_vat),
    progress: progressOf(details),
  }
}

function outcomeOf(verdict: LinkVerdict, lastFailed: Transaction | undefined): CheckoutOutcome {
  const declined: CheckoutOutcome | undefined = lastFailed
    ? isBankRejected(lastFailed)
      ? "bank_declined"
      : "card_declined"
    : undefined
  switch (verdict.status) {
    case PaymentSessionStatus.CAPTURED:
      return "paid"
    case PaymentSessionStatus.ERROR:
      return "not_placed"
    case PaymentSessionStatus.CANCELED:
      // With a transaction: paid, then refunded by the plugin; without: the link expired unpaid.
      return verdict.transaction ? "not_placed" : (declined ?? "abandoned")
    case PaymentSessionStatus.REQUIRES_MORE:
      return verdict.settling ? "open" : (declined ?? "open")
    default:
      return "open"
  }
}

/** The progress of a link read (see CheckoutFacts.progress). */
export function progressOf(details: PaymentLinkDetails): number {
  const link = details.payment_link
  const linkDone = link.status === "Paid" || link.status === "Expired" || link.is_expired ? 1 : 0
  return details.transactions.reduce((sum, transaction) => {
    const decision = transaction.installment_tracker?.status
    const decided = decision && decision !== "P" ? 1 : 0
    return sum + (STATUS_RANK[transaction.status] ?? 1) + decided
  }, linkDone)
}

// The client normalizes amounts to 2-decimal strings; an unreadable one is left out rather than guessed.
function amountOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === "") {
    return null
  }
  try {
    return formatAmount(parseAmount(value))
  } catch {
    return null
  }
}
