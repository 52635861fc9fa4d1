import { formatAmount } from "../../lib/money"
import { isInstallmentsProvider } from "../registrations/provider-ids"
import {
  CHECKOUT_OUTCOMES,
  wayKeyOf,
  type BankFigures,
  type CheckoutOutcome,
  type CostFigures,
  type DailyFigures,
  type FunnelFigures,
  type InsightsFigures,
  type OrderFigures,
  type TenureFigures,
  type WayFigures,
  type WayKey,
} from "./answer"
import { averageHalalas, percent } from "./ratios"

// The figures' shapes are the route's answer (answer.ts), which the admin page reads too.
export { wayKeyOf }
export type { BankFigures, CostFigures, DailyFigures, FunnelFigures, InsightsFigures, OrderFigures, TenureFigures, WayFigures, WayKey }

/** The orders of one provider and plan in the window, as the database sums them (amounts in halalas). */
export interface OrderGroupRow {
  provider_id: string | null
  payment_option: string | null
  bank: string | null
  tenure: string | null
  orders: number
  value: bigint
  refunded: bigint
  refunded_orders: number
  fee: bigint
  fee_vat: bigint
  /** Orders whose fee the service reported, and their value. */
  with_fee: number
  value_with_fee: bigint
}

/** One day's orders of one provider and payment option. */
export interface DailyRow {
  day: string
  provider_id: string | null
  payment_option: string | null
  orders: number
  value: bigint
}

/** The checkouts of one outcome and provider that started in the window. */
export interface FunnelRow {
  outcome: CheckoutOutcome
  provider_id: string | null
  checkouts: number
  amount: bigint
  /** Of them, how many had at least one refused attempt. */
  with_refusal: number
  bank_rejections: number
  card_declines: number
}

/** The registrations the figures are about: all of them, or one, by Medusa's provider id (`pp_installments_bnpl`). */
export type PluginScope = { provider_id?: string }

const PLUGIN_WAYS = ["installments", "pay_in_full", "plan_unknown"] as const

/** The way of paying of a provider and payment option, for the plugin registrations in `scope`. */
export function wayOf(providerId: string | null, paymentOption: string | null, scope: PluginScope): WayKey {
  if (!providerId) {
    return "none"
  }
  const plugin = isInstallmentsProvider(providerId) && (!scope.provider_id || scope.provider_id === providerId)
  if (!plugin) {
    return "provider"
  }
  return paymentOption === "Installment" ? "installments" : paymentOption === "Pay In Full" ? "pay_in_full" : "plan_unknown"
}

type Sums = {
  orders: number
  value: bigint
  refunded: bigint
  refunded_orders: number
}

const zero = (): Sums => ({ orders: 0, value: 0n, refunded: 0n, refunded_orders: 0 })

function add(sums: Sums, row: OrderGroupRow): void {
  sums.orders += row.orders
  sums.value += row.value
  sums.refunded += row.refunded
  sums.refunded_orders += row.refunded_orders
}

function figuresOf(sums: Sums, allOrders: number): OrderFigures {
  const average = averageHalalas(sums.value, sums.orders)
  return {
    orders: sums.orders,
    total: formatAmount(sums.value),
    average: average === undefined ? null : formatAmount(average),
    share_of_orders: percent(sums.orders, allOrders),
    refunded: formatAmount(sums.refunded),
    refunded_orders: sums.refunded_orders,
    share_refunded: percent(sums.refunded_orders, sums.orders),
  }
}

// Groups rows by a key, keeping the first-seen order.
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

const byOrdersThen =
  <T extends { orders: number }>(name: (item: T) => string) =>
  (a: T, b: T) =>
    b.orders - a.orders || name(a).localeCompare(name(b))

/** Every figure of the Insights page from the window's sums (D45). */
export function insightsFigures(input: {
  orders: OrderGroupRow[]
  daily: DailyRow[]
  funnel: FunnelRow[]
  scope: PluginScope
}): InsightsFigures {
  const { scope } = input
  const all = zero()
  input.orders.forEach((row) => add(all, row))

  const byWay = groupBy(input.orders, (row) => wayKeyOf(wayOf(row.provider_id, row.payment_option, scope), row.provider_id))
  const ways: WayFigures[] = []
  for (const [key, rows] of byWay) {
    const way = wayOf(rows[0].provider_id, rows[0].payment_option, scope)
    const sums = zero()
    rows.forEach((row) => add(sums, row))
    const figures: WayFigures = { way, provider_id: way === "provider" ? key : null, ...figuresOf(sums, all.orders) }
    if (way === "installments") {
      figures.banks = banksOf(rows, all.orders)
    }
    ways.push(figures)
  }
  const rank = (way: WayFigures) => (PLUGIN_WAYS as readonly string[]).indexOf(way.way) + 1 || (way.way === "none" ? 5 : 4)
  ways.sort((a, b) => rank(a) - rank(b) || byOrdersThen<WayFigures>((w) => w.provider_id ?? "")(a, b))

  return {
    funnel: funnelOf(input.funnel, scope),
    totals: figuresOf(all, all.orders),
    ways,
    costs: costsOf(input.orders, scope),
    daily: dailyOf(input.daily, scope),
  }
}

function banksOf(rows: OrderGroupRow[], allOrders: number): BankFigures[] {
  const banks: BankFigures[] = []
  for (const [bank, bankRows] of groupBy(rows, (row) => row.bank)) {
    const sums = zero()
    bankRows.forEach((row) => add(sums, row))
    const tenures: TenureFigures[] = []
    for (const [months, tenureRows] of groupBy(bankRows, (row) => row.tenure)) {
      const tenureSums = zero()
      tenureRows.forEach((row) => add(tenureSums, row))
      tenures.push({ months, ...figuresOf(tenureSums, allOrders) })
    }
    tenures.sort((a, b) => monthsOf(a.months) - monthsOf(b.months))
    banks.push({ bank, ...figuresOf(sums, allOrders), tenures })
  }
  // Most orders first; a bank no record names after the named ones of as many orders.
  return banks.sort(
    (a, b) => b.orders - a.orders || Number(a.bank === null) - Number(b.bank === null) || (a.bank ?? "").localeCompare(b.bank ?? "")
  )
}

// Tenures in months order (3, 6, 12, 24); one no record names last.
const monthsOf = (months: string | null) => (months !== null && /^\d+$/.test(months) ? Number(months) : Number.MAX_SAFE_INTEGER)

function costsOf(rows: OrderGroupRow[], scope: PluginScope): CostFigures {
  const plugin = rows.filter((row) => (PLUGIN_WAYS as readonly string[]).includes(wayOf(row.provider_id, row.payment_option, scope)))
  let orders = 0
  let sales = 0n
  let fees = 0n
  let vat = 0n
  let withFee = 0
  let salesWithFee = 0n
  for (const row of plugin) {
    orders += row.orders
    sales += row.value
    fees += row.fee
    vat += row.fee_vat
    withFee += row.with_fee
    salesWithFee += row.value_with_fee
  }
  return {
    orders,
    sales: formatAmount(sales),
    fees: formatAmount(fees),
    vat: formatAmount(vat),
    fees_and_vat: formatAmount(fees + vat),
    share_fees: percent(fees, salesWithFee),
    share_vat: percent(vat, salesWithFee),
    share_fees_and_vat: percent(fees + vat, salesWithFee),
    orders_without_fees: orders - withFee,
  }
}

function funnelOf(rows: FunnelRow[], scope: PluginScope): FunnelFigures {
  const inScope = rows.filter((row) => !scope.provider_id || row.provider_id === scope.provider_id)
  const started = inScope.reduce((sum, row) => sum + row.checkouts, 0)
  const outcomes = Object.fromEntries(
    CHECKOUT_OUTCOMES.map((outcome) => {
      const of = inScope.filter((row) => row.outcome === outcome)
      const checkouts = of.reduce((sum, row) => sum + row.checkouts, 0)
      const amount = of.reduce((sum, row) => sum + row.amount, 0n)
      return [outcome, { checkouts, amount: formatAmount(amount), share: percent(checkouts, started) }]
    })
  ) as FunnelFigures["outcomes"]
  return {
    started,
    outcomes,
    conversion: percent(outcomes.paid.checkouts, started),
    paid_after_refusal: inScope.filter((row) => row.outcome === "paid").reduce((sum, row) => sum + row.with_refusal, 0),
    bank_rejections: inScope.reduce((sum, row) => sum + row.bank_rejections, 0),
    card_declines: inScope.reduce((sum, row) => sum + row.card_declines, 0),
  }
}

function dailyOf(rows: DailyRow[], scope: PluginScope): DailyFigures[] {
  const days = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const key = wayKeyOf(wayOf(row.provider_id, row.payment_option, scope), row.provider_id)
    const day = days.get(row.day) ?? {}
    day[key] = (day[key] ?? 0) + row.orders
    days.set(row.day, day)
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, orders]) => ({ date, orders }))
}
