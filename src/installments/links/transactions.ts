import { TRANSACTION_STATUSES, type PaymentLink, type PaymentLinkDetails, type Transaction } from "../../lib/client"
import { parseAmount } from "../../lib/money"

// A refunded payment was paid first: it still counts as the link's payment.
const PAID_STATUSES = new Set(["success", "partially refunded", "refunded"])
const KNOWN_STATUSES = new Set<string>(TRANSACTION_STATUSES)
const KNOWN_BANK_DECISIONS = new Set(["A", "R", "P"])

/** True when the bank rejected the transaction's 0% installment request (its tracker says R). */
export function isBankRejected(transaction: Transaction): boolean {
  return transaction.installment_tracker?.status === "R"
}

/** True when the transaction is a payment: it succeeded (even if refunded since) and no bank rejected it. */
export function isPaid(transaction: Transaction): boolean {
  return PAID_STATUSES.has(transaction.status) && !isBankRejected(transaction)
}

/** True for a failed attempt: a declined card or a bank that rejected the installment request. */
export function isFailedAttempt(transaction: Transaction): boolean {
  return transaction.status === "fail" || isBankRejected(transaction)
}

/** The link's payment, if any: its first paid transaction. */
export function paidTransaction(details: Pick<PaymentLinkDetails, "transactions">): Transaction | undefined {
  return details.transactions.find(isPaid)
}

/** A transaction status the interface does not list: the plugin treats it as not paid. */
export function hasUnknownStatus(transaction: Transaction): boolean {
  return !KNOWN_STATUSES.has(transaction.status)
}

/** A bank decision other than A, R or P: the payment is treated as still under review. */
export function hasUnknownBankDecision(transaction: Transaction): boolean {
  const decision = transaction.installment_tracker?.status
  return typeof decision === "string" && !KNOWN_BANK_DECISIONS.has(decision)
}

/** Halalas still refundable on a transaction at the service. */
export function refundableBalance(transaction: Transaction): bigint {
  return parseAmount(transaction.amount) - parseAmount(transaction.refunded_amount)
}

/** True when the service lists a refund made with this idempotency key (or any of these) on the transaction. */
export function hasRefundWithKey(transaction: Transaction, idempotencyKey: string | readonly string[]): boolean {
  const keys: readonly string[] = typeof idempotencyKey === "string" ? [idempotencyKey] : idempotencyKey
  return transaction.refund_tracker.some((entry) => !!entry.idempotency_key && keys.includes(entry.idempotency_key))
}

/**
 * The amount to send for a refund of `requested` halalas: at most one halala of rounding excess over
 * the remaining balance is absorbed (a full refund of a 38.3295 total refunds the 38.33 paid); more is
 * not the plugin's to hide, and the service refuses it with its own message.
 */
export function cappedRefund(requested: bigint, transaction: Transaction): bigint {
  const remaining = refundableBalance(transaction)
  return requested > remaining && requested - remaining <= 1n ? remaining : requested
}

/**
 * How long after a payment the plugin leaves it to the checkout before judging it (an orphan to
 * refund, or a payment on a canceled order Medusa has not recorded): a checkout still completing is
 * never touched.
 */
export const PAID_LINK_GRACE_MS = 10 * 60 * 1000

/** When the transaction was paid (ms since epoch), falling back to the link's creation; NaN if unknown. */
export function paidAt(transaction: Transaction, link: Pick<PaymentLink, "created_at">): number {
  const paid = Date.parse(transaction.created_at ?? "")
  return Number.isNaN(paid) ? Date.parse(link.created_at ?? "") : paid
}
