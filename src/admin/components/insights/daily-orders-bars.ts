import { daySlot } from "../charts/day-slots"

/** One way's part of a day's bar, in the chart's own coordinates (0,0 at the top left). */
export interface BarSegment {
  key: string
  orders: number
  y: number
  height: number
}

/** One day's stacked bar: its ways from the bottom up, in the order of the legend. */
export interface DayBar {
  date: string
  total: number
  x: number
  width: number
  segments: BarSegment[]
}

/** Every day of the window with its orders per way, a day without orders empty, so each bar sits on its date. */
export function everyDayOrders(
  daily: Array<{ date: string; orders: Record<string, number> }>,
  days: string[]
): Array<{ date: string; orders: Record<string, number> }> {
  const byDate = new Map(daily.map((day) => [day.date, day.orders]))
  return days.map((date) => ({ date, orders: byDate.get(date) ?? {} }))
}

/**
 * Lays out one stacked bar per day in a `width` × `height` box: the busiest day is the full height,
 * each way's segment is its share of that scale, stacked from the bottom in `keys` order. Counts
 * are whole numbers; only the pixel geometry is a float.
 */
export function dailyOrderBars(
  days: Array<{ date: string; orders: Record<string, number> }>,
  keys: string[],
  width: number,
  height: number
): DayBar[] {
  if (!days.length) {
    return []
  }
  const totals = days.map((day) => keys.reduce((sum, key) => sum + (day.orders[key] ?? 0), 0))
  const busiest = Math.max(1, ...totals)
  return days.map((day, index) => {
    let top = height
    const segments = keys
      .filter((key) => (day.orders[key] ?? 0) > 0)
      .map((key) => {
        const orders = day.orders[key]
        const size = (orders / busiest) * height
        top -= size
        return { key, orders, y: top, height: size }
      })
    return { date: day.date, total: totals[index], ...daySlot(index, days.length, width), segments }
  })
}

const PLUGIN_COLORS: Record<string, string> = { installments: "green", pay_in_full: "blue", plan_unknown: "purple", none: "neutral" }
const PROVIDER_COLORS = ["orange", "red", "neutral"]

/** The tag colour of a way in the chart and its legend: the plugin's ways fixed, other providers in turn. */
export function wayColor(key: string, providerIndex: number): string {
  return PLUGIN_COLORS[key] ?? PROVIDER_COLORS[providerIndex % PROVIDER_COLORS.length]
}
