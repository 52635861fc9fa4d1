import type { RegistrationId } from "../registrations/provider-ids"
import { decideReturnRefund, type OrderRefundState, type PlannedRefund, type ReturnRefundDecision } from "./return-decision"
import type { RefundAttempt } from "./attempt"
import { refundFailureOf } from "./failures"
import { RECORDED_REFUND_KEY, returnRefundKey } from "./keys"
import type { RefundLedgerWriter } from "./ledger-change"
import { parseAmount } from "../../lib/money"

/** A received return (in full or in part, on its own or inside a claim or an exchange). */
export interface ReturnRefundInput {
  order_id: string
  /** The return whose receipt triggered it (for the refund's note and the ledger). */
  return_id?: string
}

/** The ledger as the return's refund reads and writes it (the Installments module). */
export interface ReturnRefundLedger extends RefundLedgerWriter {
  listInstallmentsRefunds(
    filters: Record<string, unknown>,
    config?: Record<string, unknown>
  ): Promise<{ id: string; idempotency_key?: string | null; status?: string | null; medusa_refund_id?: string | null }[]>
  pendingInMedusaByTransaction(transactionIds: string[]): Promise<Map<string, bigint>>
}

/** Medusa as the return's refund uses it: the order's state, and its own refund workflow. */
export interface ReturnRefundMedusa {
  /** Makes the order book each refund of the plugin's payments once, at its own amount (order-bookings.ts). */
  bookRefunds(orderId: string): Promise<void>
  loadOrder(orderId: string): Promise<OrderRefundState | undefined>
  /**
   * Refunds through Medusa's refundPaymentWorkflow, the cause's key in the refund's metadata (the
   * provider sends it under that key): the refund Medusa made, or the error it ended in.
   */
  refundPayment(input: {
    payment_id: string
    amount: string
    note: string
    metadata: Record<string, unknown>
  }): Promise<{ refund_id?: string; error?: unknown }>
}

export interface ReturnRefundPorts {
  ledger: ReturnRefundLedger
  medusa: ReturnRefundMedusa
  /** Whether the merchant left autoRefundReturns on for a registration. */
  enabled(registrationId: RegistrationId): boolean
}

/** The refund's note in the order, naming the return. */
export function returnRefundNote(returnId: string | undefined): string {
  return returnId
    ? `Return ${returnId} received: refunded by the installments plugin`
    : "Return received: refunded by the installments plugin"
}

/** What a return's refund decided and how each refund it sent ended. */
export interface ReturnRefundResult extends ReturnRefundDecision {
  attempts: RefundAttempt[]
  /** The service transactions of the order's payments: what `returnRefundSettled` asks the ledger about. */
  transaction_ids: string[]
}

/**
 * The one rule for "this receipt needs no more work": no refund of it waited behind another, the
 * decision left nothing to refunds in flight (unresolved, left to record, or never booked: one that
 * turns out never applied is owed again), and no refund of the order's transactions is unresolved now. Until then the return's sweep
 * (jobs/refund-received-returns.ts) runs it again; a refused refund is the retry job's.
 */
export async function returnRefundSettled(ledger: ReturnRefundLedger, result: ReturnRefundResult): Promise<boolean> {
  if (result.attempts.some((attempt) => attempt.waiting) || parseAmount(result.in_flight ?? "0") > 0n) {
    return false
  }
  return (await ledger.pendingInMedusaByTransaction(result.transaction_ids)).size === 0
}

/**
 * Refunds what the order owes after a receipt, under the order's lock (the caller's): re-reads the
 * summary, the payments and the plugin's refunds Medusa does not show yet (decideReturnRefund), then
 * sends each planned refund through Medusa's refund workflow, each first written to the ledger as an
 * intent under the receipt's key (the provider sends it under that key, read from Medusa's refund):
 * a lost answer, a retry or a restart never sends it under another key. A refusal is returned, not
 * thrown: it is in the ledger and never undoes the return.
 */
export async function refundReturn(ports: ReturnRefundPorts, input: ReturnRefundInput): Promise<ReturnRefundResult> {
  // The summary says what is owed only when it books each refund at its own amount.
  await ports.medusa.bookRefunds(input.order_id)
  const order = await ports.medusa.loadOrder(input.order_id)
  if (!order) {
    return { owed: "0.00", refunds: [], reason: `order ${input.order_id} does not exist`, attempts: [], transaction_ids: [] }
  }
  const transactionIds = (order.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .map((payment) => payment.data?.transaction_id)
    .filter((id): id is string => typeof id === "string" && !!id)
  const pending = await ports.ledger.pendingInMedusaByTransaction(transactionIds)
  const decision = decideReturnRefund(order, ports.enabled, pending)
  const attempts: RefundAttempt[] = []
  for (const planned of decision.refunds) {
    attempts.push(await refundOne(ports, planned, input))
  }
  return { ...decision, attempts, transaction_ids: transactionIds }
}

async function refundOne(ports: ReturnRefundPorts, planned: PlannedRefund, input: ReturnRefundInput): Promise<RefundAttempt> {
  const key = await keyOfReturnRefund(ports.ledger, planned, input)
  const attempt: RefundAttempt = { ...planned, idempotency_key: key }
  const { opening } = await ports.ledger.writeRefundLedger({
    kind: "open",
    transaction_id: planned.transaction_id,
    intent: {
      idempotency_key: key,
      provider_id: planned.provider_id,
      transaction_id: planned.transaction_id,
      payment_id: planned.payment_id,
      order_id: input.order_id,
      return_id: input.return_id ?? null,
      source: "return",
      amount: planned.amount_sar,
    },
  })
  if (opening!.kind === "blocked") {
    return { ...attempt, failed: true, waiting: true }
  }
  if (opening!.kind !== "send") {
    // Applied already: the resolver records it on the payment.
    return { ...attempt, refund_id: key }
  }
  const made = await ports.medusa.refundPayment({
    payment_id: planned.payment_id,
    amount: planned.amount,
    note: returnRefundNote(input.return_id),
    metadata: { [RECORDED_REFUND_KEY]: key },
  })
  if (made.refund_id) {
    return { ...attempt, refund_id: made.refund_id }
  }
  const [row] = await ports.ledger.listInstallmentsRefunds({ id: opening!.row_id }, { take: 1 })
  if (row?.status === "sending" && !row.medusa_refund_id) {
    // Medusa refused before calling the provider (its own checks): nothing reached the service.
    await ports.ledger.writeRefundLedger({
      kind: "outcome",
      transaction_id: planned.transaction_id,
      row_id: opening!.row_id,
      outcome: { kind: "refused", failure: refundFailureOf(made.error) },
    })
  }
  return { ...attempt, failed: true }
}

// The key of this receipt's refund: a refund of the return on this payment not applied yet (failed
// or unresolved) is the same refund again; otherwise the next receipt's.
async function keyOfReturnRefund(ledger: ReturnRefundLedger, planned: PlannedRefund, input: ReturnRefundInput): Promise<string> {
  const rows = await ledger.listInstallmentsRefunds(
    { transaction_id: planned.transaction_id, payment_id: planned.payment_id, source: "return", return_id: input.return_id ?? null },
    { select: ["idempotency_key", "status"] }
  )
  const open = rows.find((row) => row.status !== "P" && row.status !== "R" && row.idempotency_key)
  if (open) {
    return open.idempotency_key!
  }
  const applied = rows.filter((row) => row.status === "P" || row.status === "R").length
  return returnRefundKey(planned.payment_id, input.return_id, input.order_id, applied + 1).key
}
