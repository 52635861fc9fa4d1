// The answers of the back-office routes under /admin/installments (docs/back-office-api.md), one
// source for the routes, which build them, and the admin, which reads them: the health route's is
// health/answer.ts, the Insights' insights/answer.ts. Types only, no import: the admin's Vite build
// imports this file. Fields the service may not have given (its transaction, a link's customer) are
// optional or null; the admin shows what is there.

/** One refund of a payment, from the ledger and the service. */
export interface RefundView {
  id: string
  amount: string
  status: "confirming" | "pending" | "settled" | "failed"
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

/** The Medusa order a settlement row paid for, when it is one of this store's. */
export interface SettlementOrderView {
  id: string
  display_id: number | null
  customer: { name: string; email: string | null } | null
  amount: string | null
}

/** One line of a payout: a payment or a refund, joined to its order. */
export interface SettlementRowView {
  type: "transaction" | "refund"
  date: string
  transaction_id: string
  amount: string
  service_fee: string
  service_tax_vat: string
  refund_amount: string
  net_amount: string
  payment_option: string | null
  bank_name: string | null
  order: SettlementOrderView | null
  flag: null | "not_this_store" | "orphan_refunded"
  payment_link_id: string | null
}

/** Sums of rows, as 2-decimal strings. */
export interface SettlementTotals {
  gross: string
  fees: string
  vat: string
  refunds: string
  net: string
}

/** One payout with its totals and how many rows it paid; its rows are read when it is opened. */
export interface SettlementView {
  settlement_id: string
  payout_date: string | null
  bank_reference: string | null
  status: string
  net_amount: string
  totals: SettlementTotals
  row_count: number
}

/** `GET /admin/installments/settlements`: the window's summary and a page of its payouts. */
export interface SettlementsResponse {
  from_date: string
  to_date: string
  currency: string
  settlements: SettlementView[]
  count: number
  limit: number
  offset: number
  unsettled: { row_count: number; totals: SettlementTotals }
  totals: SettlementTotals
  service_summary: SettlementTotals
  difference: unknown | null
  /** Net paid out per payout date, every day between the first and the last payout. */
  daily: Array<{ date: string; net: string }>
}

/** `GET /admin/installments/settlements/:id`: a page of one payout's rows (`unsettled`: of none yet). */
export interface SettlementRowsResponse {
  from_date: string
  to_date: string
  currency: string
  settlement: {
    settlement_id: string | null
    payout_date: string | null
    bank_reference: string | null
    /** The payout's status as the service reports it; `unsettled` for the rows no payout paid yet. */
    status: string
    net_amount: string | null
    totals: SettlementTotals
    row_count: number
  }
  rows: SettlementRowView[]
  count: number
  limit: number
  offset: number
}

/** One link of `GET /admin/installments/payment-links`. */
export interface PaymentLinkListItem {
  id: string
  payment_link_id: string
  amount?: string | null
  currency?: string | null
  status?: string | null
  title?: string | null
  single_use?: boolean | null
  created_at?: string | null
  customer?: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null } | null
  url?: string | null
  created_in_admin: boolean
  paid_at?: string | null
}

/** `GET /admin/installments/payment-links` */
export interface PaymentLinksResponse {
  payment_links: PaymentLinkListItem[]
  count: number
  limit: number
  offset: number
}

/** `POST /admin/installments/payment-links` */
export interface CreatePaymentLinkResponse {
  payment_link: {
    id: string
    url: string
    environment: string
    /** The registration that made it. */
    provider_id: string
    amount: string
    title: string
    single_use: boolean
    checkout: "both" | "installments" | "pay_in_full"
    expires_at: string | null
    status: string
    /** The admin user who made it. */
    created_by: string | null
    created_at: string
  }
  qr: { svg: string; png_data_url: string }
}

/** POST /admin/installments/orders/:id/payment-link. */
export interface OrderPaymentLinkResponse {
  payment_link: {
    id: string
    url: string
    amount: string
    currency_code: string
    expires_at: string
    provider_id: string
    payment_session_id: string
    payment_collection_id: string
    reused: boolean
  }
  qr: { svg: string; png_data_url: string }
}
