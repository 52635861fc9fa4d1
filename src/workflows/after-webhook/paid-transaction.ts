import type { PaymentLink, PaymentLinkDetails, Transaction } from "../../lib/client"
import { parseAmount } from "../../lib/money"

const PAID = new Set(["success", "partially refunded", "refunded"])

/** The successful transaction of a link, if any (a bank-rejected installment is not one). */
export function paidTransaction(details: PaymentLinkDetails): Transaction | undefined {
  return details.transactions.find((t) => PAID.has(t.status) && t.installment_tracker?.status !== "R")
}

/** Halalas still refundable on a transaction at the service. */
export function refundableBalance(transaction: Transaction): bigint {
  return parseAmount(transaction.amount) - parseAmount(transaction.refunded_amount)
}

/** True when the service lists a refund made with this idempotency key on the transaction. */
export function refundedWithKey(transaction: Transaction, idempotencyKey: string): boolean {
  return transaction.refund_tracker.some((entry) => entry.idempotency_key === idempotencyKey)
}

/** When the transaction was paid (ms since epoch), falling back to the link's creation; NaN if unknown. */
export function paidAt(transaction: Transaction, link: Pick<PaymentLink, "created_at">): number {
  const paid = Date.parse(transaction.created_at ?? "")
  return Number.isNaN(paid) ? Date.parse(link.created_at ?? "") : paid
}
