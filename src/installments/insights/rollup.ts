import { generateEntityId } from "@medusajs/framework/utils"
import { formatAmount } from "../../lib/money"
import { idFloor } from "../../lib/ulid-floor"
import { idTime } from "../../lib/ulid-time"
import { utcDay } from "./day-pieces"
import { funnelDayRow, orderDayRow, type DayRows, type Knex } from "./day-rows"

/**
 * The Insights roll-up (D47): each whole UTC day that has ended, summed once per day by the roll-up
 * job into `installments_insights_day` (orders), `installments_insights_funnel_day` (checkouts by
 * the day they started) and `installments_insights_rolled_day` (which days are rolled up, and their
 * orders in other currencies). The sweep mark named here keeps the time up to which every change of
 * a rolled-up day's records has been rolled up; what changed since is read again from the records.
 */
export const INSIGHTS_ROLLUP_MARK = "insights"

/** The days from `first` to `last` (inclusive) that are rolled up, with their orders in other currencies. */
export async function readRolledDays(knex: Knex, first: string, last: string): Promise<Map<string, number>> {
  const { rows } = await knex.raw(
    `select to_char(day, 'YYYY-MM-DD') as day, other_currency_orders from installments_insights_rolled_day where day >= ?::date and day <= ?::date`,
    [first, last]
  )
  return new Map(rows.map((row) => [String(row.day), Number(row.other_currency_orders)]))
}

/**
 * The rolled-up rows of the days `stamps` names (as readRolledDays answered them, with their
 * orders in other currencies): the day index of each table.
 */
export async function readRolledRows(knex: Knex, stamps: Map<string, number>): Promise<DayRows> {
  const days = [...stamps.keys()]
  if (!days.length) {
    return { orders: [], funnel: [], otherCurrencyOrders: new Map() }
  }
  const [orders, funnel] = await Promise.all([
    knex.raw(`select *, to_char(day, 'YYYY-MM-DD') as day from installments_insights_day where day = any(?::date[])`, [days]),
    knex.raw(`select *, to_char(day, 'YYYY-MM-DD') as day from installments_insights_funnel_day where day = any(?::date[])`, [days]),
  ])
  return { orders: orders.rows.map(orderDayRow), funnel: funnel.rows.map(funnelDayRow), otherCurrencyOrders: stamps }
}

/** Up to when every change is in the roll-up; undefined before the job's first run. */
export async function rolledUpTo(knex: Knex): Promise<Date | undefined> {
  const { rows } = await knex.raw(`select swept_to from installments_sweep_mark where name = ? and deleted_at is null`, [
    INSIGHTS_ROLLUP_MARK,
  ])
  return rows[0] ? new Date(rows[0].swept_to as string | Date) : undefined
}

// Orders whose figures a change since `?` touches: a refund or a payment made since (primary-key
// ranges: ids begin with their time), or a checkout record updated since (its updated_at index),
// through the payment collection to its orders.
const CHANGED_ORDERS_SQL = `
  with touched as (
    select p.payment_collection_id from refund rf join payment p on p.id = rf.payment_id where rf.id >= ?
    union
    select p.payment_collection_id from payment p where p.id >= ?
    union
    select s.payment_collection_id from installments_checkout k join payment_session s on s.id = k.session_id where k.updated_at >= ? and k.deleted_at is null
  )
  select distinct opc.order_id from touched t join order_payment_collection opc on opc.payment_collection_id = t.payment_collection_id
  where opc.deleted_at is null`

// Checkouts whose record changed since `?`, by the day they started.
const CHANGED_CHECKOUT_DAYS_SQL = `
  select distinct to_char((k.started_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day
  from installments_checkout k where k.updated_at >= ? and k.deleted_at is null`

/**
 * The days whose figures may have changed since `since` (an order's day is its id's): a refund or a
 * payment recorded, a checkout record written. Reads only what changed, through indexes.
 */
export async function changedDaysSince(knex: Knex, since: Date): Promise<Set<string>> {
  const [orders, checkouts] = await Promise.all([
    knex.raw(CHANGED_ORDERS_SQL, [idFloor("ref", since), idFloor("pay", since), since]),
    knex.raw(CHANGED_CHECKOUT_DAYS_SQL, [since]),
  ])
  const days = new Set(checkouts.rows.map((row) => String(row.day)))
  for (const row of orders.rows) {
    const at = idTime(String(row.order_id))
    if (at) {
      days.add(utcDay(at))
    }
  }
  return days
}

type Transaction = Knex & { transaction<T>(work: (trx: Knex) => Promise<T>): Promise<T> }

/**
 * Replaces the roll-up of `days` (whole UTC days that have ended) with `rows`, in one transaction
 * under an advisory lock, so two writers never interleave and a reader sees a day before or after.
 */
export async function writeRolledDays(knex: Transaction, days: string[], rows: DayRows, rolledAt: Date): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('installments_insights_rollup'))`, [])
    await trx.raw(`delete from installments_insights_day where day = any(?::date[])`, [days])
    await trx.raw(`delete from installments_insights_funnel_day where day = any(?::date[])`, [days])
    await trx.raw(`delete from installments_insights_rolled_day where day = any(?::date[])`, [days])
    if (rows.orders.length) {
      await trx.raw(
        `insert into installments_insights_day (day, provider_id, payment_option, bank, tenure, orders, value, refunded, refunded_orders, fee, fee_vat, with_fee, value_with_fee)
         select * from unnest(?::date[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::numeric[], ?::numeric[], ?::int[], ?::numeric[], ?::numeric[], ?::int[], ?::numeric[])`,
        columns(rows.orders, [
          (r) => r.day,
          (r) => r.provider_id,
          (r) => r.payment_option,
          (r) => r.bank,
          (r) => r.tenure,
          (r) => r.orders,
          (r) => formatAmount(r.value),
          (r) => formatAmount(r.refunded),
          (r) => r.refunded_orders,
          (r) => formatAmount(r.fee),
          (r) => formatAmount(r.fee_vat),
          (r) => r.with_fee,
          (r) => formatAmount(r.value_with_fee),
        ])
      )
    }
    if (rows.funnel.length) {
      await trx.raw(
        `insert into installments_insights_funnel_day (day, outcome, provider_id, checkouts, amount, with_refusal, bank_rejections, card_declines)
         select * from unnest(?::date[], ?::text[], ?::text[], ?::int[], ?::numeric[], ?::int[], ?::int[], ?::int[])`,
        columns(rows.funnel, [
          (r) => r.day,
          (r) => r.outcome,
          (r) => r.provider_id,
          (r) => r.checkouts,
          (r) => formatAmount(r.amount),
          (r) => r.with_refusal,
          (r) => r.bank_rejections,
          (r) => r.card_declines,
        ])
      )
    }
    await trx.raw(
      `insert into installments_insights_rolled_day (day, other_currency_orders, rolled_at)
       select day, coalesce(o.orders, 0), ? from unnest(?::date[]) as d(day) left join unnest(?::date[], ?::int[]) as o(day_, orders) on o.day_ = d.day`,
      [rolledAt, days, [...rows.otherCurrencyOrders.keys()], [...rows.otherCurrencyOrders.values()]]
    )
  })
}

/** Moves the mark: every change before `to` is in the roll-up. */
export async function markRolledUpTo(knex: Knex, to: Date): Promise<void> {
  await knex.raw(
    `insert into installments_sweep_mark (id, name, swept_to) values (?, ?, ?)
     on conflict (name) where deleted_at is null do update set swept_to = excluded.swept_to, updated_at = now()`,
    [generateEntityId(undefined, "iswm"), INSIGHTS_ROLLUP_MARK, to]
  )
}

/** Deletes the roll-up of days before `day` (the checkout records' retention). */
export async function pruneRolledDays(knex: Knex, before: string): Promise<number> {
  await knex.raw(`delete from installments_insights_day where day < ?::date`, [before])
  await knex.raw(`delete from installments_insights_funnel_day where day < ?::date`, [before])
  const { rows } = await knex.raw(
    `with gone as (delete from installments_insights_rolled_day where day < ?::date returning 1) select count(*) as n from gone`,
    [before]
  )
  return Number(rows[0]?.n ?? 0)
}

// Rows as one array per column, for unnest.
function columns<T>(rows: T[], pick: Array<(row: T) => unknown>): unknown[][] {
  return pick.map((of) => rows.map(of))
}
