import { z } from "zod"
import { formatAmount, parseAmount } from "../../money"
import {
  CardBrand,
  Metadata,
  RequestAmount,
  ResponseAmount,
  UUID,
  informational,
  nullableString,
  openEnum,
  optionalAmount,
  optionalBoolean,
} from "./common"

export const TRANSACTION_STATUSES = ["success", "pending", "fail", "partially refunded", "refunded"] as const
export type KnownTransactionStatus = (typeof TRANSACTION_STATUSES)[number]
/** A transaction status; one docs/service-api.md does not list yet is kept as a string (callers: not paid). */
export const TransactionStatus = openEnum(TRANSACTION_STATUSES)
export type TransactionStatus = z.output<typeof TransactionStatus>

/**
 * A status letter docs/service-api.md also shows spelled out (`A`/`Approved`): the words, in any case,
 * read as their letter so every check compares letters; any other value is kept as it came.
 */
function statusLetter<const T extends readonly [string, ...string[]]>(letters: T, words: Record<string, T[number]>) {
  return z.string().transform((value) => {
    const trimmed = value.trim()
    return (words[trimmed.toLowerCase()] ?? trimmed) as T[number] | (string & {})
  })
}

/** Bank underwriting of a 0% installment loan: A approved, R rejected, P pending. */
export const InstallmentTrackerStatus = statusLetter(["A", "R", "P"], {
  a: "A",
  approved: "A",
  r: "R",
  rejected: "R",
  p: "P",
  pending: "P",
})
export type InstallmentTrackerStatus = z.output<typeof InstallmentTrackerStatus>

export const InstallmentTracker = z.looseObject({
  id: nullableString,
  status: InstallmentTrackerStatus.nullable().optional(),
  message: nullableString,
})
export type InstallmentTracker = z.output<typeof InstallmentTracker>

/** A refund tracker entry's status: P pending, R settled. */
export const RefundTrackerStatus = statusLetter(["P", "R"], {
  p: "P",
  pending: "P",
  r: "R",
  refunded: "R",
  settled: "R",
})
export type RefundTrackerStatus = z.output<typeof RefundTrackerStatus>

/**
 * One refund on a transaction: P pending, R settled (then `rrn` is set). The refund ledger acts on
 * its id, status and amount, and matches refunds by `idempotency_key`.
 */
export const RefundTrackerEntry = z.looseObject({
  id: z.string().min(1, "must not be empty"),
  status: RefundTrackerStatus,
  amount: ResponseAmount,
  gateway_transaction_id: nullableString,
  gateway_key_type: nullableString,
  rrn: informational(z.string()).transform((rrn) => rrn ?? null),
  // Refunds are matched on it: a key of another shape is refused, not read as absent.
  idempotency_key: z.string().nullable().optional(),
  order_refund_id: nullableString,
})
export type RefundTrackerEntry = z.output<typeof RefundTrackerEntry>

export const PAYMENT_OPTIONS = ["Installment", "Pay In Full"] as const

/** Fields of a transaction besides its refund tracker: id, status and amount are acted on. */
const transactionFields = {
  id: UUID,
  status: TransactionStatus,
  amount: ResponseAmount,
  /** Read as the sum of the refund tracker when the service leaves it out. */
  refunded_amount: ResponseAmount.nullable().optional(),
  type: nullableString,
  created_at: nullableString,
  trx_lang: nullableString,
  is_refundable: optionalBoolean,
  total_amount: optionalAmount,
  payment_amount: optionalAmount,
  service_fee: optionalAmount,
  service_tax_vat: optionalAmount,
  brand_percentage: optionalAmount,
  brand_static_fee: optionalAmount,
  merchant_payout: optionalAmount,
  murabha_fee: optionalAmount,
  murabha_fee_vat: optionalAmount,
  installment_fee: optionalAmount,
  installment_fee_vat: optionalAmount,
  paymentBrand: informational(CardBrand),
  payment_method: nullableString,
  payment_option: informational(openEnum(PAYMENT_OPTIONS)),
  number: nullableString,
  bank_name: nullableString,
  installment_duration: informational(z.union([z.string(), z.number()]).transform(String)),
  installment_status: nullableString,
  // Acted on (a rejected or pending bank decision): a tracker of another shape is refused, not dropped.
  installment_tracker: InstallmentTracker.nullable().optional(),
  payment_link_id: informational(UUID),
  payment_link_callback_url: nullableString,
  payment_link_description: nullableString,
  payment_link_passkey_enabled: optionalBoolean,
  payment_link_only_show_bank_installments: optionalBoolean,
  payment_link_only_show_pay_in_full: optionalBoolean,
  payment_link_show_shipping: optionalBoolean,
  billing_address_required: optionalBoolean,
  supports_wallet_pay: optionalBoolean,
  merchant_business_name: nullableString,
  merchant_country_code: nullableString,
  merchant_id: nullableString,
  merchant_key: nullableString,
  client_first_name: nullableString,
  client_last_name: nullableString,
  client_email: nullableString,
  client_phone_number: nullableString,
  address_details: informational(z.looseObject({ name: nullableString })),
  order_details: informational(z.looseObject({ order_id: nullableString, payment_link_metadata: informational(Metadata) })),
}

const REFUNDED_STATUSES = new Set<string>(["partially refunded", "refunded"])

type TransactionRead = z.output<z.ZodObject<typeof transactionFields>> & { refund_tracker?: RefundTrackerEntry[] | null }

// Refunds are matched and mirrored from the tracker: a transaction that shows refunds must list them.
function requireTrackerOfRefunds(transaction: TransactionRead, ctx: z.core.$RefinementCtx<TransactionRead>) {
  const refunded =
    transaction.refunded_amount !== undefined && transaction.refunded_amount !== null && parseAmount(transaction.refunded_amount) > 0n
  if (!transaction.refund_tracker && (refunded || REFUNDED_STATUSES.has(transaction.status))) {
    ctx.addIssue({ code: "custom", path: ["refund_tracker"], message: "is required when the transaction has refunds" })
  }
}

// A missing tracker reads as no refunds, and refunded_amount, when left out, as the sum of the
// tracker: the service lists every accepted refund there (D16).
function withRefunds(transaction: TransactionRead) {
  const refundTracker = transaction.refund_tracker ?? []
  const refunded =
    transaction.refunded_amount ?? formatAmount(refundTracker.reduce((sum, entry) => sum + parseAmount(entry.amount), 0n))
  return { ...transaction, refund_tracker: refundTracker, refunded_amount: refunded }
}

const transactionRead = z.looseObject({
  ...transactionFields,
  refund_tracker: z.array(RefundTrackerEntry).nullable().optional(),
})

/**
 * A transaction as Get Transaction Details returns it. Its refund tracker may be left out only while
 * it has no refunds; refunds are matched against it.
 */
export const Transaction = transactionRead.superRefine(requireTrackerOfRefunds).transform(withRefunds)
export type Transaction = z.output<typeof Transaction>

/** A transaction inside link details: a missing refund tracker reads as no refunds. */
export const LinkTransaction = transactionRead.transform(withRefunds)

/** Body of a refund (endpoint 7). */
export const RefundBody = z.object({
  refund_amount: RequestAmount,
  reason: z.string().max(500, "must be at most 500 characters").optional(),
  metadata: Metadata.optional(),
})
export type RefundBody = z.input<typeof RefundBody>

/** Acceptance of a refund: the code keeps the gateway reference `key`; the rest is informational. */
export const RefundResponse = z.looseObject({
  status: nullableString,
  key_type: nullableString,
  key: z.string().min(1, "must not be empty"),
})
export type RefundResponse = z.output<typeof RefundResponse>
