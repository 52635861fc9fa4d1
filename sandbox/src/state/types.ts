import { EventName } from "../validation/webhooks"
import { FeeRates } from "../catalog/fees"

/** Persisted records. Amounts are 2-decimal SAR strings; instants are epoch milliseconds of the sandbox clock. */

export interface LinkRecord {
  id: string
  seq: number
  store_id: string
  amount: string
  title: string
  description: string | null
  order_id: string | null
  single_use: boolean
  created_at: number
  expires_at: number
  callback_url: string | null
  branch: string | null
  metadata: Record<string, unknown> | null
  client_first_name: string | null
  client_last_name: string | null
  client_email: string | null
  client_phone_number: string | null
  client_street1: string | null
  client_street2: string | null
  client_city: string | null
  client_state: string | null
  client_postcode: string | null
  client_country: string
  address_required: boolean
  language: "ar" | "en"
  send_sms: boolean
  sms_language: "ar" | "en"
  passkey_enabled: boolean
  only_show_bank_installments: boolean
  only_show_pay_in_full: boolean
  /** Set when a single-use link closed on its first successful authorization (D11). */
  paid_at: number | null
  paid_transaction_id: string | null
  /** `payment_link.expired` has been emitted for this link. */
  expiry_notified: boolean
}

export type BaseStatus = "success" | "pending" | "fail"

export interface RefundRecord {
  id: string
  amount: string
  status: "P" | "R"
  gateway_transaction_id: string
  rrn: string | null
  idempotency_key: string
  order_refund_id: string
  reason: string | null
  metadata: Record<string, unknown> | null
  accepted_at: number
  /** When the first refund of a 1-hour window settles by itself (D14); null = waits for support. */
  auto_settle_at: number | null
  settled_at: number | null
}

export interface DisputeRecord {
  id: string
  reason: string
  amount: string
  created_at: number
}

export interface TransactionRecord {
  id: string
  seq: number
  link_id: string
  store_id: string
  /** Authorization time: the attempt's start, or the approval of a bank review (D13, statements). */
  created_at: number
  /** When the payment attempt started (`order.created`); absent in data files of older sandboxes. */
  started_at?: number
  /** Authorization outcome; refunds turn `success` into `partially refunded`/`refunded` when shown. */
  base_status: BaseStatus
  amount: string
  payment_option: "Installment" | "Pay In Full"
  brand: string
  card_type: string | null
  masked_number: string
  bank_code: string | null
  months: number | null
  tracker: { id: string; status: "A" | "R" | "P"; message: string } | null
  failure_message: string | null
  fee_rates: FeeRates
  trx_lang: "ar" | "en"
  address: string | null
  refunds: RefundRecord[]
  disputes: DisputeRecord[]
}

export interface WebhookRecord {
  id: string
  url: string
  description: string | null
  events: EventName[]
  name: string
  prefix: string
  public_key: string
  private_key: string
  created_at: number
}

export interface EventRecord {
  id: string
  event: EventName
  created_at: string
  data: Record<string, unknown>
}

export interface DeliveryAttempt {
  attempt: number
  at: string
  status_code: number | null
  error: string | null
  duration_ms: number
}

export interface DeliveryRecord {
  id: string
  event_id: string
  event: EventName
  webhook_id: string
  url: string
  /** `pending` while attempts remain; `dropped` by a fault. */
  status: "pending" | "delivered" | "failed" | "dropped"
  duplicate_of: string | null
  attempts: DeliveryAttempt[]
  next_attempt_at: string | null
}

/** A refund answer kept for `Idempotency-Key` replay (D15). */
export interface IdempotentAnswer {
  transaction_id: string
  refund_amount: string
  refund_id: string
  body: Record<string, unknown>
}

export interface SandboxState {
  version: 1
  credentials: { secretKey: string; publicKey: string; storeId: string; merchantId: string }
  clockOffsetMs: number
  merchantBalance: string
  seq: number
  links: Record<string, LinkRecord>
  transactions: Record<string, TransactionRecord>
  webhooks: WebhookRecord[]
  events: EventRecord[]
  deliveries: DeliveryRecord[]
  idempotency: Record<string, IdempotentAnswer>
}
