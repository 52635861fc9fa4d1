/**
 * Insights benchmark (issue 31): the Insights route's answer for a year's window over 100,000 orders
 * in the benchmark store (examples/store with the packed plugin), next to a plain count(*) of the
 * same window's orders, with the live heap before and after the answers; then the same window again
 * once 100,000 older orders (the year before) are in the store, to show the answer costs the
 * window, not the store's age. Orders, their payment collections, sessions, payments and refunds,
 * and the plugin's checkout records are bulk-inserted with SQL (bench/insights-run.ts) and removed
 * afterwards. Goal: a year's window answers in under a second on this 2-core machine. Prints
 * figures, asserts nothing. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:insights
 *   BENCH_ORDERS=10000 BENCH_HISTORY=10000 BENCH_RUNS=3 npm run bench:insights
 */
import path from "node:path"
import type { PhaseFigures } from "./insights-run"
import { BENCH_PORTS, prepareBenchStore, startBenchSandbox } from "./store"
import { execInStore } from "./store-exec"
import { runMain } from "./run-main"

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const HISTORY = Number(process.env.BENCH_HISTORY ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0)

function table(phases: PhaseFigures[]): string {
  const header = [
    "store",
    "window orders",
    "answer ms (median)",
    "min-max",
    "count(*) ms",
    "ratio",
    "rows read",
    "heap MB before/after",
    "peak +MB",
    "answer KB",
  ]
  const lines = phases.map((p) => [
    p.phase,
    p.windowOrders.toLocaleString("en"),
    ms(median(p.pageMs)),
    `${ms(Math.min(...p.pageMs))}-${ms(Math.max(...p.pageMs))}`,
    ms(median(p.countMs)),
    `x${(median(p.pageMs) / median(p.countMs)).toFixed(1)}`,
    p.rowsRead.toLocaleString("en"),
    `${p.heapBeforeMb.toFixed(1)} / ${p.heapAfterMb.toFixed(1)}`,
    p.heapPeakMb.toFixed(1),
    (p.answerBytes / 1024).toFixed(1),
  ])
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)))
  return [header, ...lines]
    .map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
    .join("\n")
}

async function main(): Promise<void> {
  // The store's env names a sandbox; the Insights route never calls it.
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox + 3)
  try {
    const env = await prepareBenchStore(sandbox.url)
    const { window, phases } = await execInStore<{ window: { from_date: string; to_date: string }; phases: PhaseFigures[] }>(
      path.join(__dirname, "insights-run.ts"),
      // --expose-gc: the heap is read after a collection, so what is measured is what is held.
      { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --expose-gc`.trim() },
      "BENCH_INSIGHTS_INPUT",
      { orders: ORDERS, history: HISTORY, runs: RUNS }
    )
    const [first] = phases
    process.stdout.write(
      `Insights for ${window.from_date} to ${window.to_date} (GET /admin/installments/insights, the route's handler in the store's process, ` +
        `answer serialized; ${RUNS} timed runs after a warm-up). Seeded: ${ORDERS.toLocaleString("en")} orders over the window ` +
        `(40% 0% installments, 10% pay in full through the plugin, 50% Medusa's system provider; one in twenty refunded), ` +
        `the plugin's checkout records (${first.answer.started.toLocaleString("en")} checkouts), then ${HISTORY.toLocaleString("en")} orders in the year before.\n\n` +
        `${table(phases)}\n\n` +
        phases
          .map(
            (p) =>
              `${p.phase}: answered ${p.answer.orders.toLocaleString("en")} orders, ${p.answer.started.toLocaleString("en")} checkouts, ` +
              `${p.answer.ways} ways of paying, ${p.answer.days} days` +
              (p.rollup ? `; the roll-up job before it summed ${p.rollup.days} days in ${ms(p.rollup.ms)} ms` : "")
          )
          .join("\n") +
        "\n"
    )
  } finally {
    await sandbox.stop()
  }
}

runMain(main)
