import { inBatches } from "../in-batches"

describe("inBatches", () => {
  it("asks again while a batch comes back full and stops after the first short one", async () => {
    const answers = [3, 3, 1, 3]
    const asked: number[] = []
    const total = await inBatches(3, async (take) => {
      asked.push(take)
      return answers.shift()!
    })
    expect(asked).toEqual([3, 3, 3])
    expect(total).toBe(7)
  })

  it("asks once when the first batch is empty", async () => {
    const prune = jest.fn(async () => 0)
    expect(await inBatches(1000, prune)).toBe(0)
    expect(prune).toHaveBeenCalledTimes(1)
  })
})
