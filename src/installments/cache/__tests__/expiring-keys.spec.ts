import { ExpiringKeys } from "../expiring-keys"

describe("ExpiringKeys", () => {
  it("remembers a key until its ttl has passed", () => {
    const keys = new ExpiringKeys(1_000)
    keys.add("a", 0)
    expect(keys.has("a", 999)).toBe(true)
    expect(keys.has("a", 1_000)).toBe(false)
    expect(keys.has("b", 0)).toBe(false)
  })

  it("a key added again is remembered from the new time", () => {
    const keys = new ExpiringKeys(1_000)
    keys.add("a", 0)
    keys.add("a", 900)
    expect(keys.has("a", 1_500)).toBe(true)
  })

  it("keeps at most maxKeys, letting the oldest go first", () => {
    const keys = new ExpiringKeys(1_000, 2)
    keys.add("a", 0)
    keys.add("b", 0)
    keys.add("c", 0)
    expect(["a", "b", "c"].map((key) => keys.has(key, 1))).toEqual([false, true, true])
  })

  it("forgets one key, or all", () => {
    const keys = new ExpiringKeys(1_000)
    keys.add("a", 0)
    keys.add("b", 0)
    keys.delete("a")
    expect(keys.has("a", 1)).toBe(false)
    keys.clear()
    expect(keys.has("b", 1)).toBe(false)
  })

  it("holds a value per key, each with its own ttl when given", () => {
    const verdicts = new ExpiringKeys<string>(1_000)
    verdicts.set("a", "captured", 0)
    verdicts.set("b", "captured", 0, 5_000)
    expect(verdicts.get("a", 999)).toBe("captured")
    expect(verdicts.get("a", 1_000)).toBeUndefined()
    expect(verdicts.get("b", 4_999)).toBe("captured")
  })

  it("never forgets by time with an infinite ttl, only by count", () => {
    const seen = new ExpiringKeys(Number.POSITIVE_INFINITY, 1)
    seen.add("a", 0)
    expect(seen.has("a", Number.MAX_SAFE_INTEGER)).toBe(true)
    seen.add("b", 0)
    expect(seen.has("a", 1)).toBe(false)
  })
})
