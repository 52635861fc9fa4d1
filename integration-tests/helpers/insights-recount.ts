import { formatAmount, roundMedusaAmount } from "../../src/lib/money"

// The Insights figures recounted from the raw records, order by order and checkout by checkout, with
// none of the route's code: what the tests compare the route's (and the page's) answer with.

export interface RawPayment {
  id: string
  provider_id: string
  payment_session_id?: string | null
  data?: Record<string, unknown> | null
  refunds?: Array<{ amount: unknown }> | null
}
export interface RawCollection {
  id: string
  amount: unknown
  payments?: RawPayment[] | null
  payment_sessions?: Array<{ id: string; provider_id: string }> | null
}
export interface RawOrder {
  id: string
  created_at: string | Date
  currency_code: string
  payment_collections?: RawCollection[] | null
}
export interface RawCheckout {
  session_id: string
  provider_id: string | null
  started_at: string | Date
  outcome: string
  amount: unknown
  bank_rejections: number
  card_declines: number
  payment_option: string | null
  bank: string | null
  tenure_months: string | null
  fee: unknown
  fee_vat: unknown
}

export interface Recounted {
  started: number
  outcomes: Record<string, { checkouts: number; amount: string }>
  paid_after_refusal: number
  ways: Record<string, { orders: number; total: string; average: string | null; refunded: string; refunded_orders: number }>
  banks: Record<string, { orders: number; total: string }>
  costs: { orders: number; sales: string; fees: string; vat: string; orders_without_fees: number; sales_with_fees: string }
  daily: Record<string, Record<string, number>>
  orders: number
}

const halalas = (value: unknown) => (value === null || value === undefined ? 0n : roundMedusaAmount(value))
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : 1)

/** Half-up division of amounts, written out here on its own. */
function average(total: bigint, count: number): string | null {
  if (!count) return null
  const n = BigInt(count)
  return formatAmount((total * 2n + n) / (2n * n))
}

/**
 * The figures of a window (`from` included, `to` excluded) from the orders and checkouts as the
 * records hold them; `pluginProvider` narrows the plugin to one registration (Medusa's provider id).
 */
export function recount(orders: RawOrder[], checkouts: RawCheckout[], from: Date, to: Date, pluginProvider?: string): Recounted {
  const inWindow = (at: string | Date) => new Date(at) >= from && new Date(at) < to
  const isPlugin = (provider: string | null) =>
    !!provider && provider.startsWith("pp_installments_") && (!pluginProvider || provider === pluginProvider)
  const record = new Map(checkouts.map((checkout) => [checkout.session_id, checkout]))

  const outcomes: Recounted["outcomes"] = {}
  let started = 0
  let paidAfterRefusal = 0
  for (const checkout of checkouts) {
    if (!inWindow(checkout.started_at) || (pluginProvider && checkout.provider_id !== pluginProvider)) continue
    started++
    const entry = (outcomes[checkout.outcome] ??= { checkouts: 0, amount: "0.00" })
    entry.checkouts++
    entry.amount = formatAmount(halalas(entry.amount) + halalas(checkout.amount))
    if (checkout.outcome === "paid" && checkout.bank_rejections + checkout.card_declines > 0) paidAfterRefusal++
  }

  const ways: Record<string, { orders: number; total: bigint; refunded: bigint; refunded_orders: number }> = {}
  const banks: Record<string, { orders: number; total: bigint }> = {}
  const costs = { orders: 0, sales: 0n, fees: 0n, vat: 0n, withFees: 0, salesWithFees: 0n }
  const daily: Recounted["daily"] = {}
  let count = 0
  for (const order of orders) {
    if (!inWindow(order.created_at) || order.currency_code.toLowerCase() !== "sar") continue
    count++
    const collection = [...(order.payment_collections ?? [])].sort(byId)[0]
    const payment = [...(collection?.payments ?? [])].sort(byId)[0]
    const session = payment ? undefined : [...(collection?.payment_sessions ?? [])].sort(byId).at(-1)
    const provider = payment?.provider_id ?? session?.provider_id ?? null
    const checkout = record.get(payment?.payment_session_id ?? session?.id ?? "")
    const option = checkout?.payment_option ?? (payment?.data?.payment_option as string | undefined) ?? null
    const bank = (checkout?.bank ?? (payment?.data?.installment_bank as string | undefined) ?? null)?.toLowerCase() ?? null
    const tenure = checkout?.tenure_months ?? (payment?.data?.installment_months as string | undefined) ?? null
    const value = collection ? halalas(collection.amount) : 0n
    const refunded = (payment?.refunds ?? []).reduce((sum, refund) => sum + halalas(refund.amount), 0n)
    const way = !provider
      ? "none"
      : !isPlugin(provider)
        ? provider
        : option === "Installment"
          ? "installments"
          : option === "Pay In Full"
            ? "pay_in_full"
            : "plan_unknown"
    const entry = (ways[way] ??= { orders: 0, total: 0n, refunded: 0n, refunded_orders: 0 })
    entry.orders++
    entry.total += value
    entry.refunded += refunded
    if (refunded > 0n) entry.refunded_orders++
    if (way === "installments") {
      const key = `${bank}/${tenure}`
      const bankEntry = (banks[key] ??= { orders: 0, total: 0n })
      bankEntry.orders++
      bankEntry.total += value
    }
    if (["installments", "pay_in_full", "plan_unknown"].includes(way)) {
      costs.orders++
      costs.sales += value
      if (checkout?.fee !== null && checkout?.fee !== undefined) {
        costs.withFees++
        costs.salesWithFees += value
        costs.fees += halalas(checkout.fee)
        costs.vat += halalas(checkout.fee_vat)
      }
    }
    const day = new Date(order.created_at).toISOString().slice(0, 10)
    daily[day] ??= {}
    daily[day][way] = (daily[day][way] ?? 0) + 1
  }

  return {
    started,
    outcomes,
    paid_after_refusal: paidAfterRefusal,
    ways: Object.fromEntries(
      Object.entries(ways).map(([way, entry]) => [
        way,
        {
          orders: entry.orders,
          total: formatAmount(entry.total),
          average: average(entry.total, entry.orders),
          refunded: formatAmount(entry.refunded),
          refunded_orders: entry.refunded_orders,
        },
      ])
    ),
    banks: Object.fromEntries(
      Object.entries(banks).map(([key, entry]) => [key, { orders: entry.orders, total: formatAmount(entry.total) }])
    ),
    costs: {
      orders: costs.orders,
      sales: formatAmount(costs.sales),
      fees: formatAmount(costs.fees),
      vat: formatAmount(costs.vat),
      orders_without_fees: costs.orders - costs.withFees,
      sales_with_fees: formatAmount(costs.salesWithFees),
    },
    daily,
    orders: count,
  }
}

/** The route's answer in the recount's shape, for one comparison. */
export function answerAsRecount(answer: {
  funnel: { started: number; outcomes: Record<string, { checkouts: number; amount: string }>; paid_after_refusal: number }
  ways: Array<{
    way: string
    provider_id: string | null
    orders: number
    total: string
    average: string | null
    refunded: string
    refunded_orders: number
    banks?: Array<{ bank: string | null; tenures: Array<{ months: string | null; orders: number; total: string }> }>
  }>
  costs: { orders: number; sales: string; fees: string; vat: string; orders_without_fees: number }
  daily: Array<{ date: string; orders: Record<string, number> }>
  totals: { orders: number }
}): Omit<Recounted, "costs"> & { costs: Omit<Recounted["costs"], "sales_with_fees"> } {
  return {
    started: answer.funnel.started,
    outcomes: Object.fromEntries(
      Object.entries(answer.funnel.outcomes)
        .filter(([, entry]) => entry.checkouts > 0)
        .map(([outcome, entry]) => [outcome, { checkouts: entry.checkouts, amount: entry.amount }])
    ),
    paid_after_refusal: answer.funnel.paid_after_refusal,
    ways: Object.fromEntries(
      answer.ways.map((way) => [
        way.way === "provider" ? way.provider_id! : way.way,
        { orders: way.orders, total: way.total, average: way.average, refunded: way.refunded, refunded_orders: way.refunded_orders },
      ])
    ),
    banks: Object.fromEntries(
      answer.ways.flatMap((way) =>
        (way.banks ?? []).flatMap((bank) =>
          bank.tenures.map((tenure) => [`${bank.bank}/${tenure.months}`, { orders: tenure.orders, total: tenure.total }])
        )
      )
    ),
    costs: {
      orders: answer.costs.orders,
      sales: answer.costs.sales,
      fees: answer.costs.fees,
      vat: answer.costs.vat,
      orders_without_fees: answer.costs.orders_without_fees,
    },
    daily: Object.fromEntries(answer.daily.map((day) => [day.date, day.orders])),
    orders: answer.totals.orders,
  }
}
