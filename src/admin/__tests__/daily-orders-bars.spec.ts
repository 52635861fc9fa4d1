import { MAX_BAR_WIDTH } from "../components/charts/day-slots"
import { dailyOrderBars, everyDayOrders, wayColor } from "../components/insights/daily-orders-bars"
import { lastDays } from "../lib/insights-range"

const KEYS = ["installments", "pay_in_full", "pp_system_default"]

describe("the daily orders chart", () => {
  it("has a bar for every day of the window, empty on a day without orders", () => {
    const days = everyDayOrders([{ date: "2026-11-02", orders: { installments: 2 } }], ["2026-11-01", "2026-11-02", "2026-11-03"])
    expect(days).toEqual([
      { date: "2026-11-01", orders: {} },
      { date: "2026-11-02", orders: { installments: 2 } },
      { date: "2026-11-03", orders: {} },
    ])
    const bars = dailyOrderBars(days, KEYS, 300, 100)
    expect(bars.map((bar) => [bar.date, bar.total, bar.segments.length])).toEqual([
      ["2026-11-01", 0, 0],
      ["2026-11-02", 2, 1],
      ["2026-11-03", 0, 0],
    ])
  })

  it("stacks each day's ways from the bottom in the legend's order, the busiest day full height", () => {
    const bars = dailyOrderBars(
      [
        { date: "2026-11-01", orders: { installments: 3, pp_system_default: 1 } },
        { date: "2026-11-02", orders: { pay_in_full: 1, installments: 1 } },
      ],
      KEYS,
      200,
      100
    )
    expect(bars[0].segments).toEqual([
      { key: "installments", orders: 3, y: 25, height: 75 },
      { key: "pp_system_default", orders: 1, y: 0, height: 25 },
    ])
    expect(bars[1].segments).toEqual([
      { key: "installments", orders: 1, y: 75, height: 25 },
      { key: "pay_in_full", orders: 1, y: 50, height: 25 },
    ])
    // Two days in 200 units: each bar is capped, centred in its half.
    expect(bars.map((bar) => [bar.x, bar.width])).toEqual([
      [50 - MAX_BAR_WIDTH / 2, MAX_BAR_WIDTH],
      [150 - MAX_BAR_WIDTH / 2, MAX_BAR_WIDTH],
    ])
  })

  it("counts only the ways of the legend, and draws nothing for no day", () => {
    const [bar] = dailyOrderBars([{ date: "2026-11-01", orders: { installments: 1, unknown_way: 5 } }], KEYS, 100, 100)
    expect(bar.total).toBe(1)
    expect(dailyOrderBars([], KEYS, 100, 100)).toEqual([])
  })

  it("gives the plugin's ways fixed colours and the store's other providers theirs in turn", () => {
    expect([wayColor("installments", 0), wayColor("pay_in_full", 0), wayColor("none", 0)]).toEqual(["green", "blue", "neutral"])
    expect([wayColor("pp_system_default", 0), wayColor("pp_stripe_stripe", 1), wayColor("pp_other", 3)]).toEqual([
      "orange",
      "red",
      "orange",
    ])
  })
})

describe("the default window", () => {
  it("is the last 30 days, today included, in the admin's own days", () => {
    expect(lastDays(new Date(2026, 10, 27, 23, 30), 30)).toEqual({ from: "2026-10-29", to: "2026-11-27" })
    expect(lastDays(new Date(2026, 2, 1, 0, 5), 1)).toEqual({ from: "2026-03-01", to: "2026-03-01" })
  })
})
