import { toHalalas } from "../../lib/money"
import type { CheckoutOutcome } from "./checkout-outcome"
import type { DayPiece } from "./day-pieces"
import type { FunnelRow, OrderGroupRow } from "./figures"
import { idBounds } from "./window"

/** What the insights queries need of knex. */
export type Knex = { raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

/** One day's orders of one provider and plan. */
export type OrderDayRow = OrderGroupRow & { day: string }

/** One day's checkouts (by the day they started) of one outcome and provider. */
export type FunnelDayRow = FunnelRow & { day: string }

/** Everything the Insights page reads of a set of days. */
export interface DayRows {
  orders: OrderDayRow[]
  funnel: FunnelDayRow[]
  /** Orders in a currency other than SAR, per day (left out of every figure, counted). */
  otherCurrencyOrders: Map<string, number>
}

/**
 * Each order of the given pieces (not a draft, in SAR) with its way of paying, its value and what
 * was refunded of it, summed per day, provider and plan. A piece is a range of the order table's
 * primary key (ids begin with their time), and an order's day is its piece's; every join follows an
 * index (order_payment_collection by order, payment and payment_session by collection, refund by
 * payment, installments_checkout by session), so the work is the pieces' orders, whatever the
 * store's age.
 *
 * An order's way of paying and value are those of its first payment collection (the checkout's):
 * the provider of its payment, else of its payment session (a payment the bank still reviews has
 * none yet), and the collection's amount rounded half-up to the halala, what the shopper was asked
 * to pay. Its plan comes from the plugin's checkout record, else from the payment's data; its
 * refunds are the refunds Medusa recorded on that payment.
 */
const ORDERS_SQL = `
  with o as (
    select o.id, (?::date[])[width_bucket(o.id, ?::text[])] as day
    from "order" o
    where (:ranges) and o.deleted_at is null and o.is_draft_order = false and o.status <> 'draft' and lower(o.currency_code) = 'sar'
  ),
  c as (
    select distinct on (opc.order_id) opc.order_id, opc.payment_collection_id
    from order_payment_collection opc join o on o.id = opc.order_id
    where opc.deleted_at is null
    order by opc.order_id, opc.payment_collection_id
  ),
  p as (
    select distinct on (p.payment_collection_id) p.payment_collection_id, p.id, p.provider_id, p.payment_session_id,
      p.data->>'payment_option' as payment_option, p.data->>'installment_bank' as bank, p.data->>'installment_months' as tenure
    from payment p join c on c.payment_collection_id = p.payment_collection_id
    where p.deleted_at is null
    order by p.payment_collection_id, p.id
  ),
  s as (
    select distinct on (s.payment_collection_id) s.payment_collection_id, s.id, s.provider_id
    from payment_session s join c on c.payment_collection_id = s.payment_collection_id
    where s.deleted_at is null and not exists (select 1 from p where p.payment_collection_id = s.payment_collection_id)
    order by s.payment_collection_id, s.id desc
  ),
  r as (
    select rf.payment_id, sum(round((rf.raw_amount->>'value')::numeric, 2)) as refunded
    from refund rf join p on p.id = rf.payment_id
    where rf.deleted_at is null
    group by rf.payment_id
  ),
  each_order as (
    select o.day,
      coalesce(p.provider_id, s.provider_id) as provider_id,
      coalesce(k.payment_option, p.payment_option) as payment_option,
      lower(coalesce(k.bank, p.bank)) as bank,
      coalesce(k.tenure_months, p.tenure) as tenure,
      coalesce(round((pc.raw_amount->>'value')::numeric, 2), 0) as value,
      k.fee, k.fee_vat,
      coalesce(r.refunded, 0) as refunded
    from o
    left join c on c.order_id = o.id
    left join payment_collection pc on pc.id = c.payment_collection_id
    left join p on p.payment_collection_id = c.payment_collection_id
    left join s on s.payment_collection_id = c.payment_collection_id
    left join installments_checkout k on k.session_id = coalesce(p.payment_session_id, s.id) and k.deleted_at is null
    left join r on r.payment_id = p.id
  )
  select to_char(day, 'YYYY-MM-DD') as day, provider_id, payment_option, bank, tenure,
    count(*) as orders, sum(value) as value, sum(refunded) as refunded, count(*) filter (where refunded > 0) as refunded_orders,
    sum(fee) as fee, sum(fee_vat) as fee_vat, count(fee) as with_fee, sum(value) filter (where fee is not null) as value_with_fee
  from each_order
  group by day, provider_id, payment_option, bank, tenure`

/**
 * The checkouts that started in the given pieces, per day, outcome and provider: ranges of the
 * started_at index. A record whose provider was not known when written takes its session's (by
 * primary key).
 */
const FUNNEL_SQL = `
  select to_char((?::date[])[width_bucket(k.started_at, ?::timestamptz[])], 'YYYY-MM-DD') as day, k.outcome,
    coalesce(k.provider_id, (select ps.provider_id from payment_session ps where ps.id = k.session_id)) as provider_id,
    count(*) as checkouts, sum(round(k.amount, 2)) as amount,
    count(*) filter (where k.bank_rejections + k.card_declines > 0) as with_refusal,
    sum(k.bank_rejections) as bank_rejections, sum(k.card_declines) as card_declines
  from installments_checkout k
  where (:ranges) and k.deleted_at is null
  group by 1, 2, 3`

const OTHER_CURRENCIES_SQL = `
  select to_char((?::date[])[width_bucket(o.id, ?::text[])], 'YYYY-MM-DD') as day, count(*) as orders
  from "order" o
  where (:ranges) and o.deleted_at is null and o.is_draft_order = false and o.status <> 'draft' and lower(o.currency_code) <> 'sar'
  group by 1`

/** A count as the database answers it. */
export const count = (value: unknown) => Number(value ?? 0)
/** A 2-decimal sum as the database answers it, in halalas. */
export const halalas = (value: unknown) => (value === null || value === undefined ? 0n : toHalalas(String(value)))
/** Text, or null. */
export const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** An order row of ORDERS_SQL, or of the roll-up table (the same columns). */
export function orderDayRow(row: Record<string, unknown>): OrderDayRow {
  return {
    day: String(row.day),
    provider_id: text(row.provider_id),
    payment_option: text(row.payment_option),
    bank: text(row.bank),
    tenure: text(row.tenure),
    orders: count(row.orders),
    value: halalas(row.value),
    refunded: halalas(row.refunded),
    refunded_orders: count(row.refunded_orders),
    fee: halalas(row.fee),
    fee_vat: halalas(row.fee_vat),
    with_fee: count(row.with_fee),
    value_with_fee: halalas(row.value_with_fee),
  }
}

/** A funnel row of FUNNEL_SQL, or of the roll-up table (the same columns). */
export function funnelDayRow(row: Record<string, unknown>): FunnelDayRow {
  return {
    day: String(row.day),
    outcome: row.outcome as CheckoutOutcome,
    provider_id: text(row.provider_id),
    checkouts: count(row.checkouts),
    amount: halalas(row.amount),
    with_refusal: count(row.with_refusal),
    bank_rejections: count(row.bank_rejections),
    card_declines: count(row.card_declines),
  }
}

/** What Medusa's records and the plugin's checkout records say of the given pieces (oldest first): three indexed queries. */
export async function readDayRows(knex: Knex, pieces: DayPiece[]): Promise<DayRows> {
  if (!pieces.length) {
    return { orders: [], funnel: [], otherCurrencyOrders: new Map() }
  }
  const days = pieces.map((piece) => piece.day)
  const ids = pieces.map((piece) => idBounds("order", piece))
  const orderRuns = runsOf(ids)
  const timeRuns = runsOf(pieces)
  // The day of a row: its piece, found by the pieces' first ids (or times); only the runs are read.
  const byOrderId = [days, ids.map((bounds) => bounds.start), ...orderRuns.flat()]
  const byStartedAt = [days, pieces.map((piece) => piece.start), ...timeRuns.flat()]
  const [orders, funnel, others] = await Promise.all([
    knex.raw(withRanges(ORDERS_SQL, "o.id", orderRuns.length), byOrderId),
    knex.raw(withRanges(FUNNEL_SQL, "k.started_at", timeRuns.length), byStartedAt),
    knex.raw(withRanges(OTHER_CURRENCIES_SQL, "o.id", orderRuns.length), byOrderId),
  ])
  return {
    orders: orders.rows.map(orderDayRow),
    funnel: funnel.rows.map(funnelDayRow),
    otherCurrencyOrders: new Map(others.rows.map((row) => [String(row.day), count(row.orders)])),
  }
}

// Consecutive pieces joined into one range, so a year is one range scan, not 365.
function runsOf<T>(pieces: Array<{ start: T; end: T }>): Array<[T, T]> {
  const runs: Array<[T, T]> = []
  for (const piece of pieces) {
    const last = runs[runs.length - 1]
    if (last && valueOf(last[1]) === valueOf(piece.start)) {
      last[1] = piece.end
    } else {
      runs.push([piece.start, piece.end])
    }
  }
  return runs
}

const valueOf = (bound: unknown) => (bound instanceof Date ? bound.getTime() : bound)

// The query with its `:ranges` placeholder as `count` half-open ranges of `column`.
const withRanges = (sql: string, column: string, count: number) =>
  sql.replace(":ranges", Array.from({ length: count }, () => `(${column} >= ? and ${column} < ?)`).join(" or "))
