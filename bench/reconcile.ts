/**
 * Reconciliation benchmark: the plugin's sweeps (src/jobs/reconcile-pending-sessions.ts and
 * src/jobs/refund-stray-payments.ts) in the
 * benchmark store with 10,000 completed installments sessions and 100, 1,000 and 10,000 pending
 * ones; prints the sweep's time, service calls and database queries, and each per pending session
 * between sizes (the slope). The sessions are bulk-inserted with SQL (payment_collection and
 * payment_session rows, not checkouts) and their links created on a fresh sandbox; the job runs in
 * a `medusa exec` process (bench/reconcile-sweep.ts). Asserts nothing. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:reconcile
 */
import path from "node:path"
import { InstallmentsClient } from "../src/lib/client"
import { inParallel } from "../src/lib/in-parallel"
import { MERCHANT } from "../scripts/demo/config"
import { BENCH_PORTS, prepareBenchStore, startBenchSandbox } from "./store"
import { execInStore } from "./store-exec"
import { runMain } from "./run-main"

const COMPLETED = Number(process.env.BENCH_COMPLETED ?? 10_000)
const PENDING = (process.env.BENCH_PENDING ?? "100,1000,10000").split(",").map(Number)
const AMOUNT = "1200.00"

interface SweepResult {
  pending: number
  completed: number
  ms: number
  serviceCalls: number
  linkReads: number
  queries: number
}

async function createLinks(sandboxUrl: string, count: number): Promise<string[]> {
  const client = new InstallmentsClient({
    secretKey: MERCHANT.secretKey,
    publicKey: MERCHANT.publicKey,
    baseUrl: sandboxUrl,
    maxRetries: 0,
  })
  return inParallel(16, count, async (i) => {
    const link = await client.paymentLinks.create(MERCHANT.storeId, {
      amount: Number(AMOUNT),
      title: `Bench order ${i}`,
      order_id: `bench-${i}`,
      callback_url: "https://shop.example/return",
      send_sms: false,
    } as never)
    return link.payment_link_id
  })
}

function pad(text: string, width: number): string {
  return text.padStart(width)
}

function table(results: SweepResult[]): string {
  const header = [
    "pending",
    "completed",
    "sweep ms",
    "service calls",
    "link reads",
    "db queries",
    "ms/pending",
    "calls/pending",
    "queries/pending",
  ]
  const widths = header.map((h) => Math.max(h.length, 9))
  const lines = results.map((r, i) => {
    const before = results[i - 1]
    // The slope between this size and the one before: what each extra pending session costs.
    const slope = (value: (x: SweepResult) => number) =>
      before ? ((value(r) - value(before)) / (r.pending - before.pending)).toFixed(3) : "-"
    return [
      r.pending.toLocaleString("en"),
      r.completed.toLocaleString("en"),
      r.ms.toFixed(0),
      String(r.serviceCalls),
      String(r.linkReads),
      String(r.queries),
      slope((x) => x.ms),
      slope((x) => x.serviceCalls),
      slope((x) => x.queries),
    ]
  })
  return [header, ...lines].map((cells) => cells.map((cell, i) => pad(cell, widths[i])).join("  ")).join("\n")
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox + 1)
  try {
    const env = await prepareBenchStore(sandbox.url)
    const links = await createLinks(sandbox.url, Math.max(...PENDING))
    const input = { sandboxUrl: sandbox.url, completed: COMPLETED, pending: PENDING, links, amount: AMOUNT }
    const { results, sessionQuery, plan } = await execInStore<{ results: SweepResult[]; sessionQuery?: string; plan?: string[] }>(
      path.join(__dirname, "reconcile-sweep.ts"),
      env,
      "BENCH_RECONCILE_INPUT",
      input
    )
    process.stdout.write(
      `Reconciliation sweep (bulk-inserted sessions: ${COMPLETED.toLocaleString("en")} completed, then each pending count; ` +
        `links unpaid on a fresh sandbox; default options, reconcileConcurrency 4)\n${table(results)}\n`
    )
    process.stdout.write(`\nThe job's session query (last sweep):\n${sessionQuery}\n${(plan ?? []).join("\n")}\n`)
  } finally {
    await sandbox.stop()
  }
}

runMain(main)
