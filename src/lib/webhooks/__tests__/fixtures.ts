import { generateWebhookKeyPair, type WebhookKeyPair } from "../sign"

export const LINK_ID = "3f2b8c1e-7a4d-4e8b-9c2f-1d5e6a7b8c9d"
export const TRANSACTION_ID = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"
export const EVENT_ID = "evt_6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
export const LINK_METADATA = { medusa_payment_session_id: "payses_01JABCDEF", cart_id: "cart_01JXYZ" }

/** A successful 12-month RAJHI installment of 1200 SAR, as Get Transaction Details returns it. */
export function transactionFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: TRANSACTION_ID,
    status: "success",
    type: "SANDBOX",
    created_at: "2026-01-15T10:21:33.120000+03:00",
    trx_lang: "en",
    is_refundable: true,
    amount: "1200.00000",
    total_amount: "1200.00000",
    payment_amount: "1200.00000",
    refunded_amount: "0.00000",
    service_fee: "31.00000",
    service_tax_vat: "4.65000",
    brand_percentage: "2.50000",
    brand_static_fee: "1.00000",
    merchant_payout: "1164.35000",
    murabha_fee: "0.00000",
    murabha_fee_vat: "0.00000",
    installment_fee: "0.00000",
    installment_fee_vat: "0.00000",
    paymentBrand: "VISA",
    payment_method: "Card",
    payment_option: "Installment",
    number: "455701******1234",
    bank_name: "RAJHI",
    installment_duration: "12",
    installment_status: "Approved",
    installment_tracker: { id: "LF-2026-000123", status: "A", message: "Loan facility approved" },
    refund_tracker: [],
    payment_link_id: LINK_ID,
    payment_link_callback_url: "https://shop.example.sa/checkout/complete",
    payment_link_description: "Order #1042",
    payment_link_passkey_enabled: false,
    payment_link_only_show_bank_installments: false,
    payment_link_only_show_pay_in_full: false,
    payment_link_show_shipping: true,
    billing_address_required: false,
    supports_wallet_pay: true,
    merchant_business_name: "متجر المثال",
    merchant_country_code: "SA",
    merchant_id: "m_7781",
    merchant_key: "sandbox-pk_3c9e1f",
    client_first_name: "Noura",
    client_last_name: "Al-Qahtani",
    client_email: "noura@example.sa",
    client_phone_number: "+966501234567",
    address_details: { name: "Noura Al-Qahtani" },
    order_details: { order_id: "order_1042", payment_link_metadata: LINK_METADATA },
    ...overrides,
  }
}

/** An expired multi-use 750 SAR link, as the `payment_link` field of link details. */
export function paymentLinkFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: LINK_ID,
    status: "Expired",
    amount: "750.00000",
    title: "Order #1042",
    description: "Cart cart_01JXYZ",
    single_use: true,
    enabled: false,
    expiry_date: "2026-01-22T10:00:00+03:00",
    created_at: "2026-01-15T10:00:00+03:00",
    is_expired: true,
    environment_type: "SANDBOX",
    order_id: "order_1042",
    callback_url: "https://shop.example.sa/checkout/complete",
    metadata: LINK_METADATA,
    merchant_business_name: "متجر المثال",
    merchant_english_business_name: "Example Store",
    merchant_country_code: "SA",
    merchant_id: "m_7781",
    created_by_username: "api",
    created_by_email: "dev@example.sa",
    client_first_name: "Noura",
    client_last_name: "Al-Qahtani",
    full_name: "Noura Al-Qahtani",
    client_email: "noura@example.sa",
    client_phone_number: "+966501234567",
    address_required: false,
    has_customer_details: true,
    has_address_details: false,
    only_show_bank_installments: false,
    only_show_pay_in_full: false,
    passkey_enabled: false,
    ...overrides,
  }
}

export function orderEvent(event = "order.success", data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: EVENT_ID,
    event,
    created_at: "2026-01-15T07:21:34.000Z",
    data: { ...transactionFixture(), metadata: LINK_METADATA, ...data },
  }
}

export function linkExpiredEvent(): Record<string, unknown> {
  return { id: EVENT_ID, event: "payment_link.expired", created_at: "2026-01-22T07:00:01Z", data: paymentLinkFixture() }
}

export function modalClosedEvent(): Record<string, unknown> {
  return {
    id: EVENT_ID,
    event: "modal.closed",
    created_at: "2026-01-15T07:19:02+00:00",
    data: { payment_link_id: LINK_ID, metadata: LINK_METADATA },
  }
}

// RSA key generation costs ~100 ms each; share pairs across the specs of one worker.
const pairs = new Map<string, WebhookKeyPair>()
export function keyPair(name: string): WebhookKeyPair {
  let pair = pairs.get(name)
  if (!pair) {
    pair = generateWebhookKeyPair()
    pairs.set(name, pair)
  }
  return pair
}
