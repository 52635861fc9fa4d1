import { randomInt, randomUUID } from "node:crypto"
import { formatAmount, toHalalas } from "../../../src/lib/money"
import { SandboxContext } from "../context"
import { refundError } from "../errors"
import { remainingHalalas, transactionEventData } from "./transactions"
import { RefundRecord, TransactionRecord } from "./types"

export const NOT_ALLOWED = "You are not allowed to refund this transaction"
export const NOT_REFUNDABLE = "This transaction is not refundable"
export const UNDER_PROCESSING = "The transaction is already under processing!"
export const INSUFFICIENT_BALANCE = "Insufficient balance to initiate any refund"

/** A refund request after body validation. */
export interface RefundRequest {
  transactionId: string
  amount: bigint
  reason: string | null
  metadata: Record<string, unknown> | null
  idempotencyKey: string | undefined
}

/** Scheduler key of a refund's automatic settlement. */
export function settlementJob(transactionId: string, refundId: string): string {
  return `settle:${transactionId}:${refundId}`
}

/** The stored answer for an `Idempotency-Key` already used on this transaction (D15), if any. */
export function replay(
  ctx: SandboxContext,
  transactionId: string,
  key: string | undefined,
  amount: bigint
): Record<string, unknown> | undefined {
  if (key === undefined) {
    return undefined
  }
  const stored = ctx.store.state.idempotency[`${transactionId}:${key}`]
  if (!stored) {
    return undefined
  }
  if (toHalalas(stored.refund_amount) !== amount) {
    throw refundError(`Idempotency-Key ${key} was already used for a refund of ${stored.refund_amount}.`, [
      { Name: "Key", Error: "An idempotency key cannot be reused for a different refund_amount." },
    ])
  }
  return stored.body
}

/**
 * Accepts a refund or throws the 400 of docs/service-api.md: processing conflict (D15), balance, merchant
 * balance. On acceptance `refunded_amount` and status move at once (D16) and the entry starts `P`;
 * the first of a 1-hour window settles by itself after the settlement delay (D14).
 */
export function acceptRefund(ctx: SandboxContext, transaction: TransactionRecord, request: RefundRequest): Record<string, unknown> {
  const now = ctx.clock.now()
  const last = transaction.refunds[transaction.refunds.length - 1]
  if (last && now < last.accepted_at + ctx.config.processingWindowMs) {
    throw refundError(UNDER_PROCESSING, [{ Name: "Key", Error: UNDER_PROCESSING }])
  }
  const remaining = remainingHalalas(transaction)
  if (request.amount > remaining) {
    throw refundError(
      `Maximum amount to be refunded is ${formatAmount(remaining)}`,
      [],
      [{ Name: "refund_amount", Error: `Maximum amount to be refunded is ${formatAmount(remaining)}` }]
    )
  }
  const balance = toHalalas(ctx.store.state.merchantBalance)
  if (request.amount > balance) {
    throw refundError(INSUFFICIENT_BALANCE, [
      {
        Name: "Supplier",
        Error: `Supplier "${ctx.config.merchantEnglishName ?? ctx.config.merchantName}" has an available balance of ${formatAmount(balance)} SAR, which cannot cover a refund of ${formatAmount(request.amount)} SAR.`,
      },
    ])
  }
  const burst = transaction.refunds.some((refund) => now - refund.accepted_at < ctx.config.refundBurstWindowMs)
  const reference = `RF${randomInt(10 ** 9, 10 ** 10)}${randomInt(10 ** 5, 10 ** 6)}`
  const refund: RefundRecord = {
    id: randomUUID(),
    amount: formatAmount(request.amount),
    status: "P",
    gateway_transaction_id: reference,
    rrn: null,
    idempotency_key: request.idempotencyKey ?? randomUUID(),
    order_refund_id: `ORF-${randomInt(10 ** 7, 10 ** 8)}`,
    reason: request.reason,
    metadata: request.metadata,
    accepted_at: now,
    auto_settle_at: burst ? null : now + ctx.config.settlementDelayMs,
    settled_at: null,
  }
  transaction.refunds.push(refund)
  ctx.store.state.merchantBalance = formatAmount(balance - request.amount)
  const body = { status: "success", key_type: "RefundReference", key: reference }
  if (request.idempotencyKey !== undefined) {
    ctx.store.state.idempotency[`${transaction.id}:${request.idempotencyKey}`] = {
      transaction_id: transaction.id,
      refund_amount: refund.amount,
      refund_id: refund.id,
      body,
    }
  }
  if (refund.auto_settle_at !== null) {
    ctx.scheduler.at(settlementJob(transaction.id, refund.id), refund.auto_settle_at)
  }
  ctx.store.changed()
  ctx.events.emit("order.updated", transactionEventData(ctx, transaction))
  return body
}

/** Settles a pending refund entry: `P` to `R` with an rrn, and `order.updated` (D14). */
export function settleRefund(ctx: SandboxContext, transaction: TransactionRecord, refund: RefundRecord): boolean {
  if (refund.status !== "P") {
    return false
  }
  refund.status = "R"
  refund.rrn = String(randomInt(10 ** 11, 10 ** 12))
  refund.settled_at = ctx.clock.now()
  ctx.scheduler.cancel(settlementJob(transaction.id, refund.id))
  ctx.store.changed()
  ctx.events.emit("order.updated", transactionEventData(ctx, transaction))
  return true
}

/** Runs when an automatic settlement is due. */
export function onSettlementDue(ctx: SandboxContext, transactionId: string, refundId: string): void {
  const transaction = ctx.store.state.transactions[transactionId]
  const refund = transaction?.refunds.find((entry) => entry.id === refundId)
  if (transaction && refund) {
    settleRefund(ctx, transaction, refund)
  }
}

/** Settles pending refunds as support would (control API): all, one transaction's, or one entry. */
export function settlePending(
  ctx: SandboxContext,
  filter: { transactionId?: string; refundId?: string }
): Array<{ transaction_id: string; refund_id: string; rrn: string | null }> {
  const settled: Array<{ transaction_id: string; refund_id: string; rrn: string | null }> = []
  for (const transaction of Object.values(ctx.store.state.transactions)) {
    if (filter.transactionId && transaction.id !== filter.transactionId) {
      continue
    }
    for (const refund of transaction.refunds) {
      if (filter.refundId && refund.id !== filter.refundId) {
        continue
      }
      if (settleRefund(ctx, transaction, refund)) {
        settled.push({ transaction_id: transaction.id, refund_id: refund.id, rrn: refund.rrn })
      }
    }
  }
  return settled
}
