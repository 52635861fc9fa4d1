// What the admin pages read from the back-office API. Read tolerantly: only the fields the pages
// show are named, and each may be missing or null when the service could not be read.

/** One refund of a payment, from the ledger and the service. */
export interface RefundView {
  id: string
  amount: string
  status: "pending" | "settled" | "failed"
  rrn?: string | null
  source?: string | null
  failure_reason?: string | null
  will_retry?: boolean | null
  created_at?: string | null
}

/** The service's transaction behind a payment, as `GET /admin/installments/orders/:id` returns it. */
export interface TransactionView {
  payment_option?: string | null
  bank_name?: string | null
  installment_duration?: string | null
  installment_status?: string | null
  amount?: string | null
  service_fee?: string | null
  service_tax_vat?: string | null
  merchant_payout?: string | null
  number?: string | null
  paymentBrand?: string | null
}

/** One installments payment of an order. */
export interface OrderPaymentView {
  payment_id: string
  provider_id: string
  amount: string
  currency_code: string
  checkout_url?: string | null
  environment?: string | null
  transaction?: TransactionView | null
  refundable_amount?: string | null
  refundable_until?: string | null
  disputed?: boolean | null
  disputed_at?: string | null
  refunds?: RefundView[] | null
  service_error?: string | null
}

/** `GET /admin/installments/orders/:id` */
export interface OrderInstallmentsResponse {
  order_id: string
  payments: OrderPaymentView[]
}

/** One webhook endpoint the plugin registered and holds the key of. */
export interface WebhookRegistrationView {
  prefix: string
  url: string
  endpoint_id?: string | null
  created_at?: string | null
}

/** One registration's health, from `GET /admin/installments/status`. */
export interface RegistrationStatus {
  provider_id: string
  environment?: string | null
  store_id?: string | null
  connection: { ok: boolean; message?: string | null }
  webhook_path: string
  webhooks?: WebhookRegistrationView[] | null
  last_verified_delivery_at?: string | null
  pending_sessions?: number | null
  pending_refunds?: number | null
}

/** `GET /admin/installments/status` */
export interface InstallmentsStatusResponse {
  registrations: RegistrationStatus[]
}
