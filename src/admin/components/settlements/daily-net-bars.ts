import { toHalalas } from "../../../lib/money"
import { daySlot } from "../charts/day-slots"

/** One day's bar of the chart, in the chart's own coordinates (0,0 at the top left). */
export interface DailyNetBar {
  date: string
  /** The day's net payout as the API sent it (exact), for its label. */
  net: string
  x: number
  y: number
  width: number
  height: number
  negative: boolean
}

/** The bars and where the zero line falls. */
export interface DailyNetChart {
  bars: DailyNetBar[]
  zeroY: number
}

/**
 * The payout series over every day of the window, a day without a payout at "0.00", so the chart's
 * width is the period the merchant picked and a bar sits on its own date. Days outside the window
 * (none, from the API) are kept at the end rather than dropped.
 */
export function everyDay(daily: Array<{ date: string; net: string }>, days: string[]): Array<{ date: string; net: string }> {
  const byDate = new Map(daily.map((day) => [day.date, day.net]))
  const inWindow = days.map((date) => ({ date, net: byDate.get(date) ?? "0.00" }))
  const window = new Set(days)
  return [...inWindow, ...daily.filter((day) => !window.has(day.date))]
}

/** The highest day's net payout as the API sent it, or undefined when no day paid out more than nothing. */
export function highestDay(daily: Array<{ date: string; net: string }>): { date: string; net: string } | undefined {
  return daily.reduce<{ date: string; net: string } | undefined>(
    (best, day) => (toHalalas(day.net) > (best ? toHalalas(best.net) : 0n) ? day : best),
    undefined
  )
}

/**
 * Lays out one bar per day of the settlements answer's `daily` series in a `width` × `height` box.
 * A day where refunds exceeded sales pays out less than nothing and gets a bar below the zero line.
 * Amounts are compared in halalas; only the pixel geometry is a float.
 */
export function dailyNetBars(daily: Array<{ date: string; net: string }>, width: number, height: number): DailyNetChart {
  if (!daily.length) {
    return { bars: [], zeroY: height }
  }
  const values = daily.map((day) => toHalalas(day.net))
  const max = values.reduce((a, b) => (b > a ? b : a), 0n)
  const min = values.reduce((a, b) => (b < a ? b : a), 0n)
  const span = max - min || 1n
  const scale = (halalas: bigint) => (Number(halalas) / Number(span)) * height
  const zeroY = scale(max)
  const bars = daily.map((day, index) => {
    const value = values[index]
    const size = scale(value < 0n ? -value : value)
    return {
      date: day.date,
      net: day.net,
      ...daySlot(index, daily.length, width),
      y: value < 0n ? zeroY : zeroY - size,
      height: size,
      negative: value < 0n,
    }
  })
  return { bars, zeroY }
}
