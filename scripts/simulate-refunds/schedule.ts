import { REFUND_PENDING_CODES } from "../../src/installments/refunds/send-refund"
import { isPendingInMedusa, INTENT_SETTLE_MS } from "../../src/installments/refunds/intent"
import { KILL_POINTS, type KillPoint } from "./medusa"
import { Random } from "./random"
import { READ_FAULTS, REFUND_FAULTS, turns, type Fault } from "./service"
import { World, type Process } from "./world"

/**
 * One step of a schedule: a cause, a job run, a crash, a clock jump, or steps at once (in a race
 * schedule three, each started its `offsets` entry of turns of the event loop after the first).
 */
export type Step =
  | { t: "receipt"; proc: number; return_id: string; halalas: number }
  | { t: "redeliver"; proc: number }
  | { t: "merchant"; proc: number; intent: number; halalas: number; retry: boolean }
  | { t: "resolver"; proc: number }
  | { t: "retry"; proc: number }
  | { t: "sweep"; proc: number }
  | { t: "unbacked"; proc: number }
  | { t: "sync"; proc: number }
  | { t: "crash"; proc: number }
  | { t: "jump"; ms: number }
  | { t: "together"; steps: Step[]; offsets?: number[] }

/** A schedule: its steps, and how often a request meets a fault or a refund step a kill. */
export interface Schedule {
  seed: number
  faultRate: number
  killRate: number
  steps: Step[]
  /** A race schedule's share of refund calls answered slowly (applied, the answer late but in time). */
  slowAnswerRate?: number
}

/** A merchant's click: what it asked, the Medusa refunds its runs made, and the one its run answered with. */
type Click = { halalas: bigint; refunds: string[]; answered?: string }

/** The classes of violation the checks find after the jobs ran to quiet. */
export const VIOLATIONS = ["double", "lost", "phantom", "unrecorded", "unresolved", "misbooked", "taken back"] as const
export type Violation = (typeof VIOLATIONS)[number]

export interface Outcome {
  violations: { kind: Violation; detail: string }[]
  /** The state after quiet, for a replay to read: the ledger's rows, Medusa's refunds, the service's. */
  state?: Record<string, unknown>
  /** How many requests met each fault, and how many kills happened at each point. */
  faults: Record<string, number>
  kills: Record<string, number>
}

const PROCESSES = 2

/**
 * The schedule a seed draws: returns in parts, merchant refunds, jobs on two processes, crashes, jumps;
 * with `races`, its race form (withRaces).
 */
export function scheduleOf(seed: number, options: { races?: boolean } = {}): Schedule {
  const random = new Random(seed)
  const steps: Step[] = []
  let intent = 0
  const returns = ["ret_1", "ret_2"]
  const one = (): Step => {
    const proc = random.int(0, PROCESSES - 1)
    const roll = random.next()
    if (roll < 0.22) return { t: "receipt", proc, return_id: random.pick(returns), halalas: random.int(1, 30) * 1000 }
    if (roll < 0.38) return { t: "merchant", proc, intent: ++intent, halalas: random.int(1, 15) * 1000, retry: random.chance(0.7) }
    if (roll < 0.52) return { t: "resolver", proc }
    if (roll < 0.6) return { t: "retry", proc }
    if (roll < 0.63) return { t: "sweep", proc }
    if (roll < 0.66) return { t: "unbacked", proc }
    if (roll < 0.69) return { t: "sync", proc }
    if (roll < 0.74) return { t: "redeliver", proc }
    if (roll < 0.8) return { t: "crash", proc }
    return { t: "jump", ms: random.pick([5_000, 30_000, INTENT_SETTLE_MS, 5 * 60_000, 20 * 60_000]) }
  }
  const count = random.int(4, 14)
  for (let i = 0; i < count; i++) {
    steps.push(random.chance(0.2) ? { t: "together", steps: [one(), one()] } : one())
  }
  const schedule: Schedule = { seed, faultRate: random.pick([0, 0.15, 0.35, 0.6]), killRate: random.pick([0, 0.1, 0.25]), steps }
  return options.races ? withRaces(schedule) : schedule
}

/**
 * The race form of a schedule: what happens at once is three steps, started a few turns apart, so a
 * refund's call can be out while a resolver and a second refund run; merchant refunds are of two
 * amounts, so one can be taken for another; some refund calls answer slowly. Drawn from a second
 * stream, so the plain schedules (and the seeds the spec keeps) stay as they were.
 */
function withRaces(schedule: Schedule): Schedule {
  const extra = new Random(schedule.seed ^ 0x2545f491)
  const amounts = [5_000, 7_500]
  const raced = (step: Step): Step => {
    if (step.t === "merchant") return { ...step, halalas: extra.pick(amounts) }
    if (step.t !== "together") return step
    const third: Step = extra.chance(0.5)
      ? { t: "resolver", proc: extra.int(0, PROCESSES - 1) }
      : {
          t: "merchant",
          proc: extra.int(0, PROCESSES - 1),
          intent: 1000 + extra.int(0, 1e6),
          halalas: extra.pick(amounts),
          retry: false,
        }
    return { t: "together", steps: [...step.steps.map(raced), third], offsets: [0, extra.int(0, 40), extra.int(0, 60)] }
  }
  return { ...schedule, steps: schedule.steps.map(raced), slowAnswerRate: extra.pick([0.3, 0.6, 0.9]) }
}

/** Runs a schedule on a fresh world, then the jobs to quiet with no faults, and checks what money moved. */
export async function runSchedule(schedule: Schedule, options: { serviceForgetsKeys?: boolean } = {}): Promise<Outcome> {
  const random = new Random(schedule.seed ^ 0x5bd1e995)
  const slow = new Random(schedule.seed ^ 0x68e31da4)
  let chaotic = true
  const faults: Record<string, number> = {}
  const kills: Record<string, number> = {}
  const world = new World({
    fault(endpoint): Fault {
      if (!chaotic || !random.chance(schedule.faultRate)) {
        if (!chaotic || endpoint !== "refund" || !schedule.slowAnswerRate || !slow.chance(schedule.slowAnswerRate)) return "ok"
        faults.slow_answer = (faults.slow_answer ?? 0) + 1
        return "slow_answer"
      }
      const fault = endpoint === "refund" ? random.pick(REFUND_FAULTS) : random.pick(READ_FAULTS)
      faults[fault] = (faults[fault] ?? 0) + 1
      return fault
    },
    kill(point: KillPoint) {
      if (!chaotic || !random.chance(schedule.killRate)) return false
      kills[point] = (kills[point] ?? 0) + 1
      return true
    },
  })
  world.service.forgetsKeys = !!options.serviceForgetsKeys
  world.clock.install()
  try {
    let procs: Process[] = Array.from({ length: PROCESSES }, (_, i) => world.start(`p${i + 1}`))
    const clicks = new Map<number, Click>()
    const run = async (step: Step): Promise<void> => {
      if (step.t === "together") {
        const offsets = step.offsets
        // Without offsets no await is added, so a plain schedule interleaves as it always did.
        await Promise.all(step.steps.map((each, i) => (offsets ? turns(offsets[i] ?? 0).then(() => run(each)) : run(each))))
        return
      }
      if (step.t === "jump") {
        world.clock.advance(step.ms)
        return
      }
      if (!procs[step.proc].alive) {
        // A dead process is restarted by its supervisor before it takes more work.
        procs = procs.map((candidate, i) => (i === step.proc ? world.restart(candidate) : candidate))
      }
      const proc = procs[step.proc]
      if (step.t === "crash") {
        world.die(proc)
        procs = procs.map((candidate) => (candidate === proc ? world.restart(proc) : candidate))
        return
      }
      await world.as(proc, async () => {
        switch (step.t) {
          case "receipt":
            world.medusa.receipts += BigInt(step.halalas)
            world.events.push({ return_id: step.return_id })
            return deliver(world, proc)
          case "redeliver":
            return deliver(world, proc)
          case "merchant":
            return merchant(world, proc, step, clicks)
          case "resolver":
            return world.resolver(proc)
          case "retry":
            return world.retryJob(proc)
          case "sweep":
            return world.returnSweep(proc)
          case "unbacked":
            return world.unbackedCheck(proc)
          case "sync":
            return world.trackerSync(proc).catch((error) => {
              // A failed read leaves the ledger as it was (the delivery's handling logs it).
              if (!proc.alive) throw error
            })
        }
      })
    }
    for (const step of schedule.steps) {
      await run(step)
      if (process.env.SIM_TRACE) console.error(`   after ${step.t}: medusa ${world.medusa.refunds.map((r) => r.id).join(",")}`)
    }
    // Quiet: no more faults or kills; dead processes restart; the jobs run until nothing is left to do.
    chaotic = false
    procs = procs.map((proc) => (proc.alive ? proc : world.restart(proc)))
    const worker = procs[0]
    for (let round = 0; round < 60 && (round < 2 || world.openWork() > 0); round++) {
      world.clock.advance(10 * 60_000)
      await world.as(worker, async () => {
        while (world.events.length) await deliver(world, worker)
        await world.trackerSync(worker)
        await world.resolver(worker)
        await world.retryJob(worker)
        await world.returnSweep(worker)
        await world.unbackedCheck(worker)
      })
    }
    const state = {
      ledger: world.ledger.refunds.rows.map((row) => ({ ...row, updated_at: undefined })),
      medusa: world.medusa.refunds.map((refund) => ({
        ...refund,
        halalas: String(refund.halalas),
        booked: world.medusa.booked.has(refund.id),
      })),
      service: world.service.refunds(world.medusa.transactionId).map((refund) => ({ ...refund, halalas: String(refund.halalas) })),
      receipts: String(world.medusa.receipts),
    }
    return { violations: check(world, clicks), faults, kills, state }
  } finally {
    world.clock.uninstall()
  }
}

// The event bus hands the oldest return-received event to the subscriber; a crash leaves it for redelivery.
async function deliver(world: World, proc: Process): Promise<void> {
  const event = world.events[0]
  if (!event) return
  try {
    await world.returnReceived(proc, event.return_id, false)
  } catch (error) {
    if (!proc.alive) throw error
    // The subscriber logs a busy lock or a failed refund; the return is followed for the sweep.
  }
  world.events.shift()
}

// A merchant refunds from the admin: told "try again" after a clear refusal, they may; told to wait, they wait.
async function merchant(
  world: World,
  proc: Process,
  step: Extract<Step, { t: "merchant" }>,
  clicks: Map<number, Click>
): Promise<void> {
  const intent = { halalas: BigInt(step.halalas), refunds: [] as string[], answered: undefined as string | undefined }
  clicks.set(step.intent, intent)
  for (let attempt = 1; attempt <= (step.retry ? 2 : 1); attempt++) {
    const before = world.medusa.made.length
    try {
      intent.answered = await world.medusa.refundPayment(proc, {
        amount: (step.halalas / 100).toFixed(2),
        note: `merchant ${step.intent}`,
      })
      intent.refunds.push(...world.medusa.made.slice(before))
      return
    } catch (error) {
      intent.refunds.push(...world.medusa.made.slice(before))
      if (!proc.alive) throw error
      const code = (error as { code?: string }).code
      if (code === REFUND_PENDING_CODES.unconfirmed || code === REFUND_PENDING_CODES.beingConfirmed) return
    }
  }
}

function check(world: World, clicks: Map<number, Click>): Outcome["violations"] {
  const violations: Outcome["violations"] = []
  const add = (kind: Violation, detail: string) => violations.push({ kind, detail })
  const rows = world.ledger.refunds.rows as { id: string; status?: string; record_in_medusa?: boolean; idempotency_key?: string }[]
  for (const row of rows.filter(isPendingInMedusa)) {
    add(
      "unresolved",
      `ledger row ${row.id} (${row.idempotency_key}) is ${row.status}${row.record_in_medusa ? ", left to record" : ""}`
    )
  }
  const service = world.service.refunds(world.medusa.transactionId)
  const serviceTotal = world.service.refunded(world.medusa.transactionId)
  const medusaTotal = world.medusa.refunded()
  if (serviceTotal > medusaTotal) add("unrecorded", `the service refunded ${serviceTotal}, Medusa shows ${medusaTotal}`)
  if (medusaTotal > serviceTotal) add("phantom", `Medusa shows ${medusaTotal} refunded, the service refunded ${serviceTotal}`)
  for (const [intent, made] of clicks) {
    const applied = service.filter((refund) => made.refunds.includes(refund.key))
    if (applied.length > 1) add("double", `merchant refund ${intent} of ${made.halalas} applied ${applied.length} times`)
    // Told it was refunded (Medusa's run answered with its refund): the merchant never sees it go again.
    if (made.answered && !world.medusa.refunds.some((refund) => refund.id === made.answered)) {
      add("taken back", `merchant refund ${intent} of ${made.halalas} was answered with ${made.answered}, which Medusa no longer has`)
    }
  }
  const returned = service.filter((refund) => refund.key.startsWith("return-")).reduce((sum, refund) => sum + refund.halalas, 0n)
  if (returned > world.medusa.receipts) add("double", `returns refunded ${returned} for ${world.medusa.receipts} received`)
  for (const [id, halalas] of world.medusa.booked) {
    const refund = world.medusa.refunds.find((made) => made.id === id)
    if (!refund) add("misbooked", `the order books ${halalas} refunded for ${id}, a refund Medusa no longer has`)
    else if (refund.halalas !== halalas) add("misbooked", `the order books ${halalas} for ${id}, a refund of ${refund.halalas}`)
  }
  for (const refund of world.medusa.refunds.filter((made) => !world.medusa.booked.has(made.id))) {
    add("misbooked", `the order does not book ${refund.id}, a refund of ${refund.halalas}`)
  }
  const unbooked = world.medusa.refunds.filter((refund) => !world.medusa.booked.has(refund.id)).reduce((sum, r) => sum + r.halalas, 0n)
  const owed = world.medusa.owed() - unbooked
  if (owed > 0n && world.medusa.refunded() < world.medusa.captured) {
    add("lost", `the order still owes ${owed} after its returns (received ${world.medusa.receipts}, refunded ${medusaTotal})`)
  }
  return violations
}

/** The classes a schedule's kill points and faults can take, for the report. */
export const FAULT_CLASSES = [...REFUND_FAULTS, ...READ_FAULTS, ...KILL_POINTS]
