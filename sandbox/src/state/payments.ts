import { randomInt, randomUUID } from "node:crypto"
import { formatAmount, toHalalas } from "../../../src/lib/money"
import { CardOutcome, OUTCOME_MESSAGES, UNKNOWN_CARD_MESSAGE } from "../catalog/cards"
import { CardBin } from "../catalog/bins"
import { ratesFor } from "../catalog/fees"
import { SandboxContext } from "../context"
import { closeOnSuccess, linkStatus } from "./links"
import { transactionEventData } from "./transactions"
import { LinkRecord, TransactionRecord } from "./types"

/** A payment attempt the checkout has already validated against the link and the card's offers. */
export interface Attempt {
  link: LinkRecord
  cardNumber: string
  maskedNumber: string
  bin: CardBin | undefined
  outcome: CardOutcome | "unknown"
  paymentOption: "Installment" | "Pay In Full"
  bankCode: string | null
  months: number | null
  address: string | null
}

/** A loan facility id as a bank would assign it. */
function facilityId(): string {
  return `LF${randomInt(10 ** 9, 10 ** 10)}`
}

/**
 * Runs a payment attempt through the transaction and underwriting state tables, emitting events per
 * D20: `order.created` (pending) first, then the decision.
 */
export function runAttempt(ctx: SandboxContext, attempt: Attempt): TransactionRecord {
  const installment = attempt.paymentOption === "Installment"
  const brand = attempt.bin?.brand ?? "VISA"
  const startedAt = ctx.clock.now()
  const transaction: TransactionRecord = {
    id: randomUUID(),
    seq: ctx.store.nextSeq(),
    link_id: attempt.link.id,
    store_id: attempt.link.store_id,
    created_at: startedAt,
    started_at: startedAt,
    base_status: "pending",
    amount: attempt.link.amount,
    payment_option: attempt.paymentOption,
    brand,
    card_type: attempt.bin?.type ?? null,
    masked_number: attempt.maskedNumber,
    bank_code: installment ? attempt.bankCode : (attempt.bin?.bank_code ?? null),
    months: installment ? attempt.months : null,
    tracker: null,
    failure_message: null,
    fee_rates: ratesFor(brand, ctx.config.fees, ctx.config.vatPercent, ctx.config.murabhaFeePercent, installment),
    trx_lang: attempt.link.language,
    address: attempt.address,
    refunds: [],
    disputes: [],
  }
  ctx.store.state.transactions[transaction.id] = transaction
  ctx.store.changed()
  ctx.events.emit("order.created", transactionEventData(ctx, transaction))

  const outcome = attempt.outcome
  if (outcome === "unknown" || outcome === "decline" || outcome === "auth_fail") {
    fail(ctx, transaction, outcome === "unknown" ? UNKNOWN_CARD_MESSAGE : (OUTCOME_MESSAGES[outcome] ?? "Declined."))
    return transaction
  }
  if (!installment) {
    succeed(ctx, transaction)
    return transaction
  }
  if (outcome === "bank_review") {
    transaction.tracker = { id: facilityId(), status: "P", message: OUTCOME_MESSAGES.bank_review ?? "" }
    transaction.failure_message = OUTCOME_MESSAGES.bank_review
    ctx.store.changed()
    return transaction
  }
  if (outcome === "bank_reject") {
    reject(ctx, transaction, OUTCOME_MESSAGES.bank_reject ?? "Rejected by the bank.")
    return transaction
  }
  approve(ctx, transaction)
  return transaction
}

export const SESSION_EXPIRED = "Payment session expired"
export const LINK_ALREADY_PAID = "Payment link already paid"

/**
 * Why an approval that arrives now can no longer capture: the link expired while the bank was
 * reviewing, or another payment already closed the single-use link (D11). Undefined when it can.
 */
function approvalBlocker(ctx: SandboxContext, transaction: TransactionRecord): string | undefined {
  const link = ctx.store.state.links[transaction.link_id]
  if (!link) {
    return undefined
  }
  const status = linkStatus(link, ctx.clock.now())
  if (status === "Paid" && link.single_use && link.paid_transaction_id !== transaction.id) {
    return LINK_ALREADY_PAID
  }
  return status === "Expired" ? SESSION_EXPIRED : undefined
}

/**
 * The bank's decision on a pending review (control API). An approval on a link that expired or was
 * paid by another attempt in the meantime cannot capture: the attempt fails instead (tracker `R`
 * with the reason, `installment.tracker.rejected` then `order.failed`). Answers the outcome.
 */
export function decideReview(
  ctx: SandboxContext,
  transaction: TransactionRecord,
  approved: boolean,
  message?: string
): { outcome: "approved" | "rejected" | "failed"; reason: string | null } {
  if (!approved) {
    reject(ctx, transaction, message ?? "Installment request rejected by the bank after review.")
    return { outcome: "rejected", reason: null }
  }
  const blocker = approvalBlocker(ctx, transaction)
  if (blocker !== undefined) {
    reject(ctx, transaction, blocker)
    return { outcome: "failed", reason: blocker }
  }
  // The authorization happens now: the refund window (D13) and the statement count from here.
  transaction.created_at = ctx.clock.now()
  approve(ctx, transaction, message)
  return { outcome: "approved", reason: null }
}

/** True when the transaction waits for the bank's underwriting decision. */
export function awaitsReview(transaction: TransactionRecord): boolean {
  return transaction.base_status === "pending" && transaction.tracker?.status === "P"
}

function approve(ctx: SandboxContext, transaction: TransactionRecord, message = "Approved"): void {
  transaction.tracker = { id: transaction.tracker?.id ?? facilityId(), status: "A", message }
  ctx.store.changed()
  ctx.events.emit("installment.tracker.approved", transactionEventData(ctx, transaction))
  succeed(ctx, transaction)
}

function reject(ctx: SandboxContext, transaction: TransactionRecord, message: string): void {
  transaction.tracker = { id: transaction.tracker?.id ?? facilityId(), status: "R", message }
  ctx.store.changed()
  ctx.events.emit("installment.tracker.rejected", transactionEventData(ctx, transaction))
  fail(ctx, transaction, message)
}

function succeed(ctx: SandboxContext, transaction: TransactionRecord): void {
  transaction.base_status = "success"
  transaction.failure_message = null
  const link = ctx.store.state.links[transaction.link_id]
  if (link) {
    closeOnSuccess(ctx, link, transaction.id)
  }
  ctx.store.changed()
  ctx.events.emit("order.success", transactionEventData(ctx, transaction))
}

function fail(ctx: SandboxContext, transaction: TransactionRecord, message: string): void {
  transaction.base_status = "fail"
  transaction.failure_message = message
  ctx.store.changed()
  ctx.events.emit("order.failed", transactionEventData(ctx, transaction))
}

/** Opens a chargeback on a captured transaction and emits `order.disputed` (D20). */
export function openDispute(
  ctx: SandboxContext,
  transaction: TransactionRecord,
  reason: string,
  amount: string | undefined
): Record<string, unknown> {
  const dispute = {
    id: randomUUID(),
    reason,
    amount: formatAmount(toHalalas(amount ?? transaction.amount)),
    created_at: ctx.clock.now(),
  }
  transaction.disputes.push(dispute)
  ctx.store.changed()
  const view = {
    id: dispute.id,
    reason: dispute.reason,
    amount: dispute.amount,
    created_at: new Date(dispute.created_at).toISOString(),
  }
  ctx.events.emit("order.disputed", { ...transactionEventData(ctx, transaction), dispute: view })
  return view
}
