import { idFloor } from "../ulid-floor"
import { idTime } from "../ulid-time"

describe("idTime", () => {
  it("reads the creation time of a Medusa id", () => {
    // ulid(1732500000000) = 01JDGGR380T3RBQQ2PDG1YJAAG
    expect(idTime("payses_01JDGGR380T3RBQQ2PDG1YJAAG")?.getTime()).toBe(1732500000000)
    expect(idTime("order_01jdggr380t3rbqq2pdg1yjaag")?.getTime()).toBe(1732500000000)
  })

  it("is the inverse of idFloor to the millisecond", () => {
    const at = new Date("2026-11-27T01:02:03.456Z")
    expect(idTime(`${idFloor("payses", at)}T3RBQQ2PDG1YJAAG`)).toEqual(at)
  })

  it("is undefined for an id that is not a prefix and a ULID", () => {
    expect(idTime("payses_1")).toBeUndefined()
    expect(idTime("payses_01JDGGR38!T3RBQQ2PDG1YJAAG")).toBeUndefined()
    expect(idTime("payses_ZZZZZZZZZZT3RBQQ2PDG1YJAAG")).toBeUndefined()
  })
})
