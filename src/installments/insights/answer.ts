// The answers of GET /admin/installments/insights and /insights/checkouts (docs/back-office-api.md),
// one source for the routes, the figures that fill them and the admin page. Types and constants
// only, no import: the admin's Vite build imports this file.

/**
 * Where a checkout that reached the hosted page stands (D44); how each is decided is in
 * checkout-outcome.ts.
 */
export const CHECKOUT_OUTCOMES = ["paid", "bank_declined", "card_declined", "abandoned", "open", "not_placed"] as const
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number]

/** The page's tables, each a CSV of its own (`format=csv&table=…`). */
export const INSIGHTS_TABLES = ["funnel", "ways", "costs", "daily"] as const
export type InsightsTable = (typeof INSIGHTS_TABLES)[number]

/**
 * A way of paying (D45): through the plugin, `installments`, `pay_in_full`, or `plan_unknown` (a
 * payment whose plan no record names); `provider`, any other payment provider of the store (named by
 * `provider_id`, an installments registration other than the one asked for included); `none`, an
 * order with no payment or payment session.
 */
export type WayKey = "installments" | "pay_in_full" | "plan_unknown" | "provider" | "none"

/** Counts, totals and averages of a set of orders; amounts are 2-decimal SAR strings, shares percentages. */
export interface OrderFigures {
  orders: number
  total: string
  /** Total / orders, to the halala; null with no order. */
  average: string | null
  /** This way's orders as a share of all the window's orders. */
  share_of_orders: string | null
  refunded: string
  refunded_orders: number
  /** Orders refunded (in part or whole) as a share of this way's orders. */
  share_refunded: string | null
}

export interface TenureFigures extends OrderFigures {
  months: string | null
}

export interface BankFigures extends OrderFigures {
  /** The bank's code in lower case (`rajhi`); null when no record names it. */
  bank: string | null
  tenures: TenureFigures[]
}

export interface WayFigures extends OrderFigures {
  way: WayKey
  /** Medusa's provider id, for `provider`. */
  provider_id: string | null
  /** For `installments`: each bank, and within it each tenure. */
  banks?: BankFigures[]
}

export interface CostFigures {
  /** Orders paid through the plugin and their total. */
  orders: number
  sales: string
  fees: string
  vat: string
  fees_and_vat: string
  /** Fees, VAT and both as a share of the sales whose fees the service reported. */
  share_fees: string | null
  share_vat: string | null
  share_fees_and_vat: string | null
  /** Plugin orders whose fee the service did not report: left out of the shares. */
  orders_without_fees: number
}

export interface FunnelFigures {
  /** Checkouts that reached the hosted page (sessions with a link) started in the window. */
  started: number
  outcomes: Record<CheckoutOutcome, { checkouts: number; amount: string; share: string | null }>
  /** Paid as a share of started. */
  conversion: string | null
  /** Paid after at least one refused attempt. */
  paid_after_refusal: number
  /** Refused attempts, however the checkouts ended. */
  bank_rejections: number
  card_declines: number
}

export interface DailyFigures {
  date: string
  /** Orders that day per way: `installments`, `pay_in_full`, `plan_unknown`, a provider id, `none`. */
  orders: Record<string, number>
}

export interface InsightsFigures {
  funnel: FunnelFigures
  totals: OrderFigures
  ways: WayFigures[]
  costs: CostFigures
  daily: DailyFigures[]
}

/** The key of a way in the daily series and the CSV: the way, or the provider's id. */
export function wayKeyOf(way: WayKey, providerId: string | null): string {
  return way === "provider" ? (providerId ?? "none") : way
}

/** `GET /admin/installments/insights`: a window's figures; amounts are exact 2-decimal SAR strings. */
export interface InsightsAnswer extends InsightsFigures {
  from_date: string
  to_date: string
  /** The registration asked for, by Medusa's provider id; null for all of them. */
  provider_id: string | null
  currency: "SAR"
  /** The window's orders in another currency: not in the figures, which are in SAR. */
  orders_in_other_currencies: number
}

/** How a checkout ended, as one read of its link tells it (`checkoutFacts`) and the checkouts route shows it. */
export interface CheckoutEnding {
  outcome: CheckoutOutcome
  /** Attempts the bank refused (installment tracker R). */
  bank_rejections: number
  /** Attempts the card refused (declined or not authenticated), the bank's refusals left out. */
  card_declines: number
  /** `Installment` or `Pay In Full`, of the payment or, unpaid, of the last refused attempt. */
  payment_option: string | null
  /** The bank's code in lower case (`rajhi`), for an installment plan. */
  bank: string | null
  /** The plan's months as the service wrote them (`"12"`), for an installment plan. */
  tenure_months: string | null
  /** The service's fee on a payment, when it reports one (2-decimal SAR). */
  fee: string | null
  /** The 15% VAT on that fee, when reported. */
  fee_vat: string | null
}

/** One checkout behind a figure of the funnel. */
export interface InsightsCheckout extends CheckoutEnding {
  session_id: string
  provider_id: string | null
  payment_link_id: string
  started_at: string
  amount: string
  decided_at: string
  order: { id: string; display_id: number | null } | null
}

/** `GET /admin/installments/insights/checkouts`: a page of them, newest first. */
export interface InsightsCheckoutsAnswer {
  checkouts: InsightsCheckout[]
  count: number
  limit: number
  offset: number
}
