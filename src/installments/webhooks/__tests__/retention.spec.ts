import { isDatedDelivery, isFutureDelivery, isStaleDelivery, MAX_AHEAD_MS, pruneBefore } from "../retention"

const NOW = new Date("2026-03-31T12:00:00Z")
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString()

describe("isStaleDelivery", () => {
  it("is true only for a created_at older than the retention", () => {
    expect(isStaleDelivery(daysAgo(30.01), NOW, 30)).toBe(true)
    expect(isStaleDelivery(daysAgo(29.99), NOW, 30)).toBe(false)
    expect(isStaleDelivery(daysAgo(2), NOW, 1)).toBe(true)
    // A service clock a little ahead is not stale.
    expect(isStaleDelivery(daysAgo(-0.01), NOW, 30)).toBe(false)
  })
})

describe("isDatedDelivery", () => {
  it("reads only an ISO 8601 created_at: without one a delivery cannot be judged, and is refused", () => {
    expect(isDatedDelivery(daysAgo(1))).toBe(true)
    expect(isDatedDelivery("2026-03-31T12:00:00+03:00")).toBe(true)
    for (const undated of [undefined, null, "", "last month", "2026-03-31", "2026-13-45T99:00:00Z", 12345, {}]) {
      expect([undated, isDatedDelivery(undated)]).toEqual([undated, false])
    }
  })
})

describe("pruneBefore", () => {
  it("keeps records a day past the longest retention, so every replay of a deleted one is stale", () => {
    expect(pruneBefore(NOW, [30, 7]).toISOString()).toBe(daysAgo(31))
    expect(pruneBefore(NOW, [90]).toISOString()).toBe(daysAgo(91))
    const cutoff = pruneBefore(NOW, [30])
    expect(isStaleDelivery(new Date(cutoff.getTime() + 1).toISOString(), NOW, 30)).toBe(true)
  })

  it("uses the 30-day default when no registration is configured", () => {
    expect(pruneBefore(NOW, []).toISOString()).toBe(daysAgo(31))
  })
})

describe("isFutureDelivery (D55)", () => {
  it("refuses a created_at more than an hour ahead, so no processed delivery outlives its record", () => {
    expect(isFutureDelivery(new Date(NOW.getTime() + MAX_AHEAD_MS).toISOString(), NOW)).toBe(false)
    expect(isFutureDelivery(new Date(NOW.getTime() + MAX_AHEAD_MS + 1000).toISOString(), NOW)).toBe(true)
    expect(isFutureDelivery(daysAgo(-400), NOW)).toBe(true)
    // Every delivery the route processes is stale before its record may be pruned: the latest
    // created_at accepted at receipt, the retention later, is still not stale when the prune comes.
    const received = NOW
    const latestAccepted = new Date(received.getTime() + MAX_AHEAD_MS).toISOString()
    const pruneAt = new Date(received.getTime() + (NOW.getTime() - pruneBefore(NOW, [30]).getTime()) + 1)
    expect(pruneBefore(pruneAt, [30]).getTime()).toBeGreaterThan(received.getTime())
    expect(isStaleDelivery(latestAccepted, pruneAt, 30)).toBe(true)
  })
})
