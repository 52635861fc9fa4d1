/**
 * Runs inside the benchmark store through `medusa exec` (see bench/module-writes.ts): times the
 * plugin module's writes on the checkout's and the webhook route's paths as they are (one plain
 * statement each) against the same writes through the module's generated `create…` methods (the
 * ORM's unit of work in a transaction of its own), alternating A and B in the same process.
 * Only Node built-ins are imported here: Medusa and the plugin are the store's own copies.
 */
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"

interface Input {
  /** Calls per side and round. */
  calls: number
  rounds: number
  /** Calls in flight at once in the concurrent phase. */
  width: number
}

/** Per side: milliseconds of wall time and of the process's CPU for `calls` calls. */
export interface Timing {
  wallMs: number
  cpuMs: number
}

export interface PairFigures {
  write: string
  a: string
  b: string
  width: number
  rounds: { a: Timing; b: Timing }[]
}

type Write = (i: number) => Promise<unknown>

interface ModuleService {
  recordLinkMade(sessionId: string): Promise<void>
  createInstallmentsLinkMades(input: { session_id: string }): Promise<unknown>
  recordWebhookEvent(input: { event_id: string; event_name: string }): Promise<boolean>
  createWebhookEvents(input: { event_id: string; event_name: string }): Promise<unknown>
  listWebhookEvents(filters: { event_id: string }, config: { take: number; select: string[] }): Promise<unknown[]>
}

async function timed(calls: number, width: number, write: Write): Promise<Timing> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < calls) await write(next++)
    })
  )
  const used = process.cpuUsage(cpu)
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

async function pair(input: Input, width: number, write: string, a: [string, Write], b: [string, Write]): Promise<PairFigures> {
  await timed(50, width, a[1])
  await timed(50, width, b[1])
  const rounds: PairFigures["rounds"] = []
  for (let round = 0; round < input.rounds; round++) {
    // Each side goes first in half the rounds.
    if (round % 2 === 0) {
      const ta = await timed(input.calls, width, a[1])
      rounds.push({ a: ta, b: await timed(input.calls, width, b[1]) })
    } else {
      const tb = await timed(input.calls, width, b[1])
      rounds.push({ a: await timed(input.calls, width, a[1]), b: tb })
    }
  }
  return { write, a: a[0], b: b[0], width, rounds }
}

export default async function moduleWritesRun({ container }: ExecArgs) {
  const input = JSON.parse(readFileSync(process.env.BENCH_MODULE_WRITES_INPUT!, "utf8")) as Input
  const service = container.resolve("installments") as unknown as ModuleService
  const run = randomUUID().slice(0, 8)
  const figures: PairFigures[] = []
  for (const width of [1, input.width]) {
    // Ids recorded through the generated method, so this process has not seen them: replays as of
    // another process's deliveries, or this one's after a restart, reach the database (once each).
    const replayIds = Array.from({ length: 50 + input.calls * input.rounds }, (_, i) => `evt_bench_${run}_${width}_old_${i}`)
    for (const event_id of replayIds) await service.createWebhookEvents({ event_id, event_name: "order.success" })
    figures.push(
      await pair(
        input,
        width,
        "link made (checkout path)",
        ["one INSERT", (i) => service.recordLinkMade(`payses_bench_${run}_${width}_a_${i}_${randomUUID()}`)],
        [
          "generated create",
          (i) => service.createInstallmentsLinkMades({ session_id: `payses_bench_${run}_${width}_b_${i}_${randomUUID()}` }),
        ]
      )
    )
    figures.push(
      await pair(
        input,
        width,
        "first delivery record (webhook route)",
        [
          "INSERT … ON CONFLICT",
          () => service.recordWebhookEvent({ event_id: `evt_bench_${randomUUID()}`, event_name: "order.success" }),
        ],
        ["generated create", () => service.createWebhookEvents({ event_id: `evt_bench_${randomUUID()}`, event_name: "order.success" })]
      )
    )
    let replayA = 0
    let replayB = 0
    figures.push(
      await pair(
        input,
        width,
        "replay of a recorded delivery (webhook route)",
        [
          "INSERT … ON CONFLICT",
          () => service.recordWebhookEvent({ event_id: replayIds[replayA++ % replayIds.length], event_name: "order.success" }),
        ],
        [
          "failed create, then a read",
          async () => {
            const event_id = replayIds[replayB++ % replayIds.length]
            await service.createWebhookEvents({ event_id, event_name: "order.success" }).catch(async () => {
              await service.listWebhookEvents({ event_id }, { take: 1, select: ["id"] })
            })
          },
        ]
      )
    )
  }
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(figures)}\n`)
}
