import { v5 as uuidv5 } from "uuid"
import type { Transaction } from "../../lib/client"
import { hasRefundWithKey } from "../links/transactions"

/** Where a refund came from: a received return, an order cancel, the admin, or the plugin's own sweeps. */
export const REFUND_SOURCES = ["return", "cancel", "admin", "orphan", "canceled-order"] as const
export type RefundSource = (typeof REFUND_SOURCES)[number]

/**
 * The namespace of the plugin's refund keys: a key is the name-based UUID (v5) of its cause's name
 * in it, so the key is the UUID the interface types `refund_tracker[].idempotency_key` as, and the
 * same cause gives the same key in any process, on any restart (D53).
 */
export const REFUND_KEY_NAMESPACE = "7f0c5b1e-3d2a-5c4b-9e8f-6a1d2c3b4e5f"

/**
 * A cause's refund key: `key` is what it is sent under; `known` adds the readable key 0.1.0 sent the
 * same cause under (`return-…`, `orphan-…`, Medusa's refund id), so a refund of that release is
 * still found in the service's tracker and in the ledger, and never sent again under the new key.
 */
export interface CauseKey {
  readonly key: string
  readonly known: readonly string[]
}

/** The intent's fields of a cause's key: sent under `key`, found under any of `known`. */
export function causeKeyOf(cause: CauseKey): { idempotency_key: string; known_keys: readonly string[] } {
  return { idempotency_key: cause.key, known_keys: cause.known }
}

function causeKey(name: string, readable: string): CauseKey {
  const key = uuidv5(name, REFUND_KEY_NAMESPACE)
  return { key, known: [key, readable] }
}

// 0.1.0's readable keys were `<prefix><id>`: the prefix alone said which flow sent the refund.
const ORPHAN = "orphan-"
const CANCELED_ORDER = "canceled-order-"
const CANCEL = "cancel-"
const RETURN = "return-"

/** Refund key of a payment on a link whose session was replaced or deleted (no order will record it). */
export const orphanRefundKey = (transactionId: string) => causeKey(`orphan:${transactionId}`, `${ORPHAN}${transactionId}`)

/** Refund key of a payment made on the link of an order that was already canceled. */
export const canceledOrderRefundKey = (transactionId: string) =>
  causeKey(`canceled-order:${transactionId}`, `${CANCELED_ORDER}${transactionId}`)

/**
 * Refund key of what Medusa's order cancel booked as refunded on a payment although the provider
 * refused it (medusa#15306), sent again by the plugin.
 */
export const cancelRefundKey = (paymentId: string) => causeKey(`cancel:${paymentId}`, `${CANCEL}${paymentId}`)

/**
 * Refund key of what a received return owes on one payment: the same on every retry and restart,
 * so a refund whose answer was lost is never sent again under another key. A return received in
 * parts refunds once per receipt: `receipt` counts the refunds of this return on this payment the
 * ledger already holds as applied. Without the return's id (a summary difference settled with no
 * return) the order stands in for it.
 */
export const returnRefundKey = (paymentId: string, returnId: string | null | undefined, orderId: string, receipt = 1) =>
  causeKey(
    `return:${returnId || orderId}:${paymentId}:${receipt}`,
    `${RETURN}${returnId || orderId}-${paymentId}${receipt > 1 ? `-${receipt}` : ""}`
  )

/** Refund key of a refund Medusa's refund workflow asks for with no cause of the plugin's (a merchant's refund). */
export const medusaRefundKey = (medusaRefundId: string) => causeKey(`medusa-refund:${medusaRefundId}`, medusaRefundId)

/**
 * The flow a refund key of the plugin names, when the key alone can tell: 0.1.0's readable keys by
 * their prefix, and the UUID keys of an orphan or canceled-order refund of `transactionId`. A UUID key
 * of a return or a cancel says nothing by itself: the plugin's ledger row, written before the call,
 * names its source. Undefined for any other key.
 */
export function sourceOfRefundKey(key: string | null | undefined, transactionId?: string): RefundSource | undefined {
  if (!key) return undefined
  if (key.startsWith(ORPHAN)) return "orphan"
  if (key.startsWith(CANCELED_ORDER)) return "canceled-order"
  if (key.startsWith(CANCEL)) return "cancel"
  if (key.startsWith(RETURN)) return "return"
  if (transactionId && orphanRefundKey(transactionId).key === key) return "orphan"
  if (transactionId && canceledOrderRefundKey(transactionId).key === key) return "canceled-order"
  return undefined
}

/** The metadata key under which a refund the plugin recorded on a Medusa payment keeps the service's refund key. */
export const RECORDED_REFUND_KEY = "installments_refund_key"

/** The key a Medusa refund names in its metadata as its cause's (the plugin's flows put it there), if any. */
export function recordedKeyOf(refund: { metadata?: Record<string, unknown> | null }): string | undefined {
  const recorded = refund.metadata?.[RECORDED_REFUND_KEY]
  return typeof recorded === "string" && recorded ? recorded : undefined
}

/** Medusa refund ids mapped to the key the ledger sent them under (its rows' `medusa_refund_id`). */
export type LedgerKeys = ReadonlyMap<string, string>

/** The ledger's keys of Medusa refunds, from its rows: a row that names Medusa's refund and a key. */
export function ledgerKeysOf(rows: { medusa_refund_id?: string | null; idempotency_key?: string | null }[]): LedgerKeys {
  return new Map(
    rows.filter((row) => row.medusa_refund_id && row.idempotency_key).map((row) => [row.medusa_refund_id!, row.idempotency_key!])
  )
}

/**
 * The one rule for the keys the service may know a Medusa refund by: the plugin's key when the plugin
 * recorded the refund on the payment itself (its metadata), or when the ledger sent Medusa's refund
 * under a key of its cause (a return's, a resolved intent's: `ledgerKeys`); else the key the provider
 * sends when Medusa asks without a cause of the plugin's (`medusaRefundKey`, either shape). Empty for
 * a refund with neither.
 */
export function serviceKeysOfRefund(
  refund: { id?: string | null; metadata?: Record<string, unknown> | null },
  ledgerKeys: LedgerKeys = new Map()
): readonly string[] {
  const recorded = recordedKeyOf(refund)
  if (recorded) return [recorded]
  const sent = refund.id ? ledgerKeys.get(refund.id) : undefined
  if (sent) return [sent]
  return refund.id ? medusaRefundKey(refund.id).known : []
}

/**
 * True when the plugin itself refunded this payment (orphan or canceled order): no session may be
 * captured with it, or Medusa would show money it no longer holds.
 */
export function refundedByPlugin(transaction: Transaction): boolean {
  return (
    hasRefundWithKey(transaction, orphanRefundKey(transaction.id).known) ||
    hasRefundWithKey(transaction, canceledOrderRefundKey(transaction.id).known)
  )
}
