import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { daysBetween, dayStart, utcDay } from "../installments/insights/day-pieces"
import { readDayRows, type Knex } from "../installments/insights/day-rows"
import { checkoutsPrunedBefore } from "../installments/insights/retention"
import { recordMissedCheckouts } from "../installments/insights/missed-checkouts"
import {
  changedDaysSince,
  markRolledUpTo,
  pruneRolledDays,
  readRolledDays,
  rolledUpTo,
  writeRolledDays,
} from "../installments/insights/rollup"
import { recordedJob } from "../installments/health/job-runs"

const DAY_MS = 24 * 60 * 60 * 1000
// A day is rolled up once it ended this long ago, and changes are read again from this long before
// a run: a transaction still open when the job reads commits within it.
const SETTLE_MS = 10 * 60 * 1000
// Days summed per statement: a month of orders at a time, whatever the store's size.
const DAYS_PER_BATCH = 31

export interface RollUpInsightsOptions {
  /** The job's clock; defaults to now. */
  now?: Date
  /** How long a day must have ended, and how far back changes are read again; 10 minutes. */
  settleMs?: number
}

type Transaction = Knex & { transaction<T>(work: (trx: Knex) => Promise<T>): Promise<T> }

/**
 * Rolls up the Insights figures of each UTC day that has ended (D47), within the checkout records'
 * retention: days not rolled up yet, and days whose refunds, payments or checkout records changed
 * since the last run; then deletes the roll-up of days past the retention. First, the paid checkouts
 * whose record was lost are recorded (missed-checkouts.ts). The first run on a store
 * with history sums its two years once, a month at a time; each later run, a day and what changed.
 */
async function rollUpInsights(container: MedusaContainer, options: RollUpInsightsOptions = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const knex = container.resolve<Transaction>(ContainerRegistrationKeys.PG_CONNECTION)
  const missed = await recordMissedCheckouts(container)
  const settleMs = options.settleMs ?? SETTLE_MS
  const settled = new Date(now.getTime() - settleMs)
  const first = utcDay(checkoutsPrunedBefore(now))
  // The first day not ended (and settled): today, or yesterday just after midnight.
  const end = utcDay(settled)
  const days = daysBetween(first, end)
  if (!days.length) {
    return { days: 0, pruned: 0, missed: missed.recorded }
  }
  const [stamps, upTo] = await Promise.all([readRolledDays(knex, first, days[days.length - 1]), rolledUpTo(knex)])
  const changed = upTo ? await changedDaysSince(knex, upTo) : new Set<string>()
  const due = days.filter((day) => !stamps.has(day) || changed.has(day))
  for (let i = 0; i < due.length; i += DAYS_PER_BATCH) {
    const batch = due.slice(i, i + DAYS_PER_BATCH)
    const rows = await readDayRows(
      knex,
      batch.map((day) => ({ day, start: dayStart(day), end: new Date(dayStart(day).getTime() + DAY_MS), whole: true }))
    )
    await writeRolledDays(knex, batch, rows, now)
  }
  // Changes were read up to the real clock's now, whatever the job's clock says.
  await markRolledUpTo(knex, new Date(Math.min(settled.getTime(), Date.now() - settleMs)))
  const pruned = await pruneRolledDays(knex, first)
  if (due.length) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .info(`installments: rolled up the Insights figures of ${due.length} day(s) (${due[0]} to ${due[due.length - 1]})`)
  }
  return { days: due.length, pruned, missed: missed.recorded }
}

/** Hourly, at :17. */
export const config = { name: "installments-roll-up-insights", schedule: "17 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, rollUpInsights)
