// npm run simulate:refunds [-- --schedules N] [--from SEED] [--replay SEED] [--races]
// Runs seeded schedules of faults, kills, restarts, duplicate and concurrent events, two processes
// and clock jumps over returns in parts and merchant refunds (scripts/simulate-refunds/schedule.ts),
// then the jobs to quiet, and checks the money: prints schedules per second and violations by class.
// A failing seed prints its schedule; --replay SEED runs that schedule again, exactly. --races runs
// each seed's race form: three steps at once a few turns apart, two refund amounts, slow answers.
import { runSchedule, scheduleOf, VIOLATIONS, type Violation } from "./schedule"

function argument(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? Number(process.argv[index + 1]) : undefined
}

let current: number | undefined
const races = process.argv.includes("--races")
const flag = races ? " --races" : ""

async function main(): Promise<void> {
  const replay = argument("replay")
  if (replay !== undefined) {
    const schedule = scheduleOf(replay, { races })
    console.log(JSON.stringify(schedule, null, 2))
    const outcome = await runSchedule(schedule)
    console.log(JSON.stringify(outcome, (_key, value) => (typeof value === "bigint" ? String(value) : value), 2))
    process.exitCode = outcome.violations.length ? 1 : 0
    return
  }
  const count = argument("schedules") ?? 1000
  const from = argument("from") ?? 1
  const byClass = Object.fromEntries(VIOLATIONS.map((kind) => [kind, 0])) as Record<Violation, number>
  const faults: Record<string, number> = {}
  const failing: number[] = []
  const started = process.hrtime.bigint()
  for (let seed = from; seed < from + count; seed++) {
    current = seed
    const outcome = await runSchedule(scheduleOf(seed, { races }))
    delete outcome.state
    for (const [name, n] of Object.entries({ ...outcome.faults, ...outcome.kills })) faults[name] = (faults[name] ?? 0) + n
    if (outcome.violations.length) {
      failing.push(seed)
      for (const violation of outcome.violations) byClass[violation.kind] += 1
      if (failing.length <= 3) {
        console.log(`seed ${seed}: ${outcome.violations.map((v) => `${v.kind}: ${v.detail}`).join("; ")}`)
        console.log(`  replay: npm run simulate:refunds -- --replay ${seed}${flag}`)
      }
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  console.log(`schedules: ${count} in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(1)} per second)`)
  console.log(
    `faults met and kills: ${Object.entries(faults)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}`
  )
  console.log(`violations by class: ${VIOLATIONS.map((kind) => `${kind} ${byClass[kind]}`).join(", ")}`)
  console.log(
    `failing schedules: ${failing.length}${failing.length ? ` (seeds ${failing.slice(0, 20).join(", ")}${failing.length > 20 ? ", ..." : ""})` : ""}`
  )
  process.exitCode = failing.length ? 1 : 0
}

// A schedule whose work waits forever leaves nothing for the event loop: that is a finding too.
process.on("beforeExit", () => {
  if (process.exitCode === undefined) {
    console.log(`schedule ${current} never finished (its work waits forever): npm run simulate:refunds -- --replay ${current}${flag}`)
    process.exitCode = 2
  }
})

void main()
