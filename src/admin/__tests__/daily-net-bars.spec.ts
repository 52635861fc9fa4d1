import { dailyNetBars, everyDay, highestDay } from "../components/settlements/daily-net-bars"

describe("dailyNetBars", () => {
  it("draws one bar per day, the highest payout filling the chart's height", () => {
    const { bars, zeroY } = dailyNetBars(
      [
        { date: "2026-11-01", net: "1164.35" },
        { date: "2026-11-02", net: "0.00" },
        { date: "2026-11-03", net: "582.18" },
      ],
      150,
      100
    )
    expect(zeroY).toBe(100)
    expect(bars.map((bar) => bar.date)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"])
    expect(bars[0]).toMatchObject({ y: 0, height: 100, negative: false, net: "1164.35" })
    // A day without a payout keeps its place in the series with no bar.
    expect(bars[1]).toMatchObject({ height: 0, y: 100 })
    expect(bars[2].height).toBeCloseTo(50, 1)
    // Each bar sits in its own third of the width, with a gap to the next.
    expect(bars[0].x).toBeCloseTo(5)
    expect(bars[0].width).toBeCloseTo(40)
    expect(bars[1].x).toBeCloseTo(55)
  })

  it("draws a day where refunds exceeded sales below the zero line", () => {
    const { bars, zeroY } = dailyNetBars(
      [
        { date: "2026-11-01", net: "300.00" },
        { date: "2026-11-02", net: "-100.00" },
      ],
      200,
      80
    )
    expect(zeroY).toBeCloseTo(60)
    expect(bars[0]).toMatchObject({ y: 0, negative: false })
    expect(bars[0].height).toBeCloseTo(60)
    expect(bars[1]).toMatchObject({ negative: true })
    expect(bars[1].y).toBeCloseTo(60)
    expect(bars[1].height).toBeCloseTo(20)
  })

  it("orders days by their exact amounts, however close", () => {
    const { bars } = dailyNetBars(
      [
        { date: "2026-11-01", net: "90071992547409.93" },
        { date: "2026-11-02", net: "90071992547409.92" },
      ],
      100,
      100
    )
    expect(bars[0].height).toBe(100)
    expect(bars[1].height).toBeLessThanOrEqual(100)
  })

  it("keeps a lone payout day a bar of capped width in the middle of the chart", () => {
    const { bars } = dailyNetBars([{ date: "2026-11-24", net: "1057.16" }], 720, 160)
    expect(bars[0].width).toBe(40)
    expect(bars[0].x + bars[0].width / 2).toBeCloseTo(360)
  })

  it("has no bars and no scale for a window without payouts", () => {
    expect(dailyNetBars([], 100, 100)).toEqual({ bars: [], zeroY: 100 })
  })
})

describe("everyDay", () => {
  it("spreads the payout days over the whole window, other days at 0.00", () => {
    const series = everyDay([{ date: "2026-11-03", net: "1057.16" }], ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"])
    expect(series).toEqual([
      { date: "2026-11-01", net: "0.00" },
      { date: "2026-11-02", net: "0.00" },
      { date: "2026-11-03", net: "1057.16" },
      { date: "2026-11-04", net: "0.00" },
    ])
    // The lone payout is a bar on its own date, a quarter of the way along, not one bar across the chart.
    const { bars } = dailyNetBars(series, 400, 100)
    expect(bars[2]).toMatchObject({ height: 100, negative: false })
    expect(bars[2].x).toBeGreaterThan(200)
  })

  it("keeps a payout day the window does not list", () => {
    expect(everyDay([{ date: "2026-12-01", net: "5.00" }], ["2026-11-30"])).toEqual([
      { date: "2026-11-30", net: "0.00" },
      { date: "2026-12-01", net: "5.00" },
    ])
  })
})

describe("highestDay", () => {
  it("is the day with the largest net payout, compared exactly", () => {
    expect(
      highestDay([
        { date: "a", net: "100.10" },
        { date: "b", net: "100.09" },
        { date: "c", net: "-300.00" },
      ])
    ).toEqual({ date: "a", net: "100.10" })
  })

  it("is undefined when no day paid out more than nothing", () => {
    expect(
      highestDay([
        { date: "a", net: "0.00" },
        { date: "b", net: "-1.00" },
      ])
    ).toBeUndefined()
  })
})
