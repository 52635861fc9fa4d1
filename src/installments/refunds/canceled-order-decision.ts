import { MathBN } from "@medusajs/framework/utils"
import type { PaymentLinkDetails, Transaction } from "../../lib/client"
import { formatAmount, medusaAmountText, roundMedusaAmount } from "../../lib/money"
import { hasRefundWithKey, paidAt, paidTransaction, refundableBalance } from "../links/transactions"
import { isInstallmentsProvider, type ProviderId } from "../registrations/provider-ids"
import { recordsTransaction } from "../sessions/data"
import type { PaymentAmountRow, PaymentRow, SessionContext } from "../sessions/records"

// Refunds are idempotent by key: the webhook follow-up and every sweep refund it once.
import { canceledOrderRefundKey } from "./keys"
import { sameLinkId } from "../links/ids"

export interface CanceledOrderPaymentDecision {
  refund: boolean
  /** Why (merchant words, no customer data). */
  reason: string
  session_id: string
  /** How the refund is made: Medusa recorded a captured payment for it, or it did not. */
  via?: CanceledOrderRefundRoute
  /** The session's provider (`pp_installments_<id>`). */
  provider_id?: ProviderId
  payment_link_id?: string
  order_id?: string
  order_display_id?: number | null
  transaction_id?: string
  /** Decimal SAR refunded, exact to the halala. */
  amount?: string
  /** Medusa path: the payment to refund and the amount in Medusa's major units (may carry more decimals). */
  payment_id?: string
  medusa_amount?: string
  /** Service path: the refund's idempotency key. */
  idempotency_key?: string
  /** Every key the service may list the refund under (`CauseKey.known`). */
  known_keys?: readonly string[]
  /** True when an earlier run (or someone else) already refunded it: nothing more is sent. */
  already_refunded?: boolean
}

/** `medusa`: through Medusa's refund of the recorded payment; `service`: directly with the service. */
export type CanceledOrderRefundRoute = "medusa" | "service"

/**
 * Whether a successful payment on a session whose order is canceled must be refunded, and how.
 *
 * The single-use link of a session stays payable until it expires (the service cannot cancel a
 * link): after the bank rejected a 0% installment request and the plugin canceled the order, the
 * customer can still pay the link with another card, and Medusa's processPaymentWorkflow then records
 * and captures that payment on the canceled order. Such a payment is refunded in full, once:
 * - through Medusa (so the order records the refund) when Medusa recorded a captured payment for the
 *   transaction after the order was canceled and has not refunded it in full;
 * - directly with the service, keyed by `canceledOrderRefundKey`, when Medusa recorded no
 *   captured payment for it, and only once the payment is older than `graceMs` (Medusa may still be
 *   recording it).
 * Never more than what the service still holds; never again once refunded by either route.
 */
export function decideCanceledOrderPayment(input: {
  session_id: string
  details: PaymentLinkDetails | undefined
  context: SessionContext
  /** The decision's clock (ms since epoch). */
  now: number
  /** How old a payment Medusa recorded nothing for must be before it is refunded directly. */
  graceMs: number
}): CanceledOrderPaymentDecision {
  const { context, details } = input
  const order = context.order
  const skip = (reason: string, extra: Partial<CanceledOrderPaymentDecision> = {}): CanceledOrderPaymentDecision => ({
    refund: false,
    reason,
    session_id: input.session_id,
    ...(order ? { order_id: order.id } : {}),
    ...extra,
  })

  const session = context.session
  if (!session) {
    return skip("the payment session no longer exists")
  }
  if (!isInstallmentsProvider(session.provider_id)) {
    return skip(`the payment session belongs to provider ${session.provider_id}`)
  }
  if (!order) {
    return skip("no order was placed for this session's cart")
  }
  if (order.status !== "canceled") {
    return skip(`order ${order.id} is ${order.status}, not canceled`)
  }
  if (!details) {
    return skip("the session holds no installments payment link")
  }
  const link = details.payment_link
  if (!sameLinkId(session.data?.payment_link_id as string | undefined, link.id)) {
    return skip(`payment session ${session.id} holds another payment link than ${link.id}`)
  }
  const linkSession = link.metadata?.session_id
  if (linkSession !== undefined && linkSession !== session.id) {
    return skip(`payment link ${link.id} belongs to another payment session`)
  }
  const transaction = paidTransaction(details)
  if (!transaction) {
    return skip(`payment link ${link.id} has no successful payment`, { payment_link_id: link.id })
  }
  const ids = {
    provider_id: session.provider_id,
    payment_link_id: link.id,
    order_id: order.id,
    order_display_id: order.display_id ?? null,
    transaction_id: transaction.id,
  }
  const serviceKey = canceledOrderRefundKey(transaction.id)
  if (hasRefundWithKey(transaction, serviceKey.known)) {
    return skip(`the payment was already refunded directly with the service (refund key ${serviceKey.key})`, {
      ...ids,
      already_refunded: true,
    })
  }
  const balance = refundableBalance(transaction)
  const captured = context.payments.find(
    (payment) => recordsTransaction(payment.data, transaction.id, link.id) && capturedTotal(payment).gt(0)
  )
  if (captured) {
    return decideMedusaRefund({
      payment: captured,
      transaction,
      balance,
      canceledAt: order.canceled_at,
      sessionId: input.session_id,
      ids,
      skip,
    })
  }

  const since = paidAt(transaction, link)
  if (Number.isNaN(since) || input.now - since < input.graceMs) {
    return skip("paid too recently: Medusa may still be recording the payment", ids)
  }
  if (balance <= 0n) {
    return skip(`transaction ${transaction.id} has nothing left to refund at the service`, { ...ids, already_refunded: true })
  }
  return {
    refund: true,
    via: "service",
    reason: `Medusa recorded no captured payment for transaction ${transaction.id}`,
    session_id: input.session_id,
    ...ids,
    amount: formatAmount(balance),
    idempotency_key: serviceKey.key,
    known_keys: serviceKey.known,
  }
}

type Ids = Pick<CanceledOrderPaymentDecision, "provider_id" | "payment_link_id" | "order_id" | "order_display_id" | "transaction_id">

function decideMedusaRefund({
  payment,
  transaction,
  balance,
  canceledAt,
  sessionId,
  ids,
  skip,
}: {
  payment: PaymentRow
  transaction: Transaction
  /** Halalas still refundable at the service. */
  balance: bigint
  canceledAt: string | Date | null | undefined
  sessionId: string
  ids: Ids
  skip: (reason: string, extra?: Partial<CanceledOrderPaymentDecision>) => CanceledOrderPaymentDecision
}): CanceledOrderPaymentDecision {
  const withPayment = { ...ids, payment_id: payment.id }
  const capturedAt = latest([payment.captured_at, ...(payment.captures ?? []).map((capture) => capture.created_at)])
  const canceled = time(canceledAt)
  if (!Number.isNaN(capturedAt) && !Number.isNaN(canceled) && capturedAt <= canceled) {
    // A payment captured before the cancellation is Medusa's own to refund (cancelOrderWorkflow does).
    return skip(`Medusa payment ${payment.id} was captured before order ${ids.order_id} was canceled`, withPayment)
  }
  const remaining = capturedTotal(payment).minus(sumOf(payment.refunds))
  const halalas = remaining.gt(0) ? roundMedusaAmount(remaining) : 0n
  if (halalas <= 0n) {
    return skip(`Medusa payment ${payment.id} is already refunded in full`, { ...withPayment, already_refunded: true })
  }
  if (balance <= 0n) {
    return skip(
      `transaction ${transaction.id} is already refunded in full at the service, outside Medusa; ` +
        `Medusa payment ${payment.id} still shows it captured`,
      { ...withPayment, already_refunded: true }
    )
  }
  // Medusa's exact remainder, unless the service holds less (a refund made outside Medusa).
  const exact = halalas <= balance
  const refunded = exact ? halalas : balance
  return {
    refund: true,
    via: "medusa",
    reason: `Medusa recorded and captured payment ${payment.id} on the canceled order`,
    session_id: sessionId,
    ...withPayment,
    amount: formatAmount(refunded),
    medusa_amount: exact ? medusaAmountText(remaining) : formatAmount(balance),
  }
}

function capturedTotal(payment: PaymentRow) {
  return payment.canceled_at ? MathBN.convert(0) : sumOf(payment.captures)
}

function sumOf(rows: PaymentAmountRow[] | undefined) {
  return (rows ?? []).reduce(
    (total, row) => MathBN.add(total, MathBN.convert((row.raw_amount ?? row.amount ?? 0) as never)),
    MathBN.convert(0)
  )
}

function time(value: string | Date | null | undefined): number {
  return value ? new Date(value).getTime() : NaN
}

function latest(values: (string | Date | null | undefined)[]): number {
  const times = values.map(time).filter((t) => !Number.isNaN(t))
  return times.length ? Math.max(...times) : NaN
}

/** The message a merchant reads in the logs when the plugin refunded a payment on a canceled order. */
export function canceledOrderPaymentRefundedMessage(decision: CanceledOrderPaymentDecision, refundId?: string): string {
  const order = decision.order_display_id ? `#${decision.order_display_id} (${decision.order_id})` : decision.order_id
  const how =
    decision.via === "medusa"
      ? `through Medusa on payment ${decision.payment_id}${refundId ? ` (refund ${refundId})` : ""}, so the order shows the refund`
      : `directly with the installments service (refund key ${decision.idempotency_key}), because Medusa recorded no captured payment for it`
  return (
    `installments: a customer paid ${decision.amount} SAR on payment link ${decision.payment_link_id} ` +
    `(transaction ${decision.transaction_id}) after order ${order} had been canceled ` +
    "(typically: the bank rejected the 0% installment request, the order was canceled, and the customer then paid the same link with another card). " +
    `The payment was refunded in full ${how}; the customer gets the money back from their bank. ` +
    "The order stays canceled: contact the customer if they still want the items."
  )
}
