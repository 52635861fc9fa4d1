// The answers of GET /admin/installments/insights and /insights/checkouts, as the admin reads them
// (docs/back-office-api.md). Amounts are exact decimal strings, shares percentages with 2 decimals.

export type CheckoutOutcome = "paid" | "bank_declined" | "card_declined" | "abandoned" | "open" | "not_placed"
export const CHECKOUT_OUTCOMES: CheckoutOutcome[] = ["paid", "bank_declined", "card_declined", "abandoned", "open", "not_placed"]

export type WayKey = "installments" | "pay_in_full" | "plan_unknown" | "provider" | "none"

export interface OrderFigures {
  orders: number
  total: string
  average: string | null
  share_of_orders: string | null
  refunded: string
  refunded_orders: number
  share_refunded: string | null
}

export interface WayFigures extends OrderFigures {
  way: WayKey
  provider_id: string | null
  banks?: Array<OrderFigures & { bank: string | null; tenures: Array<OrderFigures & { months: string | null }> }>
}

export interface InsightsResponse {
  from_date: string
  to_date: string
  provider_id: string | null
  currency: string
  funnel: {
    started: number
    outcomes: Record<CheckoutOutcome, { checkouts: number; amount: string; share: string | null }>
    conversion: string | null
    paid_after_refusal: number
    bank_rejections: number
    card_declines: number
  }
  totals: OrderFigures
  ways: WayFigures[]
  costs: {
    orders: number
    sales: string
    fees: string
    vat: string
    fees_and_vat: string
    share_fees: string | null
    share_vat: string | null
    share_fees_and_vat: string | null
    orders_without_fees: number
  }
  daily: Array<{ date: string; orders: Record<string, number> }>
  orders_in_other_currencies: number
}

export interface InsightsCheckout {
  session_id: string
  provider_id: string | null
  payment_link_id: string
  started_at: string
  amount: string
  outcome: CheckoutOutcome
  bank_rejections: number
  card_declines: number
  payment_option: string | null
  bank: string | null
  tenure_months: string | null
  fee: string | null
  fee_vat: string | null
  decided_at: string
  order: { id: string; display_id: number | null } | null
}

export interface InsightsCheckoutsResponse {
  checkouts: InsightsCheckout[]
  count: number
  limit: number
  offset: number
}

/** The tables the page downloads as CSV. */
export type InsightsTable = "funnel" | "ways" | "costs" | "daily"

/** A way's key in the daily series: the way, or a provider's id. */
export const wayKey = (way: Pick<WayFigures, "way" | "provider_id">) =>
  way.way === "provider" ? (way.provider_id ?? "none") : way.way
