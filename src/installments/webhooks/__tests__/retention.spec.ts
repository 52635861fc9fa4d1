import { isStaleDelivery, pruneBefore } from "../retention"

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

  it("cannot judge a delivery without a readable created_at", () => {
    expect(isStaleDelivery(undefined, NOW, 30)).toBe(false)
    expect(isStaleDelivery("last month", NOW, 30)).toBe(false)
    expect(isStaleDelivery(12345, NOW, 30)).toBe(false)
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
