import type { Transaction } from "../../lib/client"
import { hasRefundWithKey } from "../links/transactions"

/** Where a refund came from: a received return, an order cancel, the admin, or the plugin's own sweeps. */
export const REFUND_SOURCES = ["return", "cancel", "admin", "orphan", "canceled-order"] as const
export type RefundSource = (typeof REFUND_SOURCES)[number]

// The plugin's own refunds are keyed `<pattern><id>`: the key alone says which flow sent it.
const ORPHAN = "orphan-"
const CANCELED_ORDER = "canceled-order-"
const CANCEL = "cancel-"
const RETURN = "return-"

/** Refund key of a payment on a link whose session was replaced or deleted (no order will record it). */
export const orphanRefundKey = (transactionId: string) => `${ORPHAN}${transactionId}`

/** Refund key of a payment made on the link of an order that was already canceled. */
export const canceledOrderRefundKey = (transactionId: string) => `${CANCELED_ORDER}${transactionId}`

/**
 * Refund key of what Medusa's order cancel booked as refunded on a payment although the provider
 * refused it (medusa#15306), sent again by the plugin.
 */
export const cancelRefundKey = (paymentId: string) => `${CANCEL}${paymentId}`

/**
 * Refund key of what a received return owes on one payment: the same on every retry and restart,
 * so a refund whose answer was lost is never sent again under another key. A return received in
 * parts refunds once per receipt: `receipt` counts the refunds of this return on this payment the
 * ledger already holds as applied (the first has no suffix). Without the return's id (a summary
 * difference settled with no return) the order stands in for it.
 */
export const returnRefundKey = (paymentId: string, returnId: string | null | undefined, orderId: string, receipt = 1) =>
  `${RETURN}${returnId || orderId}-${paymentId}${receipt > 1 ? `-${receipt}` : ""}`

/** The flow a refund key of the plugin names; undefined for any other key (Medusa's refund ids). */
export function sourceOfRefundKey(key: string | null | undefined): RefundSource | undefined {
  if (!key) return undefined
  if (key.startsWith(ORPHAN)) return "orphan"
  if (key.startsWith(CANCELED_ORDER)) return "canceled-order"
  if (key.startsWith(CANCEL)) return "cancel"
  if (key.startsWith(RETURN)) return "return"
  return undefined
}

/** The metadata key under which a refund the plugin recorded on a Medusa payment keeps the service's refund key. */
export const RECORDED_REFUND_KEY = "installments_refund_key"

/** Medusa refund ids mapped to the key the ledger sent them under (its rows' `medusa_refund_id`). */
export type LedgerKeys = ReadonlyMap<string, string>

/** The ledger's keys of Medusa refunds, from its rows: a row that names Medusa's refund and a key. */
export function ledgerKeysOf(rows: { medusa_refund_id?: string | null; idempotency_key?: string | null }[]): LedgerKeys {
  return new Map(
    rows.filter((row) => row.medusa_refund_id && row.idempotency_key).map((row) => [row.medusa_refund_id!, row.idempotency_key!])
  )
}

/**
 * The one rule for the key the service knows a Medusa refund by: the plugin's key when the plugin
 * recorded the refund on the payment itself (its metadata), or when the ledger sent Medusa's refund
 * under a key of its cause (a return's, a resolved intent's: `ledgerKeys`); else the refund's own id,
 * which the provider sends as the key when Medusa asks without a cause of the plugin's.
 */
export function serviceKeyOfRefund(
  refund: { id?: string | null; metadata?: Record<string, unknown> | null },
  ledgerKeys: LedgerKeys = new Map()
): string | undefined {
  const recorded = refund.metadata?.[RECORDED_REFUND_KEY]
  if (typeof recorded === "string" && recorded) return recorded
  return (refund.id && ledgerKeys.get(refund.id)) || (refund.id ?? undefined)
}

/**
 * True when the plugin itself refunded this payment (orphan or canceled order): no session may be
 * captured with it, or Medusa would show money it no longer holds.
 */
export function refundedByPlugin(transaction: Transaction): boolean {
  return (
    hasRefundWithKey(transaction, orphanRefundKey(transaction.id)) ||
    hasRefundWithKey(transaction, canceledOrderRefundKey(transaction.id))
  )
}
