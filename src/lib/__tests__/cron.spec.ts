import { cronPeriodMs, nextCronRun, parseCron } from "../cron"

// Local times, as Medusa's scheduler reads a schedule: the test holds in any time zone.
const at = (hour: number, minute: number, second = 0, day = 1) => new Date(2026, 0, day, hour, minute, second)

describe("the jobs' cron schedules", () => {
  it("says when each schedule the plugin uses fires next", () => {
    expect(nextCronRun("* * * * *", at(10, 7, 30))).toEqual(at(10, 8))
    expect(nextCronRun("*/5 * * * *", at(10, 7))).toEqual(at(10, 10))
    expect(nextCronRun("*/5 * * * *", at(10, 10))).toEqual(at(10, 15))
    expect(nextCronRun("*/10 * * * *", at(10, 55))).toEqual(at(11, 0))
    expect(nextCronRun("23 * * * *", at(10, 23))).toEqual(at(11, 23))
    expect(nextCronRun("17 * * * *", at(23, 30))).toEqual(at(0, 17, 0, 2))
    expect(nextCronRun("41 3 * * *", at(3, 40))).toEqual(at(3, 41))
    expect(nextCronRun("41 3 * * *", at(3, 41))).toEqual(at(3, 41, 0, 2))
    expect(nextCronRun("0,30 8 * * *", at(8, 10))).toEqual(at(8, 30))
  })

  it("gives the longest gap between two runs", () => {
    expect(cronPeriodMs("* * * * *")).toBe(60_000)
    expect(cronPeriodMs("*/5 * * * *")).toBe(5 * 60_000)
    expect(cronPeriodMs("23 * * * *")).toBe(60 * 60_000)
    expect(cronPeriodMs("41 3 * * *")).toBe(24 * 60 * 60_000)
    expect(cronPeriodMs("0,45 * * * *")).toBe(45 * 60_000)
  })

  it("does not guess a schedule it does not read", () => {
    for (const expression of ["0 0 * * 1", "*/0 * * * *", "61 * * * *", "1-5 * * * *", "* * * *", "@hourly"]) {
      expect(parseCron(expression)).toBeUndefined()
      expect(nextCronRun(expression, at(0, 0))).toBeUndefined()
      expect(cronPeriodMs(expression)).toBeUndefined()
    }
  })
})
