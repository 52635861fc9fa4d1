import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { formatAmount, medusaAmountText, roundMedusaAmount } from "../../lib/money"
import { registrationIdOf, type RegistrationId } from "../registrations/provider-ids"
import type { OrderPaymentRow } from "../sessions/records"
import { medusaRefundable } from "./medusa-refundable"

export type { OrderPaymentRow }

/** The order, its summary after the receipt and its payments. */
export interface OrderRefundState {
  id: string
  currency_code: string
  summary?: { pending_difference?: unknown; raw_pending_difference?: unknown } | null
  payment_collections?: { payments?: OrderPaymentRow[] | null }[] | null
  /** The order's transactions: a refund of a payment that none books was not counted by the summary. */
  transactions?: { reference?: string | null; reference_id?: string | null }[] | null
}

/** One refund to make on one of this plugin's payments. */
export interface PlannedRefund {
  payment_id: string
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
  transaction_id: string
  /** Medusa's exact amount (major units), handed to refundPaymentWorkflow unchanged. */
  amount: string
  /** The same, rounded to the halala as the service refunds it. */
  amount_sar: string
}

export interface ReturnRefundDecision {
  /** What the order owes the customer after the receipt (decimal SAR); "0.00" when nothing. */
  owed: string
  refunds: PlannedRefund[]
  /** Why nothing (or less than owed) is refunded, in a merchant's words. */
  reason: string
  /**
   * What of the owed amount was left to refunds Medusa does not show yet or never booked (decimal SAR):
   * one of them that turns out never applied is owed again, so the receipt is not settled while this is not "0.00".
   */
  in_flight?: string
}

/**
 * What a received return refunds: the amount Medusa's order summary says is owed
 * (`-pending_difference` when negative: returned units leave the totals with their tax and
 * discounts, a charged return shipping lowers it), capped by what this plugin's payments can
 * still refund (captured minus refunded), split across them oldest first. Nothing when the summary
 * owes nothing (an exchange for a dearer item, a replacement claim, a refund already made by hand).
 * `enabled` says, per provider registration, whether the merchant left autoRefundReturns on.
 * `pending` (halalas per transaction) are the plugin's refunds Medusa does not show yet (unresolved,
 * or applied and not recorded): they are part of what the order is refunded, so they are subtracted
 * from what is owed and from what each payment can still refund, and never sent twice.
 */
export function decideReturnRefund(
  order: OrderRefundState,
  enabled: (registrationId: RegistrationId) => boolean,
  pending: ReadonlyMap<string, bigint> = new Map()
): ReturnRefundDecision {
  const summaryDifference = MathBN.convert(
    (order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0) as BigNumberInput
  )
  const owedHalalas = summaryDifference.lt(0) ? roundMedusaAmount(MathBN.mult(summaryDifference, -1)) : 0n
  if (owedHalalas <= 0n) {
    return { owed: "0.00", refunds: [], reason: "the order owes the customer nothing after this return" }
  }
  const payments = (order.payment_collections ?? []).flatMap((collection) => collection.payments ?? [])
  const inFlight = payments.reduce((sum, payment) => {
    const transactionId = payment.data?.transaction_id
    return sum + (typeof transactionId === "string" ? (pending.get(transactionId) ?? 0n) : 0n)
  }, 0n)
  // A refund Medusa's run made whose order transaction it never wrote (its process died between the
  // two) is refunded but not in the summary: it is subtracted like one in flight.
  const booked = new Set((order.transactions ?? []).filter((tx) => tx.reference === "refund").map((tx) => tx.reference_id))
  const unbooked = !order.transactions
    ? 0n
    : payments
        .filter((payment) => registrationIdOf(payment.provider_id))
        .flatMap((payment) => payment.refunds ?? [])
        .filter((refund) => refund.id && !booked.has(refund.id))
        .reduce((sum, refund) => sum + roundMedusaAmount((refund.raw_amount ?? refund.amount) as BigNumberInput), 0n)
  let left = MathBN.sub(MathBN.mult(summaryDifference, -1), MathBN.convert(formatAmount(inFlight + unbooked)))
  const refunds: PlannedRefund[] = []
  const skipped: string[] = []
  for (const payment of payments) {
    const registration = registrationIdOf(payment.provider_id)
    if (!registration || payment.canceled_at) {
      continue
    }
    const transactionId = payment.data?.transaction_id
    if (!enabled(registration)) {
      skipped.push(`automatic refunds of returns are off for provider ${payment.provider_id} (autoRefundReturns: false)`)
      continue
    }
    if (typeof transactionId !== "string" || !transactionId) {
      skipped.push(`payment ${payment.id} records no installments transaction`)
      continue
    }
    const refundable = medusaRefundable(payment, pending.get(transactionId) ?? 0n)
    const amount = MathBN.min(left, refundable)
    if (roundMedusaAmount(amount) <= 0n || !amount.gt(0)) {
      continue
    }
    refunds.push({
      payment_id: payment.id,
      provider_id: registration,
      transaction_id: transactionId,
      amount: medusaAmountText(amount),
      amount_sar: formatAmount(roundMedusaAmount(amount)),
    })
    left = MathBN.sub(left, amount)
  }
  const owed = formatAmount(owedHalalas)
  const in_flight = formatAmount(inFlight + unbooked)
  if (refunds.length) {
    const rest = roundMedusaAmount(left)
    return {
      owed,
      refunds,
      in_flight,
      reason:
        rest > 0n
          ? `${formatAmount(rest)} SAR of the ${owed} SAR owed is not on an installments payment that can still refund it`
          : "",
    }
  }
  if (inFlight + unbooked > 0n && roundMedusaAmount(left) <= 0n) {
    return {
      owed,
      refunds,
      in_flight,
      reason: `${in_flight} SAR of it is a refund being confirmed with the installments service`,
    }
  }
  return {
    owed,
    refunds,
    in_flight,
    reason: skipped[0] ?? `no installments payment of the order can still refund the ${owed} SAR owed`,
  }
}
