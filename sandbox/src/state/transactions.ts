import { formatAmount, toHalalas } from "../../../src/lib/money"
import { isoWithOffset } from "../clock"
import { computeFees, zeroFees } from "../catalog/fees"
import { SandboxContext } from "../context"
import { TransactionRecord } from "./types"

export type TransactionStatus = "success" | "pending" | "fail" | "partially refunded" | "refunded"

const DAY_MS = 86_400_000

/** Sum of every accepted refund (D16: counted at acceptance, not settlement), in halalas. */
export function refundedHalalas(transaction: TransactionRecord): bigint {
  return transaction.refunds.reduce((sum, refund) => sum + toHalalas(refund.amount), 0n)
}

/** What can still be refunded, in halalas. */
export function remainingHalalas(transaction: TransactionRecord): bigint {
  return toHalalas(transaction.amount) - refundedHalalas(transaction)
}

/** Status as shown (the transaction state table): refunds move `success` on at acceptance (D16). */
export function transactionStatus(transaction: TransactionRecord): TransactionStatus {
  if (transaction.base_status !== "success") {
    return transaction.base_status
  }
  const refunded = refundedHalalas(transaction)
  if (refunded === 0n) {
    return "success"
  }
  return refunded >= toHalalas(transaction.amount) ? "refunded" : "partially refunded"
}

/** True while the refund window of the transaction is open (D13). */
export function withinRefundWindow(ctx: SandboxContext, transaction: TransactionRecord): boolean {
  return ctx.clock.now() <= transaction.created_at + ctx.config.refundWindowDays * DAY_MS
}

/** `is_refundable`: captured, balance left, window open. */
export function isRefundable(ctx: SandboxContext, transaction: TransactionRecord): boolean {
  return transaction.base_status === "success" && remainingHalalas(transaction) > 0n && withinRefundWindow(ctx, transaction)
}

const TRACKER_STATUS_NAMES = { A: "Approved", R: "Rejected", P: "Pending" } as const

/** The transaction object of docs/service-api.md (endpoint 6, link details, webhooks). */
export function serializeTransaction(ctx: SandboxContext, transaction: TransactionRecord): Record<string, unknown> {
  const link = ctx.store.state.links[transaction.link_id]
  const fees =
    transaction.base_status === "fail"
      ? zeroFees(transaction.fee_rates, transaction.amount)
      : computeFees(transaction.amount, transaction.fee_rates)
  const offset = ctx.config.timezoneOffsetMinutes
  const wire = (amount: string) => scaleAmount(amount, ctx.config.amountScale)
  const installment = transaction.payment_option === "Installment"
  const name = [link?.client_first_name, link?.client_last_name].filter(Boolean).join(" ")
  return {
    id: transaction.id,
    status: transactionStatus(transaction),
    type: "SANDBOX",
    created_at: isoWithOffset(transaction.created_at, offset),
    trx_lang: transaction.trx_lang,
    is_refundable: isRefundable(ctx, transaction),
    amount: wire(transaction.amount),
    total_amount: wire(transaction.amount),
    payment_amount: wire(fees.payment_amount),
    refunded_amount: wire(formatAmount(refundedHalalas(transaction))),
    service_fee: wire(fees.service_fee),
    service_tax_vat: wire(fees.service_tax_vat),
    brand_percentage: fees.brand_percentage,
    brand_static_fee: fees.brand_static_fee,
    merchant_payout: wire(fees.merchant_payout),
    murabha_fee: wire(fees.murabha_fee),
    murabha_fee_vat: wire(fees.murabha_fee_vat),
    installment_fee: wire(fees.installment_fee),
    installment_fee_vat: wire(fees.installment_fee_vat),
    paymentBrand: transaction.brand,
    payment_method: "Card",
    payment_option: transaction.payment_option,
    number: transaction.masked_number,
    bank_name: transaction.bank_code ? transaction.bank_code.toUpperCase() : null,
    installment_duration: installment && transaction.months !== null ? String(transaction.months) : null,
    installment_status: transaction.tracker ? TRACKER_STATUS_NAMES[transaction.tracker.status] : null,
    installment_tracker: transaction.tracker ? { ...transaction.tracker } : null,
    refund_tracker: transaction.refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      amount: wire(refund.amount),
      gateway_transaction_id: refund.gateway_transaction_id,
      gateway_key_type: "RefundReference",
      rrn: refund.rrn,
      idempotency_key: refund.idempotency_key,
      order_refund_id: refund.order_refund_id,
    })),
    payment_link_id: transaction.link_id,
    payment_link_callback_url: link?.callback_url ?? "",
    payment_link_description: link?.description ?? "",
    payment_link_passkey_enabled: link?.passkey_enabled ?? false,
    payment_link_only_show_bank_installments: link?.only_show_bank_installments ?? false,
    payment_link_only_show_pay_in_full: link?.only_show_pay_in_full ?? false,
    payment_link_show_shipping: link?.address_required ?? false,
    billing_address_required: link?.address_required ?? false,
    supports_wallet_pay: false,
    merchant_business_name: ctx.config.merchantName,
    merchant_country_code: "SA",
    merchant_id: ctx.store.state.credentials.merchantId,
    merchant_key: ctx.store.state.credentials.publicKey,
    client_first_name: link?.client_first_name ?? "",
    client_last_name: link?.client_last_name ?? "",
    client_email: link?.client_email ?? "",
    client_phone_number: link?.client_phone_number ?? "",
    address_details: { name: transaction.address ?? name },
    order_details: { order_id: link?.order_id ?? "", payment_link_metadata: link?.metadata ?? {} },
  }
}

/** A 2-decimal amount with more decimal places, as the live service writes them ("299.99000", D4). */
export function scaleAmount(amount: string, scale: number): string {
  return scale <= 2 ? amount : `${amount}${"0".repeat(scale - 2)}`
}

/** Webhook data of `order.*` and `installment.tracker.*` events (D19). */
export function transactionEventData(ctx: SandboxContext, transaction: TransactionRecord): Record<string, unknown> {
  const link = ctx.store.state.links[transaction.link_id]
  return { ...serializeTransaction(ctx, transaction), payment_link_id: transaction.link_id, metadata: link?.metadata ?? {} }
}

/** A link's transactions, newest first. */
export function linkTransactions(ctx: SandboxContext, linkId: string): TransactionRecord[] {
  return Object.values(ctx.store.state.transactions)
    .filter((transaction) => transaction.link_id === linkId)
    .sort((a, b) => b.seq - a.seq)
}
