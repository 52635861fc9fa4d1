import type { Transaction } from "../../lib/client"

/** Refund key of a payment on a link whose session was replaced or deleted (no order will record it). */
export const orphanRefundKey = (transactionId: string) => `orphan-${transactionId}`

/** Refund key of a payment made on the link of an order that was already canceled. */
export const canceledOrderRefundKey = (transactionId: string) => `canceled-order-${transactionId}`

/**
 * Refund key of what Medusa's order cancel booked as refunded on a payment although the provider
 * refused it (medusa#15306), sent again by the plugin.
 */
export const cancelRefundKey = (paymentId: string) => `cancel-${paymentId}`

/**
 * True when the plugin itself refunded this payment (orphan or canceled order): no session may be
 * captured with it, or Medusa would show money it no longer holds.
 */
export function refundedByPlugin(transaction: Transaction): boolean {
  const keys = [orphanRefundKey(transaction.id), canceledOrderRefundKey(transaction.id)]
  return transaction.refund_tracker.some((entry) => !!entry.idempotency_key && keys.includes(entry.idempotency_key))
}
