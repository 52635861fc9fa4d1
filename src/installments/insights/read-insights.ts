import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { dayPieces } from "./day-pieces"
import { readDayRows, type DayRows, type Knex } from "./day-rows"
import { insightsFigures, type DailyRow, type FunnelRow, type InsightsFigures, type OrderGroupRow, type PluginScope } from "./figures"
import { changedDaysSince, readRolledDays, readRolledRows, rolledUpTo } from "./rollup"
import type { InsightsWindow } from "./window"

/**
 * What the Insights page shows for a window, from the store's own records (D45): each whole day the
 * roll-up holds and nothing changed of since (D47) from the roll-up, every other day (today, a day
 * not rolled up yet, a day with a refund, payment or checkout record since, a window's part of a
 * day) from Medusa's records and the plugin's checkout records. The same figures either way.
 */
export async function readInsights(
  container: MedusaContainer,
  window: InsightsWindow,
  scope: PluginScope
): Promise<InsightsFigures & { orders_in_other_currencies: number }> {
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const pieces = dayPieces(window)
  const rolled = await trustedRolledDays(
    knex,
    pieces.filter((piece) => piece.whole).map((piece) => piece.day)
  )
  const [fromRollup, fromRecords] = await Promise.all([
    readRolledRows(knex, rolled),
    readDayRows(
      knex,
      pieces.filter((piece) => !rolled.has(piece.day))
    ),
  ])
  const { groups, daily, funnel, otherCurrencyOrders } = sumDays([fromRollup, fromRecords])
  return {
    ...insightsFigures({ orders: groups, daily, funnel, scope }),
    orders_in_other_currencies: otherCurrencyOrders,
  }
}

// The whole days of the window the roll-up holds, less those whose records changed since it was
// made, each with its orders in other currencies.
async function trustedRolledDays(knex: Knex, wholeDays: string[]): Promise<Map<string, number>> {
  if (!wholeDays.length) {
    return new Map()
  }
  const [stamps, upTo] = await Promise.all([readRolledDays(knex, wholeDays[0], wholeDays[wholeDays.length - 1]), rolledUpTo(knex)])
  if (!upTo || !stamps.size) {
    return new Map()
  }
  const changed = await changedDaysSince(knex, upTo)
  return new Map(wholeDays.flatMap((day) => (stamps.has(day) && !changed.has(day) ? [[day, stamps.get(day)!] as const] : [])))
}

/** Day rows summed into the figures' inputs: per provider and plan, per day and way, per outcome. */
export function sumDays(parts: DayRows[]): {
  groups: OrderGroupRow[]
  daily: DailyRow[]
  funnel: FunnelRow[]
  otherCurrencyOrders: number
} {
  const groups = new Map<string, OrderGroupRow>()
  const daily = new Map<string, DailyRow>()
  const funnel = new Map<string, FunnelRow>()
  let otherCurrencyOrders = 0
  for (const part of parts) {
    for (const { day, ...row } of part.orders) {
      const group = groups.get(key(row.provider_id, row.payment_option, row.bank, row.tenure))
      if (group) {
        group.orders += row.orders
        group.value += row.value
        group.refunded += row.refunded
        group.refunded_orders += row.refunded_orders
        group.fee += row.fee
        group.fee_vat += row.fee_vat
        group.with_fee += row.with_fee
        group.value_with_fee += row.value_with_fee
      } else {
        groups.set(key(row.provider_id, row.payment_option, row.bank, row.tenure), { ...row })
      }
      const dayKey = key(day, row.provider_id, row.payment_option)
      const ofDay = daily.get(dayKey)
      if (ofDay) {
        ofDay.orders += row.orders
        ofDay.value += row.value
      } else {
        daily.set(dayKey, {
          day,
          provider_id: row.provider_id,
          payment_option: row.payment_option,
          orders: row.orders,
          value: row.value,
        })
      }
    }
    for (const { day: _day, ...row } of part.funnel) {
      const outcome = funnel.get(key(row.outcome, row.provider_id))
      if (outcome) {
        outcome.checkouts += row.checkouts
        outcome.amount += row.amount
        outcome.with_refusal += row.with_refusal
        outcome.bank_rejections += row.bank_rejections
        outcome.card_declines += row.card_declines
      } else {
        funnel.set(key(row.outcome, row.provider_id), { ...row })
      }
    }
    for (const orders of part.otherCurrencyOrders.values()) {
      otherCurrencyOrders += orders
    }
  }
  return { groups: [...groups.values()], daily: [...daily.values()], funnel: [...funnel.values()], otherCurrencyOrders }
}

// A map key of nullable parts (JSON keeps null apart from "null").
const key = (...parts: Array<string | null>) => JSON.stringify(parts)
