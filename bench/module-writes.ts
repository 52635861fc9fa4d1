/**
 * Module writes benchmark: the plugin module's writes on the checkout's path (the record of a link
 * made) and on the webhook route's (a delivery's record, first or replayed), each as one plain
 * statement against the same write through the module's generated `create…` methods, in the
 * benchmark store's process, alternating rounds, one at a time and 8 at once (bench/module-writes-run.ts).
 * Prints per-call wall and CPU time and their ratios (median of the rounds); asserts nothing. Run
 * under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:module-writes
 *   BENCH_CALLS=500 BENCH_ROUNDS=6 flock /tmp/medusa-boot.lock npm run bench:module-writes
 */
import path from "node:path"
import type { PairFigures } from "./module-writes-run"
import { BENCH_PORTS, prepareBenchStore, startBenchSandbox } from "./store"
import { execInStore } from "./store-exec"
import { runMain } from "./run-main"

const CALLS = Number(process.env.BENCH_CALLS ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const WIDTH = Number(process.env.BENCH_WIDTH ?? 8)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function table(figures: PairFigures[]): string {
  const header = ["write", "at once", "A", "B", "ms/call A vs B", "CPU ms/call A vs B", "wall A/B", "CPU A/B"]
  const lines = figures.map((f) => {
    const per = (ms: number) => (ms / CALLS).toFixed(2)
    const wallA = median(f.rounds.map((r) => r.a.wallMs))
    const wallB = median(f.rounds.map((r) => r.b.wallMs))
    const cpuA = median(f.rounds.map((r) => r.a.cpuMs))
    const cpuB = median(f.rounds.map((r) => r.b.cpuMs))
    return [
      f.write,
      String(f.width),
      f.a,
      f.b,
      `${per(wallA)} vs ${per(wallB)}`,
      `${per(cpuA)} vs ${per(cpuB)}`,
      `x${(wallA / wallB).toFixed(2)}`,
      `x${(cpuA / cpuB).toFixed(2)}`,
    ]
  })
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)))
  return [header, ...lines].map((cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ")).join("\n")
}

async function main(): Promise<void> {
  // The store's env names a sandbox; these writes never call it.
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox + 4)
  try {
    const env = await prepareBenchStore(sandbox.url)
    const figures = await execInStore<PairFigures[]>(path.join(__dirname, "module-writes-run.ts"), env, "BENCH_MODULE_WRITES_INPUT", {
      calls: CALLS,
      rounds: ROUNDS,
      width: WIDTH,
    })
    process.stdout.write(
      `Module writes in the store's process: ${CALLS} calls a side and round, ${ROUNDS} rounds alternating A/B (medians of the rounds)\n\n${table(figures)}\n`
    )
  } finally {
    await sandbox.stop()
  }
}

runMain(main)
