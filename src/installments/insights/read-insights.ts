import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { toHalalas } from "../../lib/money"
import type { CheckoutOutcome } from "./checkout-outcome"
import { insightsFigures, type DailyRow, type FunnelRow, type InsightsFigures, type OrderGroupRow, type PluginScope } from "./figures"
import { idBounds, type InsightsWindow } from "./window"

type Knex = { raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

/**
 * Each order of the window (not a draft, in SAR) with its way of paying, its value and what was
 * refunded of it, summed twice in one pass: per provider and plan, and per day, provider and payment
 * option. The window is a range of the order table's primary key (ids begin with their time); every
 * join follows an index (order_payment_collection by order, payment and payment_session by
 * collection, refund by payment, installments_checkout by session), so the work is the window's
 * orders, whatever the store's age.
 *
 * An order's way of paying and value are those of its first payment collection (the checkout's):
 * the provider of its payment, else of its payment session (a payment the bank still reviews has
 * none yet), and the collection's amount rounded half-up to the halala, what the shopper was asked
 * to pay. Its plan comes from the plugin's checkout record, else from the payment's data; its
 * refunds are the refunds Medusa recorded on that payment.
 */
const ORDERS_SQL = `
  with o as (
    select o.id, (o.created_at at time zone 'UTC')::date as day
    from "order" o
    where o.id >= ? and o.id < ? and o.deleted_at is null and o.is_draft_order = false and o.status <> 'draft'
      and lower(o.currency_code) = 'sar'
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
  select grouping(day) = 1 as by_plan, to_char(day, 'YYYY-MM-DD') as day, provider_id, payment_option,
    case when grouping(bank) = 0 then bank end as bank, case when grouping(tenure) = 0 then tenure end as tenure,
    count(*) as orders, sum(value) as value, sum(refunded) as refunded, count(*) filter (where refunded > 0) as refunded_orders,
    sum(fee) as fee, sum(fee_vat) as fee_vat, count(fee) as with_fee, sum(value) filter (where fee is not null) as value_with_fee
  from each_order
  group by grouping sets ((provider_id, payment_option, bank, tenure), (day, provider_id, payment_option))`

/**
 * The checkouts that started in the window, per outcome and provider: a range of the started_at
 * index. A record whose provider was not known when written takes its session's (by primary key).
 */
const FUNNEL_SQL = `
  select k.outcome, coalesce(k.provider_id, (select ps.provider_id from payment_session ps where ps.id = k.session_id)) as provider_id,
    count(*) as checkouts, sum(round(k.amount, 2)) as amount,
    count(*) filter (where k.bank_rejections + k.card_declines > 0) as with_refusal,
    sum(k.bank_rejections) as bank_rejections, sum(k.card_declines) as card_declines
  from installments_checkout k
  where k.started_at >= ? and k.started_at < ? and k.deleted_at is null
  group by 1, 2`

const OTHER_CURRENCIES_SQL = `
  select count(*) as orders from "order" o
  where o.id >= ? and o.id < ? and o.deleted_at is null and o.is_draft_order = false and o.status <> 'draft'
    and lower(o.currency_code) <> 'sar'`

const count = (value: unknown) => Number(value ?? 0)
const halalas = (value: unknown) => (value === null || value === undefined ? 0n : toHalalas(String(value)))
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** What the Insights page shows for a window, from the store's own records (D45): three indexed queries. */
export async function readInsights(
  container: MedusaContainer,
  window: InsightsWindow,
  scope: PluginScope
): Promise<InsightsFigures & { orders_in_other_currencies: number }> {
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const orderIds = idBounds("order", window)
  const [orders, funnel, others] = await Promise.all([
    knex.raw(ORDERS_SQL, [orderIds.start, orderIds.end]),
    knex.raw(FUNNEL_SQL, [window.start, window.end]),
    knex.raw(OTHER_CURRENCIES_SQL, [orderIds.start, orderIds.end]),
  ])
  const groups: OrderGroupRow[] = []
  const daily: DailyRow[] = []
  for (const row of orders.rows) {
    if (row.by_plan) {
      groups.push({
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
      })
    } else {
      daily.push({
        day: String(row.day),
        provider_id: text(row.provider_id),
        payment_option: text(row.payment_option),
        orders: count(row.orders),
        value: halalas(row.value),
      })
    }
  }
  const funnelRows: FunnelRow[] = funnel.rows.map((row) => ({
    outcome: row.outcome as CheckoutOutcome,
    provider_id: text(row.provider_id),
    checkouts: count(row.checkouts),
    amount: halalas(row.amount),
    with_refusal: count(row.with_refusal),
    bank_rejections: count(row.bank_rejections),
    card_declines: count(row.card_declines),
  }))
  return {
    ...insightsFigures({ orders: groups, daily, funnel: funnelRows, scope }),
    orders_in_other_currencies: count(others.rows[0]?.orders),
  }
}
