import { REFUSAL_LINES_PER_MINUTE, RefusalLog } from "../refusal-log"

function logger() {
  const lines: string[] = []
  return { lines, warn: (message: string) => void lines.push(message) }
}

describe("RefusalLog", () => {
  it("logs the first refusals of a minute per key, says once that the rest are only counted, and how many in the next minute", () => {
    const log = new RefusalLog()
    const out = logger()
    for (let i = 0; i < 1_000; i++) log.warn(out, "installments: bad_signature", `refused ${i}`, 10_000 + i)
    expect(REFUSAL_LINES_PER_MINUTE).toBe(10)
    expect(out.lines).toHaveLength(REFUSAL_LINES_PER_MINUTE + 1)
    expect(out.lines.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `refused ${i}`))
    expect(out.lines[10]).toMatch(
      /more than 10 webhook deliveries refused .*installments: bad_signature.*counted on the health page, not logged/
    )
    log.warn(out, "installments: bad_signature", "refused later", 70_000)
    expect(out.lines[11]).toBe("refused later (990 more refused for this reason in the minute before were not logged)")
  })

  it("keeps each registration and reason apart", () => {
    const log = new RefusalLog()
    const out = logger()
    for (let i = 0; i < 50; i++) log.warn(out, "installments: bad_signature", "a", 0)
    log.warn(out, "installments: unknown_key", "b", 0)
    log.warn(out, "bnpl: bad_signature", "c", 0)
    expect(out.lines.slice(-2)).toEqual(["b", "c"])
  })
})
