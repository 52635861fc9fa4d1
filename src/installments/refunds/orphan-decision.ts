import type { PaymentLinkDetails } from "../../lib/client"
import { formatAmount } from "../../lib/money"
import { hasRefundWithKey, paidAt, paidTransaction, refundableBalance } from "../links/transactions"
import type { SessionContext } from "../sessions/records"
// Refunds are idempotent by key, so repeated sweeps refund an orphan once.
import { orphanRefundKey } from "./keys"
import { sameLinkId } from "../links/ids"
import { INSTANCE_METADATA_KEY, linkOwner } from "../links/ownership"

export interface OrphanDecision {
  orphan: boolean
  reason: string
  payment_link_id: string
  session_id?: string
  transaction_id?: string
  /** Decimal SAR still refundable on the transaction. */
  amount?: string
  /** True when the orphan refund was already made by an earlier sweep. */
  already_refunded?: boolean
  /**
   * True when the link's payment session still holds this link: not an orphan, but its order may
   * have been canceled before the payment arrived (see decideCanceledOrderPayment).
   */
  session_holds_link?: boolean
}

const sessionStillExistsReason = (sessionId: string) => `payment session ${sessionId} still exists (left to the reconciliation job)`

/**
 * The webhook path's answer, without reading the link, when the session its verified delivery
 * names still exists: not an orphan, whatever the link holds (decideOrphan answers the same).
 */
export function sessionStillExists(paymentLinkId: string, sessionId: string, context: SessionContext): OrphanDecision {
  const holds = sameLinkId(context.session?.data?.payment_link_id as string | undefined, paymentLinkId)
  return {
    orphan: false,
    reason: holds ? `payment session ${sessionId} still holds this link` : sessionStillExistsReason(sessionId),
    payment_link_id: paymentLinkId,
    session_id: sessionId,
    ...(holds ? { session_holds_link: true } : {}),
  }
}

/**
 * Whether a paid link is a payment no Medusa order will ever record: this store made it, its
 * `metadata.session_id` is not a live payment session holding this link, no Medusa payment records
 * it, and it was paid more than `graceMs` ago. With `requireSessionGone` (the webhook path, which
 * runs seconds after the payment and so skips the grace) only a session that no longer exists at
 * all counts.
 *
 * Whose link it is (D33): one carrying this store's identity is judged; one carrying another's was
 * made by another Medusa on the same merchant account (staging beside production) and is never
 * refunded. One carrying none was made before links carried it: judged only when it names a cart in
 * this store's database, so an order-payment or draft-order link of that time (no cart) is never
 * refunded on its own.
 */
export function decideOrphan(input: {
  details: PaymentLinkDetails
  context: SessionContext
  now: number
  graceMs: number
  requireSessionGone?: boolean
  /** This store's identity (`metadata.instance_id` of the links it makes). */
  instanceId: string
  /**
   * For a link carrying this store's identity: whether this database records making it for its
   * session (installments/links/ownership.ts). A copy of another store's database carries the
   * identity but not the rows the other wrote after the copy.
   */
  madeHere?: boolean
  /**
   * For a link without an identity only: whether the cart named in its `metadata.cart_id` exists in
   * this database; undefined when it names none (or was not looked up).
   */
  cartKnown?: boolean
}): OrphanDecision {
  const { details, context } = input
  const link = details.payment_link
  const base = { payment_link_id: link.id }
  const skip = (reason: string, extra: Partial<OrphanDecision> = {}): OrphanDecision => ({ orphan: false, reason, ...base, ...extra })

  const sessionId = link.metadata?.session_id
  if (typeof sessionId !== "string" || !sessionId.startsWith("payses_")) {
    return skip("the link was not made for a Medusa payment session")
  }
  const owner = linkOwner(link.metadata, input.instanceId)
  if (owner === "another_store") {
    return skip(
      `the link was made by another Medusa using this merchant account (instance ${String(link.metadata?.[INSTANCE_METADATA_KEY])})`,
      {
        session_id: sessionId,
      }
    )
  }
  if (owner === "ours" && input.madeHere !== true) {
    return skip(
      "the link carries this store's identity but this database has no record of making it: another store booted from a copy of " +
        "this database (staging beside production?) made it, so it is not this store's to refund",
      { session_id: sessionId }
    )
  }
  if (owner === "unknown" && input.cartKnown !== true) {
    return skip(
      input.cartKnown === false
        ? "the link carries no store identity and its cart is not in this store's database (another Medusa using the same merchant account?)"
        : "the link carries no store identity (made before links carried one) and names no cart of this store: not refunded automatically",
      { session_id: sessionId }
    )
  }
  const transaction = paidTransaction(details)
  if (!transaction) {
    return skip("the link has no successful payment", { session_id: sessionId })
  }
  const ids = { session_id: sessionId, transaction_id: transaction.id }
  if (hasRefundWithKey(transaction, orphanRefundKey(transaction.id).known)) {
    return skip("the payment was already refunded as an orphan", { ...ids, already_refunded: true })
  }
  const session = context.session
  if (session && sameLinkId(session.data?.payment_link_id as string | undefined, link.id)) {
    return skip(`payment session ${sessionId} still holds this link`, { ...ids, session_holds_link: true })
  }
  if (input.requireSessionGone && session) {
    return skip(sessionStillExistsReason(sessionId), ids)
  }
  const recorded = context.payments.find(
    (payment) =>
      payment.data?.transaction_id === transaction.id || sameLinkId(payment.data?.payment_link_id as string | undefined, link.id)
  )
  if (recorded) {
    return skip(`Medusa payment ${recorded.id} records this link`, ids)
  }
  const since = paidAt(transaction, link)
  if (!input.requireSessionGone && (Number.isNaN(since) || input.now - since < input.graceMs)) {
    return skip("paid too recently: the checkout may still be completing", ids)
  }
  const remaining = refundableBalance(transaction)
  if (remaining <= 0n) {
    return skip("nothing is left to refund on the transaction", ids)
  }
  return {
    orphan: true,
    reason: session ? `payment session ${sessionId} now holds another payment link` : `payment session ${sessionId} no longer exists`,
    ...base,
    ...ids,
    amount: formatAmount(remaining),
  }
}
