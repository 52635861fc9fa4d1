import { linkIdKey, sameLinkId } from "../ids"

describe("link ids: one comparison everywhere", () => {
  it("one link whatever the case the service spelled it in", () => {
    expect(sameLinkId("3F2B1C0A-AAAA-4BBB-8CCC-DDDDEEEEFFFF", "3f2b1c0a-aaaa-4bbb-8ccc-ddddeeeeffff")).toBe(true)
    expect(linkIdKey("3F2B1C0A-AAAA")).toBe(linkIdKey("3f2b1c0a-aaaa"))
  })

  it("different, missing or empty ids are never the same link", () => {
    expect(sameLinkId("a", "b")).toBe(false)
    expect(sameLinkId(undefined, undefined)).toBe(false)
    expect(sameLinkId("", "")).toBe(false)
    expect(sameLinkId(null, "a")).toBe(false)
  })
})
