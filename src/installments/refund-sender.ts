import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { ApiError, ConnectionError, ProtocolError, TimeoutError, type InstallmentsClient, type Transaction } from "../lib/client"
import { formatAmount, parseAmount } from "../lib/money"
import { merchantError } from "./service-errors"
import { cappedRefund, hasRefundWithKey } from "./transactions"

/** A refund to send: how much of which transaction, under which key, and why. */
export interface RefundOrder {
  transactionId: string
  /** Halalas asked for. */
  halalas: bigint
  /** Sent as the refund's Idempotency-Key: the service refunds once per key however often it is sent. */
  idempotencyKey: string
  /** Why, as the service records it (no customer data). */
  reason: string
}

/** What the service accepted. */
export interface SentRefund {
  /** Halalas refunded under the key: the amount asked for, less a rounding halala the balance lacked. */
  halalas: bigint
  /** True when the service already listed the key (an earlier run sent it): nothing was sent now. */
  alreadyAccepted: boolean
}

/**
 * The one way the plugin sends a refund to the service, whichever flow asks (Medusa's refund through
 * the provider, an order cancel's missing refund, an orphan or canceled-order payment):
 * - the transaction is read first: a key the service already lists is not sent again, and a rounding
 *   excess of at most one halala over the remaining balance is absorbed (a full refund of a 38.3295
 *   total refunds the 38.33 paid); nothing left to refund is refused here. If that read fails the
 *   refund is still sent as asked: the refund call's own answer says what to do;
 * - a call that ends without a clear answer (no answer, a 5xx, a 2xx that could not be read) may have
 *   reached the service: the transaction is read again, and the key listed there means accepted.
 * A refusal is thrown as a MedusaError in the merchant's words, its code the service's reason (or
 * the outage code), which the refund ledger reads.
 */
export async function sendRefund(client: InstallmentsClient, order: RefundOrder, logger?: Logger): Promise<SentRefund> {
  const { transactionId, idempotencyKey } = order
  const before = await readOrUndefined(client, transactionId, logger, "before a refund; sending the refund as asked")
  const listed = before && listedAmount(before, idempotencyKey)
  if (listed !== undefined) {
    logger?.info(`installments: refund ${idempotencyKey} was already accepted on transaction ${transactionId}; not sent again`)
    return { halalas: listed, alreadyAccepted: true }
  }
  const halalas = before ? cappedRefund(order.halalas, before) : order.halalas
  if (halalas !== order.halalas) {
    logger?.info(
      `installments: refund of ${formatAmount(order.halalas)} SAR on transaction ${transactionId} exceeds the remaining ` +
        `${formatAmount(halalas)} SAR by a rounding halala; refunding ${formatAmount(halalas)} SAR`
    )
  }
  if (halalas <= 0n) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund: transaction ${transactionId} has no refundable balance left on the installments service.`
    )
  }
  try {
    const accepted = await client.transactions.refund(transactionId, { refund_amount: formatAmount(halalas), reason: order.reason }, { idempotencyKey })
    logger?.info(`installments: refund of ${formatAmount(halalas)} SAR accepted on transaction ${transactionId} (reference ${accepted.key})`)
    return { halalas, alreadyAccepted: false }
  } catch (error) {
    if (isUnknownOutcome(error)) {
      const after = await readOrUndefined(client, transactionId, logger, "after an unanswered refund; reporting the refund as failed")
      if (after && hasRefundWithKey(after, idempotencyKey)) {
        logger?.warn(
          `installments: refund ${idempotencyKey} of ${formatAmount(halalas)} SAR on transaction ${transactionId} ended in ` +
            `${(error as Error).name}, but the service lists it: accepted`
        )
        return { halalas: listedAmount(after, idempotencyKey) ?? halalas, alreadyAccepted: false }
      }
    }
    throw merchantError(error, { action: `refund transaction ${transactionId}` })
  }
}

// What the service lists under the key, in halalas; undefined when it lists nothing under it.
function listedAmount(transaction: Transaction, idempotencyKey: string): bigint | undefined {
  const entries = transaction.refund_tracker.filter((entry) => entry.idempotency_key === idempotencyKey)
  return entries.length ? entries.reduce((total, entry) => total + parseAmount(entry.amount), 0n) : undefined
}

async function readOrUndefined(client: InstallmentsClient, transactionId: string, logger: Logger | undefined, then: string) {
  try {
    return await client.transactions.retrieve(transactionId)
  } catch (error) {
    logger?.warn(`installments: could not read transaction ${transactionId} ${then} (${error instanceof Error ? error.name : "error"})`)
    return undefined
  }
}

// The request may have reached the service: no answer, a server error, or a 2xx we could not read.
function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    error instanceof ConnectionError ||
    error instanceof ProtocolError ||
    (error instanceof ApiError && (error.status ?? 0) >= 500)
  )
}
