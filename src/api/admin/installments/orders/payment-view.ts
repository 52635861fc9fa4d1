import type { Transaction } from "../../../../lib/client"
import { readLink } from "../../../../installments/links/read-link"
import { paidTransaction, refundableBalance } from "../../../../installments/links/transactions"
import { formatAmount, roundMedusaAmount } from "../../../../lib/money"
import { merchantError } from "../../../../installments/messages/service-errors"
import type { Registration } from "../../../../installments/registrations/lookup"
import { refundViews, type LedgerRow } from "./refund-rows"
import { isPendingInMedusa } from "../../../../installments/refunds/intent"
import { medusaRefundable } from "../../../../installments/refunds/medusa-refundable"
import type { RegistrationId } from "../../../../installments/registrations/provider-ids"

/** The service's refund window (D13): refunds are accepted for 90 days after the payment. */
export const REFUND_WINDOW_DAYS = 90

const DAY_MS = 86_400_000

/** An installments payment of an order as Query reads it. */
export interface OrderPayment {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string
  captured_at?: Date | string | null
  data?: Record<string, unknown> | null
  captures?: { amount: unknown; raw_amount?: unknown }[] | null
  refunds?: { amount: unknown; raw_amount?: unknown }[] | null
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null)

/**
 * Reads the payment's transaction from the service: by its id once the provider recorded it, else
 * the paid attempt on its link. One read per payment; a failure is a message, not an error.
 */
export async function readTransaction(
  registration: Registration | undefined,
  registrationId: RegistrationId,
  payment: OrderPayment
): Promise<{ transaction: Transaction | null; service_error: string | null }> {
  if (!registration) {
    return {
      transaction: null,
      service_error: `Registration ${registrationId} is no longer configured: add it back under the Payment module's providers to read this payment.`,
    }
  }
  const transactionId = text(payment.data?.transaction_id)
  const linkId = text(payment.data?.payment_link_id)
  try {
    if (transactionId) {
      return { transaction: await registration.client.transactions.retrieve(transactionId), service_error: null }
    }
    if (linkId) {
      return { transaction: paidTransaction(await readLink(registration.client, linkId)) ?? null, service_error: null }
    }
    return { transaction: null, service_error: null }
  } catch (error) {
    return { transaction: null, service_error: merchantError(error, { registration }).message }
  }
}

/** The order widget's view of one installments payment. */
export function paymentView(input: {
  payment: OrderPayment
  registrationId: RegistrationId
  transaction: Transaction | null
  serviceError: string | null
  ledger: LedgerRow[]
  /** When the service reported a dispute on the payment's transaction, if it did. */
  disputedAt: string | null
}) {
  const { payment, transaction, ledger } = input
  // What is being confirmed, or left for Medusa to record, cannot be refunded again meanwhile.
  const pending = ledger.filter(isPendingInMedusa).reduce((sum, row) => sum + roundMedusaAmount(row.amount), 0n)
  let refundable = roundMedusaAmount(medusaRefundable(payment, pending))
  let refundableUntil: string | null = null
  if (transaction) {
    const remaining = transaction.is_refundable ? refundableBalance(transaction) : 0n
    refundable = remaining < refundable ? remaining : refundable
    const paidAt = Date.parse(transaction.created_at ?? "")
    refundableUntil =
      transaction.is_refundable && !Number.isNaN(paidAt) ? new Date(paidAt + REFUND_WINDOW_DAYS * DAY_MS).toISOString() : null
  }
  const disputed = input.disputedAt
  return {
    payment_id: payment.id,
    provider_id: input.registrationId,
    amount: formatAmount(roundMedusaAmount(payment.amount)),
    currency_code: payment.currency_code,
    captured_at: payment.captured_at ? new Date(payment.captured_at).toISOString() : null,
    payment_link_id: text(payment.data?.payment_link_id),
    checkout_url: text(payment.data?.url),
    environment: text(payment.data?.environment),
    transaction: transaction && transactionView(transaction),
    refundable_amount: formatAmount(refundable > 0n ? refundable : 0n),
    refundable_until: refundableUntil,
    disputed: disputed !== null,
    disputed_at: disputed,
    refunds: refundViews(ledger, transaction?.refund_tracker ?? []),
    service_error: input.serviceError,
  }
}

function transactionView(transaction: Transaction) {
  const tracker = transaction.installment_tracker
  return {
    id: transaction.id,
    status: transaction.status,
    payment_option: transaction.payment_option ?? null,
    bank_name: transaction.bank_name ?? null,
    installment_duration: transaction.installment_duration ?? null,
    installment_status: transaction.installment_status ?? null,
    installment_tracker: tracker ? { id: tracker.id ?? null, status: tracker.status, message: tracker.message ?? null } : null,
    amount: transaction.amount,
    service_fee: transaction.service_fee ?? null,
    service_tax_vat: transaction.service_tax_vat ?? null,
    merchant_payout: transaction.merchant_payout ?? null,
    refunded_amount: transaction.refunded_amount,
    number: transaction.number ?? null,
    paymentBrand: transaction.paymentBrand ?? null,
    created_at: transaction.created_at,
    is_refundable: transaction.is_refundable,
  }
}

// Sums Medusa amounts (BigNumbers) exactly, in halalas.
