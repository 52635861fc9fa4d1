import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentLinkDetails, Transaction } from "../../lib/client"
import { formatAmount, parseAmount } from "../../lib/money"
import type { ShopperFailure } from "../messages/shopper-language"
import { refundedByPlugin } from "../refunds/keys"
import { hasUnknownBankDecision, hasUnknownStatus, isBankRejected, isFailedAttempt, paidTransaction } from "./transactions"

/** What the session expects the link to have been paid with. */
export interface ExpectedPayment {
  session_id: string
  /** Halalas. */
  amount: bigint
  currency_code: string
}

/** The state of a session's link, read from the service, in Medusa's terms. */
export interface LinkVerdict {
  status: PaymentSessionStatus
  /** The transaction that decided the status (paid or pending), when there is one. */
  transaction?: Transaction
  /** Why, in words a merchant can read in a log; never customer data. */
  reason: string
  failedAttempts: number
  /** Why the customer has not paid, for the storefront (said in the cart's language): set when the session is not paid. */
  failure?: ShopperFailure
  /** The link is paid but its transaction is not visible yet: ask again, never report a failure. */
  settling?: boolean
}

/**
 * The one mapping from link details to a session status (docs/storefront.md, How checkout works, step 3):
 * paid for the session's exact amount -> captured; pending or under bank review ->
 * pending_authorization; expired -> canceled; nothing or only failures on a live link ->
 * requires_more; anything that does not match the session -> error.
 */
export function linkVerdict(details: PaymentLinkDetails, expected: ExpectedPayment): LinkVerdict {
  const link = details.payment_link
  const failedAttempts = details.transactions.filter(isFailedAttempt).length
  const verdict = (status: PaymentSessionStatus, reason: string, transaction?: Transaction): LinkVerdict => {
    const failure = failureOf(status, details)
    return { status, reason, transaction, failedAttempts, ...(failure ? { failure } : {}) }
  }

  const linkSession = link.metadata?.session_id
  if (linkSession !== undefined && linkSession !== expected.session_id) {
    return verdict(PaymentSessionStatus.ERROR, `payment link ${link.id} belongs to another payment session`)
  }
  if (expected.currency_code.toLowerCase() !== "sar") {
    return verdict(PaymentSessionStatus.ERROR, `session currency ${expected.currency_code} is not SAR`)
  }
  const linkCurrency = link.metadata?.currency
  if (typeof linkCurrency === "string" && linkCurrency.toLowerCase() !== "sar") {
    return verdict(PaymentSessionStatus.ERROR, `payment link ${link.id} is in ${linkCurrency}, not SAR`)
  }

  const paid = paidTransaction(details)
  if (paid && refundedByPlugin(paid)) {
    return verdict(
      PaymentSessionStatus.CANCELED,
      `transaction ${paid.id} was refunded by the plugin (paid after its session was replaced or its order canceled)`,
      paid
    )
  }
  if (paid) {
    const paidAmount = parseAmount(paid.amount)
    if (paidAmount !== expected.amount) {
      return verdict(
        PaymentSessionStatus.ERROR,
        `transaction ${paid.id} paid ${formatAmount(paidAmount)} SAR but the session expects ${formatAmount(expected.amount)} SAR`,
        paid
      )
    }
    if (paid.installment_tracker?.status === "P") {
      return verdict(PaymentSessionStatus.PENDING_AUTHORIZATION, `bank review of transaction ${paid.id} is pending`, paid)
    }
    if (hasUnknownBankDecision(paid)) {
      // Not known to be approved: the order may be placed, but the payment is not counted as captured.
      return verdict(
        PaymentSessionStatus.PENDING_AUTHORIZATION,
        `transaction ${paid.id} succeeded but its bank decision is ${JSON.stringify(paid.installment_tracker?.status)}, ` +
          "which the plugin does not know; treated as a bank review in progress",
        paid
      )
    }
    return verdict(PaymentSessionStatus.CAPTURED, `transaction ${paid.id} succeeded`, paid)
  }

  const pending = details.transactions.find((t) => t.status === "pending")
  if (pending) {
    const paidAmount = parseAmount(pending.amount)
    if (paidAmount !== expected.amount) {
      return verdict(
        PaymentSessionStatus.ERROR,
        `pending transaction ${pending.id} is for ${formatAmount(paidAmount)} SAR but the session expects ${formatAmount(expected.amount)} SAR`,
        pending
      )
    }
    return verdict(PaymentSessionStatus.PENDING_AUTHORIZATION, `transaction ${pending.id} is pending`, pending)
  }

  if (link.is_expired || link.status === "Expired") {
    return verdict(PaymentSessionStatus.CANCELED, `payment link ${link.id} expired without a payment`)
  }
  if (link.status === "Paid") {
    // The link moves to Paid before its transaction shows as successful on the service: not a
    // failure, so it is asked again later (checkout retry, webhook follow-up, reconciliation job).
    return {
      status: PaymentSessionStatus.REQUIRES_MORE,
      reason: `payment link ${link.id} is marked Paid but shows no successful transaction yet (the service is still settling it); check again shortly`,
      failedAttempts,
      settling: true,
    }
  }
  const unknown = details.transactions.find(hasUnknownStatus)
  const unknownNote = unknown
    ? ` (transaction ${unknown.id} has status ${JSON.stringify(unknown.status)}, which the plugin does not know: treated as not paid)`
    : ""
  return verdict(
    PaymentSessionStatus.REQUIRES_MORE,
    (failedAttempts
      ? `payment link ${link.id} has ${failedAttempts} failed attempt(s) and no successful payment yet`
      : `payment link ${link.id} has not been paid yet`) + unknownNote
  )
}

/** The webhook action for a verdict: only a payment for the right amount completes a cart. */
export function webhookActionOf(verdict: LinkVerdict): PaymentActions {
  switch (verdict.status) {
    case PaymentSessionStatus.CAPTURED:
      return PaymentActions.SUCCESSFUL
    case PaymentSessionStatus.AUTHORIZED:
      return PaymentActions.AUTHORIZED
    case PaymentSessionStatus.CANCELED:
      return PaymentActions.CANCELED
    case PaymentSessionStatus.ERROR:
      return PaymentActions.FAILED
    case PaymentSessionStatus.REQUIRES_MORE:
      return verdict.failedAttempts && !verdict.settling ? PaymentActions.FAILED : PaymentActions.NOT_SUPPORTED
    default:
      return PaymentActions.NOT_SUPPORTED
  }
}

// Codes only: the shopper reads fixed words for them, and nothing the bank or the service wrote.
function failureOf(status: PaymentSessionStatus, details: PaymentLinkDetails): ShopperFailure | undefined {
  if (status === PaymentSessionStatus.CANCELED) {
    return "expired"
  }
  if (status === PaymentSessionStatus.ERROR) {
    return "mismatch"
  }
  if (status !== PaymentSessionStatus.REQUIRES_MORE) {
    return undefined
  }
  const last = details.transactions.filter(isFailedAttempt).at(-1)
  if (!last) {
    return undefined
  }
  // The bank's own tracker message is free text: it stays out of the public session data.
  return isBankRejected(last) ? "bank_rejected" : "declined"
}
