import type { EventName as WebhookEventName } from "../../lib/client/schemas/webhooks"
import type { CanceledOrderRefundRoute } from "../../installments/refunds/canceled-order-decision"
import type { ProviderId } from "../../installments/registrations/provider-ids"

/** Medusa's provider id of an installments registration (`pp_installments_<id>`): the one form every `installments.*` event carries. */
export type { ProviderId, WebhookEventName }

/**
 * Emitted by the webhook route once for every verified, first-seen delivery of an event the service
 * documents (D19); a paid one (`order.success`, `installment.tracker.approved`) about a cart's link
 * after the Payment module's `webhook_delay`, so a shopper's own return goes first. Its one subscriber
 * (`subscribers/installments-webhook-received.ts`) does what its table says for the event. The
 * payload is only a hint: what is done re-reads the service and the database.
 */
export const WEBHOOK_RECEIVED_EVENT = "installments.webhook_received"

export interface WebhookReceivedData {
  provider_id: ProviderId
  /** The delivery's id (or `sha256:` of its body), as recorded against replays. */
  event_id: string
  event_name: WebhookEventName
  /** The link the delivery is about; `order.updated` may name none. */
  payment_link_id?: string
  /** `metadata.session_id` of the verified payload, when it carries one. */
  session_id?: string
  /** `order.updated` and `order.disputed`: the transaction (`data.id`). */
  transaction_id?: string
  /** `order.disputed`: when the delivery was made (ISO 8601). */
  occurred_at?: string
}

/**
 * Emitted when the plugin canceled an order because its payment failed or its link expired after
 * the order was placed with the payment pending (bank review). Nothing was captured, so nothing was
 * refunded.
 */
export const ORDER_CANCELED_UNPAID_EVENT = "installments.order_canceled_unpaid"

export interface OrderCanceledUnpaidData {
  order_id: string
  session_id: string
  provider_id: ProviderId
  reason: string
}

/**
 * Emitted when the plugin refunded a payment that no Medusa order will ever record: a customer paid
 * a link whose payment session was replaced or deleted (for example after the cart changed).
 */
export const ORPHAN_PAYMENT_REFUNDED_EVENT = "installments.orphan_payment_refunded"

export interface OrphanPaymentRefundedData {
  provider_id: ProviderId
  payment_link_id: string
  transaction_id: string
  session_id: string
  amount: string
}

/**
 * Emitted when the plugin refunded a payment that arrived for an order already canceled (typically:
 * the bank rejected a 0% installment request, the plugin canceled the order, and the customer then
 * paid the same link with another card). The order stays canceled.
 */
export const CANCELED_ORDER_PAYMENT_REFUNDED_EVENT = "installments.canceled_order_payment_refunded"

export interface CanceledOrderPaymentRefundedData {
  order_id: string
  session_id: string
  provider_id: ProviderId
  payment_link_id: string
  transaction_id: string
  /** Decimal SAR refunded. */
  amount: string
  /** `medusa`: through Medusa's refund of the recorded payment; `service`: directly with the service. */
  refunded_through: CanceledOrderRefundRoute
  /** Medusa path: the payment refunded and Medusa's refund id (the service knows it by the canceled-order key). */
  payment_id?: string
  refund_id?: string
  /** Service path: the idempotency key of the refund. */
  idempotency_key?: string
}

export type { CanceledOrderRefundRoute }

/**
 * Emitted when the service refused a refund the plugin or Medusa meant to make (a return's refund,
 * an order cancel's refund, a retry): the ledger row says why and whether it is retried.
 */
export const REFUND_FAILED_EVENT = "installments.refund_failed"

export interface RefundFailedData {
  /** The ledger row (`iref_…`), readable at GET /admin/installments/refunds. */
  id: string
  order_id: string | null
  payment_id: string
  transaction_id: string
  source: string
  /** Decimal SAR. */
  amount: string
  /** Why, in a merchant's words. */
  reason: string
  /** True when the reconciliation job retries it. */
  will_retry: boolean
}

/** Emitted for a verified `order.disputed` delivery: a chargeback was opened on a payment. */
export const PAYMENT_DISPUTED_EVENT = "installments.payment_disputed"

export interface PaymentDisputedData {
  transaction_id: string
  payment_id: string | null
  order_id: string | null
  provider_id: ProviderId
  event_id: string
  /** ISO 8601. */
  disputed_at: string
}

/**
 * Emitted once when a payment link made for what an existing order owes (an exchange, an order
 * edit) or for a draft order's total was paid and Medusa captured it on the order; a draft order
 * has been placed by then.
 */
export const ORDER_PAYMENT_COLLECTED_EVENT = "installments.order_payment_collected"

export interface OrderPaymentCollectedData {
  order_id: string
  order_display_id: number | null
  provider_id: ProviderId
  payment_id: string
  payment_collection_id: string
  session_id: string
  payment_link_id: string
  transaction_id: string | null
  /** What the link collected, decimal SAR. */
  amount: string
  /** True when the order was a draft, placed because this payment was made. */
  converted_from_draft: boolean
}

// Alerts: states that need a person, decided from the health page's figures and emitted by the job
// `installments-raise-alerts` (every 5 minutes) at most once per period while they last
// (installments/alerts/decide.ts; docs/telemetry.md shows a subscriber that emails them).
export type { JobLateData, RefundsFailedForGoodData, WebhookDeliveriesFailingData } from "../../installments/alerts/payloads"

/** Deliveries on a registration's webhook path refused for the last hour (at least 3), none verified: once a day while it lasts. */
export const WEBHOOK_DELIVERIES_FAILING_EVENT = "installments.webhook_deliveries_failing"

/** A plugin job that has not started for twice its period, is stuck that long, or never ran: once a day per job while it lasts. */
export const JOB_LATE_EVENT = "installments.job_late"

/** Refunds that failed for good (any source) since the previous such alert: at most once an hour, each refund once. */
export const REFUNDS_FAILED_FOR_GOOD_EVENT = "installments.refunds_failed_for_good"

/** Every alert event, for one subscriber to all of them (`config = { event: ALERT_EVENTS }`). */
export const ALERT_EVENTS = [WEBHOOK_DELIVERIES_FAILING_EVENT, JOB_LATE_EVENT, REFUNDS_FAILED_FOR_GOOD_EVENT]
