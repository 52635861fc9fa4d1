import { z } from "zod"
import { Metadata, RequestAmount, ResponseAmount, UUID, nullableString } from "./common"

export const TransactionStatus = z.enum(["success", "pending", "fail", "partially refunded", "refunded"])
export type TransactionStatus = z.output<typeof TransactionStatus>

/** Bank underwriting of a 0% installment loan: A approved, R rejected, P pending. */
export const InstallmentTracker = z.object({
  id: nullableString,
  status: z.enum(["A", "R", "P"]),
  message: nullableString,
})
export type InstallmentTracker = z.output<typeof InstallmentTracker>

/** One refund on a transaction: P pending, R settled (then `rrn` is set). */
export const RefundTrackerEntry = z.object({
  id: z.string(),
  status: z.enum(["P", "R"]),
  amount: ResponseAmount,
  gateway_transaction_id: nullableString,
  gateway_key_type: nullableString,
  rrn: z.string().nullable(),
  idempotency_key: nullableString,
  order_refund_id: nullableString,
})
export type RefundTrackerEntry = z.output<typeof RefundTrackerEntry>

const optionalAmount = ResponseAmount.nullable().optional()

export const Transaction = z.object({
  id: UUID,
  status: TransactionStatus,
  type: z.string(),
  created_at: z.string(),
  trx_lang: nullableString,
  is_refundable: z.boolean(),
  amount: ResponseAmount,
  total_amount: optionalAmount,
  payment_amount: optionalAmount,
  refunded_amount: ResponseAmount,
  service_fee: optionalAmount,
  service_tax_vat: optionalAmount,
  brand_percentage: optionalAmount,
  brand_static_fee: optionalAmount,
  merchant_payout: optionalAmount,
  murabha_fee: optionalAmount,
  murabha_fee_vat: optionalAmount,
  installment_fee: optionalAmount,
  installment_fee_vat: optionalAmount,
  paymentBrand: nullableString,
  payment_method: nullableString,
  payment_option: z.enum(["Installment", "Pay In Full"]).nullable().optional(),
  number: nullableString,
  bank_name: nullableString,
  installment_duration: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  installment_status: nullableString,
  installment_tracker: InstallmentTracker.nullable().optional(),
  refund_tracker: z.array(RefundTrackerEntry).default([]),
  payment_link_id: UUID.nullable().optional(),
  payment_link_callback_url: nullableString,
  payment_link_description: nullableString,
  payment_link_passkey_enabled: z.boolean().optional(),
  payment_link_only_show_bank_installments: z.boolean().optional(),
  payment_link_only_show_pay_in_full: z.boolean().optional(),
  payment_link_show_shipping: z.boolean().optional(),
  billing_address_required: z.boolean().optional(),
  supports_wallet_pay: z.boolean().optional(),
  merchant_business_name: nullableString,
  merchant_country_code: nullableString,
  merchant_id: nullableString,
  merchant_key: nullableString,
  client_first_name: nullableString,
  client_last_name: nullableString,
  client_email: nullableString,
  client_phone_number: nullableString,
  address_details: z.object({ name: nullableString }).nullable().optional(),
  order_details: z
    .object({ order_id: nullableString, payment_link_metadata: Metadata.nullable().optional() })
    .nullable()
    .optional(),
})
export type Transaction = z.output<typeof Transaction>

/** Body of a refund (endpoint 7). */
export const RefundBody = z.object({
  refund_amount: RequestAmount,
  reason: z.string().max(500, "must be at most 500 characters").optional(),
  metadata: Metadata.optional(),
})
export type RefundBody = z.input<typeof RefundBody>

export const RefundResponse = z.object({
  status: z.string(),
  key_type: z.string(),
  key: z.string(),
})
export type RefundResponse = z.output<typeof RefundResponse>
