import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import type { Transaction } from "../../lib/client"
import { formatAmount, roundMedusaAmount } from "../../lib/money"
import { cancelRefundKey } from "../../installments/refund-keys"
import { registrationIdOf } from "../../installments/provider-ids"
import { hasRefundWithKey, refundableBalance } from "../../installments/transactions"
import type { OrderPaymentRow } from "../after-return/return-refund-decision"

/** An order transaction as Medusa records it (refunds are negative, reference `refund`). */
export interface OrderTransactionRow {
  amount?: unknown
  raw_amount?: unknown
  reference?: string | null
  reference_id?: string | null
}

/** A refund to send to the service under a key, because Medusa shows it made and the service does not. */
export interface MissingRefund {
  payment_id: string
  provider_id: string
  transaction_id: string
  /** Decimal SAR. */
  amount_sar: string
  idempotency_key: string
  /** What Medusa shows that the service does not, in a merchant's words. */
  why: string
}

/**
 * The refunds Medusa shows for one of this plugin's payments that the service never accepted.
 * Medusa's order cancel refunds through refundPaymentsWorkflow, which books the refund in the
 * order even when the provider refused it and then deletes the payment's own refund
 * (medusa#15306): the order then says "refunded" while the customer got nothing. So:
 * - each Medusa refund of the payment must be listed in the service's refund_tracker under its
 *   id (the idempotency key the provider sent); one that is not is sent again with that key;
 * - what the order books as refunded beyond the payment's refunds is sent under
 *   `cancel-<payment id>`, unless the service already lists that key.
 * Never more than the service still holds on the transaction.
 */
export function missingRefunds(
  payment: OrderPaymentRow,
  orderTransactions: OrderTransactionRow[],
  transaction: Transaction
): MissingRefund[] {
  const registrationId = registrationIdOf(payment.provider_id)
  if (!registrationId) {
    return []
  }
  const base = {
    payment_id: payment.id,
    provider_id: registrationId,
    transaction_id: transaction.id,
  }
  let balance = refundableBalance(transaction)
  const missing: MissingRefund[] = []
  const take = (halalas: bigint) => {
    const sent = halalas < balance ? halalas : balance
    balance -= sent
    return sent
  }
  const refunds = payment.refunds ?? []
  for (const refund of refunds) {
    if (!refund.id || hasRefundWithKey(transaction, refund.id)) {
      continue
    }
    const amount = take(roundMedusaAmount(refund.raw_amount ?? refund.amount))
    if (amount > 0n) {
      missing.push({ ...base, amount_sar: formatAmount(amount), idempotency_key: refund.id, why: `Medusa refund ${refund.id} is not listed by the service` })
    }
  }
  const refundIds = new Set(refunds.map((refund) => refund.id))
  const booked = orderTransactions
    .filter((tx) => tx.reference === "refund" && (tx.reference_id === payment.id || refundIds.has(tx.reference_id ?? undefined)))
    .reduce((total, tx) => MathBN.sub(total, MathBN.convert((tx.raw_amount ?? tx.amount ?? 0) as BigNumberInput)), MathBN.convert(0))
  const made = refunds.reduce((total, refund) => MathBN.add(total, MathBN.convert((refund.raw_amount ?? refund.amount ?? 0) as BigNumberInput)), MathBN.convert(0))
  const gap = MathBN.sub(booked, made)
  const key = cancelRefundKey(payment.id)
  if (gap.gt(0) && !hasRefundWithKey(transaction, key)) {
    const amount = take(roundMedusaAmount(gap))
    if (amount > 0n) {
      missing.push({
        ...base,
        amount_sar: formatAmount(amount),
        idempotency_key: key,
        why: `the order books ${formatAmount(roundMedusaAmount(gap))} SAR refunded on payment ${payment.id} that the payment never refunded`,
      })
    }
  }
  return missing
}
