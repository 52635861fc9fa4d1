import { inParallel } from "../in-parallel"

describe("inParallel", () => {
  it("keeps at most `width` tasks in flight and returns the results in order", async () => {
    let now = 0
    let max = 0
    const results = await inParallel(3, 10, async (i) => {
      now++
      max = Math.max(max, now)
      await new Promise((resolve) => setTimeout(resolve, (10 - i) * 2))
      now--
      return i * i
    })
    expect(max).toBe(3)
    expect(results).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81])
  })

  it("runs nothing for no tasks and one at a time for a width below 1", async () => {
    expect(await inParallel(4, 0, async () => 1)).toEqual([])
    let now = 0
    let max = 0
    await inParallel(0, 3, async () => {
      now++
      max = Math.max(max, now)
      await new Promise((resolve) => setTimeout(resolve, 2))
      now--
    })
    expect(max).toBe(1)
  })
})
