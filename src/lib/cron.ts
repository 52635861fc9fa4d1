/**
 * The few cron schedules the plugin's jobs use, read well enough to say when a job runs next and how
 * often: five fields, of which minute and hour may be `*`, `*\/n`, `n` or `a,b,…` and the other three
 * must be `*`. Anything else is not understood (undefined), never guessed. Times are the process's
 * local time, as Medusa's scheduler reads a schedule.
 */
export interface CronSchedule {
  minutes: number[]
  hours: number[]
}

export function parseCron(expression: string): CronSchedule | undefined {
  const fields = expression.trim().split(/\s+/)
  if (fields.length !== 5 || fields.slice(2).some((field) => field !== "*")) {
    return undefined
  }
  const minutes = values(fields[0], 60)
  const hours = values(fields[1], 24)
  return minutes && hours ? { minutes, hours } : undefined
}

function values(field: string, size: number): number[] | undefined {
  if (field === "*") {
    return [...Array(size).keys()]
  }
  const step = /^\*\/(\d+)$/.exec(field)
  if (step) {
    const every = Number(step[1])
    return every > 0 && every < size ? [...Array(size).keys()].filter((value) => value % every === 0) : undefined
  }
  if (!/^\d+(,\d+)*$/.test(field)) {
    return undefined
  }
  const list = field.split(",").map(Number)
  return list.every((value) => value < size) ? [...new Set(list)].sort((a, b) => a - b) : undefined
}

/** The first time strictly after `after` the schedule fires (to the minute), or undefined. */
export function nextCronRun(expression: string, after: Date): Date | undefined {
  const schedule = parseCron(expression)
  if (!schedule) {
    return undefined
  }
  const next = new Date(after.getTime())
  next.setSeconds(0, 0)
  // At most two days of hours, each to its first matching minute: every schedule above fires daily.
  for (let hour = 0; hour < 48; hour++) {
    if (schedule.hours.includes(next.getHours())) {
      const minute = schedule.minutes.find((value) => {
        const candidate = new Date(next.getTime())
        candidate.setMinutes(value)
        return candidate.getTime() > after.getTime()
      })
      if (minute !== undefined) {
        next.setMinutes(minute)
        return next
      }
    }
    next.setMinutes(0)
    next.setHours(next.getHours() + 1)
  }
  return undefined
}

/** The longest gap between two runs of the schedule, in milliseconds, or undefined. */
export function cronPeriodMs(expression: string): number | undefined {
  const schedule = parseCron(expression)
  if (!schedule) {
    return undefined
  }
  const fires = schedule.hours.flatMap((hour) => schedule.minutes.map((minute) => hour * 60 + minute))
  const gaps = fires.map((fire, i) => (i + 1 < fires.length ? fires[i + 1] : fires[0] + 24 * 60) - fire)
  return Math.max(...gaps) * 60_000
}
