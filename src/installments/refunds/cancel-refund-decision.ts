import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import type { Transaction } from "../../lib/client"
import { formatAmount, parseAmount, roundMedusaAmount } from "../../lib/money"
import { cancelRefundKey, serviceKeysOfRefund, type LedgerKeys } from "./keys"
import { registrationIdOf, type RegistrationId } from "../registrations/provider-ids"
import { hasRefundWithKey, refundableBalance } from "../links/transactions"
import type { OrderPaymentRow } from "../sessions/records"

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
  provider_id: RegistrationId
  transaction_id: string
  /** Decimal SAR. */
  amount_sar: string
  idempotency_key: string
  /** Every key the service may list this refund under (`idempotency_key` and 0.1.0's readable one). */
  known_keys: readonly string[]
  /** What Medusa shows that the service does not, in a merchant's words. */
  why: string
  /** True when Medusa's payment shows no refund for it: once the service accepts it, it is recorded there. */
  record_on_payment: boolean
}

/** A refund the service made for a Medusa payment that the payment does not show yet. */
export interface RefundToRecord {
  payment_id: string
  /** The key the service lists it under. */
  idempotency_key: string
  /** Decimal SAR, exactly what the service refunded. */
  amount_sar: string
}

/**
 * The refunds Medusa shows for one of this plugin's payments that the service never accepted.
 * Medusa's order cancel refunds through refundPaymentsWorkflow, which books the refund in the
 * order even when the provider refused it and then deletes the payment's own refund
 * (medusa#15306): the order then says "refunded" while the customer got nothing. So:
 * - each Medusa refund of the payment must be listed in the service's refund_tracker under the key
 *   it was sent with (`serviceKeysOfRefund`, which reads the ledger's `ledgerKeys`); one that is not
 *   is sent again with that key;
 * - what the order books as refunded beyond the payment's refunds is sent under
 *   the payment's cancel key (`cancelRefundKey`), unless the service already lists that key.
 * Never more than the service still holds on the transaction.
 */
export function missingRefunds(
  payment: OrderPaymentRow,
  orderTransactions: OrderTransactionRow[],
  transaction: Transaction,
  ledgerKeys: LedgerKeys = new Map()
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
    const [key, ...earlier] = serviceKeysOfRefund(refund, ledgerKeys)
    if (!key || hasRefundWithKey(transaction, [key, ...earlier])) {
      continue
    }
    const amount = take(roundMedusaAmount(refund.raw_amount ?? refund.amount))
    if (amount > 0n) {
      missing.push({
        ...base,
        amount_sar: formatAmount(amount),
        idempotency_key: key,
        known_keys: [key, ...earlier],
        why: `Medusa refund ${refund.id} is not listed by the service`,
        record_on_payment: false,
      })
    }
  }
  const refundIds = new Set(refunds.map((refund) => refund.id))
  const booked = orderTransactions
    .filter((tx) => tx.reference === "refund" && (tx.reference_id === payment.id || refundIds.has(tx.reference_id ?? undefined)))
    .reduce((total, tx) => MathBN.sub(total, MathBN.convert((tx.raw_amount ?? tx.amount ?? 0) as BigNumberInput)), MathBN.convert(0))
  const made = refunds.reduce(
    (total, refund) => MathBN.add(total, MathBN.convert((refund.raw_amount ?? refund.amount ?? 0) as BigNumberInput)),
    MathBN.convert(0)
  )
  const gap = MathBN.sub(booked, made)
  const cancel = cancelRefundKey(payment.id)
  if (gap.gt(0) && !hasRefundWithKey(transaction, cancel.known)) {
    const amount = take(roundMedusaAmount(gap))
    if (amount > 0n) {
      missing.push({
        ...base,
        amount_sar: formatAmount(amount),
        idempotency_key: cancel.key,
        known_keys: cancel.known,
        why: `the order books ${formatAmount(roundMedusaAmount(gap))} SAR refunded on payment ${payment.id} that the payment never refunded`,
        record_on_payment: true,
      })
    }
  }
  return missing
}

/**
 * The refunds the service lists under the plugin's cancel key for this payment that Medusa's payment
 * does not show (sent by an earlier run that stopped before recording them): each is recorded on the
 * payment with exactly the amount the service refunded.
 */
export function unrecordedRefunds(
  payment: OrderPaymentRow,
  transaction: Transaction,
  ledgerKeys: LedgerKeys = new Map()
): RefundToRecord[] {
  const cancel = cancelRefundKey(payment.id)
  const isCancel = (key: string | null | undefined) => !!key && cancel.known.includes(key)
  if (
    !registrationIdOf(payment.provider_id) ||
    (payment.refunds ?? []).some((refund) => serviceKeysOfRefund(refund, ledgerKeys).some(isCancel))
  ) {
    return []
  }
  const entries = transaction.refund_tracker.filter((entry) => isCancel(entry.idempotency_key))
  const halalas = entries.reduce((total, entry) => total + parseAmount(entry.amount), 0n)
  // Recorded under the key the service lists (0.1.0's readable one for a refund that release sent).
  return halalas > 0n
    ? [{ payment_id: payment.id, idempotency_key: entries[0].idempotency_key!, amount_sar: formatAmount(halalas) }]
    : []
}
