import { InFlightReads } from "../in-flight-reads"

describe("InFlightReads", () => {
  it("joins reads of one key under way, and reads again once it settled", async () => {
    const reads = new InFlightReads<number>()
    let calls = 0
    let release!: () => void
    const read = () =>
      new Promise<number>((resolve) => {
        calls += 1
        release = () => resolve(calls)
      })
    const first = reads.run("link-1", read)
    const second = reads.run("link-1", read)
    expect(reads.size).toBe(1)
    release()
    expect(await Promise.all([first, second])).toEqual([1, 1])
    expect(reads.size).toBe(0)
    const third = reads.run("link-1", read)
    release()
    expect(await third).toBe(2)
  })

  it("never joins different keys, and a failed read is not kept", async () => {
    const reads = new InFlightReads<string>()
    await expect(reads.run("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down")
    expect(reads.size).toBe(0)
    expect(await Promise.all([reads.run("a", async () => "A"), reads.run("b", async () => "B")])).toEqual(["A", "B"])
  })
})
