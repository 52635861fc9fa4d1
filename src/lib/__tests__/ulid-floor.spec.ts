import { idFloor } from "../ulid-floor"

describe("idFloor", () => {
  it("encodes the time as a ULID's first 10 characters, after the prefix", () => {
    // ulid(1732500000000) = 01JDGGR380T3RBQQ2PDG1YJAAG
    expect(idFloor("payses", new Date(1732500000000))).toBe("payses_01JDGGR380")
  })

  it("orders as the times do, and below every id made at that millisecond", () => {
    const earlier = idFloor("payses", new Date("2026-03-01T12:00:00.000Z"))
    const later = idFloor("payses", new Date("2026-03-01T12:00:00.001Z"))
    expect(earlier < later).toBe(true)
    expect(earlier < `${earlier}0000000000000000`).toBe(true)
    expect(`${earlier}ZZZZZZZZZZZZZZZZ` < later).toBe(true)
  })
})
