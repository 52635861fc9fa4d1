/**
 * Scale benchmark (issue 21): does the plugin's background work cost what is live, or what is
 * history? The benchmark store runs each of its six jobs once, fresh, then with history older than
 * a day bulk-inserted straight into the database (100,000 completed checkouts, 20,000 abandoned
 * sessions past their link's lifetime, 100,000 processed deliveries, 5,000 canceled orders' checks,
 * 10,000 ledger rows; see bench/scale-run.ts for exactly what is seeded), each time with the same
 * live work: the last day's traffic at the history's rates (every job's window falls within it),
 * 20 waiting sessions whose links are open, 5 failed refunds due for a retry, 5 pending refunds.
 * Prints, per job, for all jobs and per run: service calls, SQL statements, rows returned, rows
 * PostgreSQL read, wall time, and the history/fresh ratio. Goal: the same service calls, database
 * work within 1.2x. Asserts nothing. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:scale
 */
import path from "node:path"
import { MERCHANT } from "../scripts/demo/config"
import { InstallmentsClient } from "../src/lib/client"
import { inParallel } from "../src/lib/in-parallel"
import type { JobFigures, SeededRows } from "./scale-run"
import { BENCH_PORTS, prepareBenchStore, startBenchSandbox } from "./store"
import { execInStore } from "./store-exec"
import { runMain } from "./run-main"

const OPEN_LINKS = 20
const PAID_LINKS = 5

async function createLinks(sandboxUrl: string, count: number, prefix: string): Promise<string[]> {
  const client = new InstallmentsClient({
    secretKey: MERCHANT.secretKey,
    publicKey: MERCHANT.publicKey,
    baseUrl: sandboxUrl,
    maxRetries: 0,
  })
  return inParallel(4, count, async (i) => {
    const link = await client.paymentLinks.create(MERCHANT.storeId, {
      amount: 1200,
      title: `Bench ${prefix} ${i}`,
      order_id: `bench-${prefix}-${i}`,
      callback_url: "https://shop.example/return",
      send_sms: false,
    } as never)
    return link.payment_link_id
  })
}

/** Pays each link on the sandbox's hosted page as a customer would; returns the transaction ids. */
async function pay(sandboxUrl: string, links: string[]): Promise<string[]> {
  const transactions: string[] = []
  for (const link of links) {
    const answer = await fetch(`${sandboxUrl}/__sandbox/payment-links/${link}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card_number: "5888450000000011", payment_option: "Pay In Full" }),
    })
    const body = (await answer.json()) as { transaction_id?: string }
    if (!answer.ok || !body.transaction_id) {
      throw new Error(`the sandbox did not pay link ${link}: ${answer.status} ${JSON.stringify(body)}`)
    }
    transactions.push(body.transaction_id)
  }
  return transactions
}

const ratio = (history: number, fresh: number) => (fresh === 0 ? (history === 0 ? "1.00" : "inf") : (history / fresh).toFixed(2))

function table(fresh: JobFigures[], history: JobFigures[]): string {
  const header = ["job", "run", "service calls", "SQL statements", "rows returned", "rows read (pg)", "wall ms"]
  const lines: string[][] = []
  const rows = (f: JobFigures, h: JobFigures) => {
    const cells = (run: string, x: JobFigures) => [
      x.job,
      run,
      String(x.serviceCalls),
      String(x.statements),
      String(x.rowsReturned),
      String(x.rowsRead),
      x.ms.toFixed(0),
    ]
    lines.push(cells("fresh", f), cells("history", h))
    lines.push([
      "",
      "ratio",
      ratio(h.serviceCalls, f.serviceCalls),
      ratio(h.statements, f.statements),
      ratio(h.rowsReturned, f.rowsReturned),
      ratio(h.rowsRead, f.rowsRead),
      ratio(h.ms, f.ms),
    ])
  }
  fresh.forEach((f, i) => rows(f, history[i]))
  rows(totals(fresh), totals(history))
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)))
  return [header, ...lines]
    .map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
    .join("\n")
}

/** The figures of all jobs together, as one row. */
function totals(figures: JobFigures[]): JobFigures {
  return figures.reduce(
    (sum, x) => ({
      job: sum.job,
      serviceCalls: sum.serviceCalls + x.serviceCalls,
      statements: sum.statements + x.statements,
      rowsReturned: sum.rowsReturned + x.rowsReturned,
      rowsRead: sum.rowsRead + x.rowsRead,
      ms: sum.ms + x.ms,
    }),
    { job: "all jobs", serviceCalls: 0, statements: 0, rowsReturned: 0, rowsRead: 0, ms: 0 }
  )
}

/** One line per era of the rows the history run held. */
function seededLines(seeded: Record<string, SeededRows>): string {
  return Object.entries(seeded)
    .map(
      ([era, rows]) =>
        `  ${era}: ${rows.sessions} sessions, ${rows.sweepItems} sweep items, ${rows.webhookEvents} deliveries, ${rows.ledgerRows} ledger rows`
    )
    .join("\n")
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox + 2)
  try {
    const env = await prepareBenchStore(sandbox.url)
    const openLinks = await createLinks(sandbox.url, OPEN_LINKS, "open")
    const transactions = await pay(sandbox.url, await createLinks(sandbox.url, PAID_LINKS, "paid"))
    const { fresh, history, seeded } = await execInStore<{
      fresh: JobFigures[]
      history: JobFigures[]
      seeded: Record<string, SeededRows>
    }>(path.join(__dirname, "scale-run.ts"), env, "BENCH_SCALE_INPUT", { sandboxUrl: sandbox.url, openLinks, transactions })
    const f = totals(fresh)
    const h = totals(history)
    process.stdout.write(
      `Background jobs, one run each: a fresh store, then the same store with history older than a day. Both hold the same live work: ` +
        `the last day's traffic at the history's rates, ${OPEN_LINKS} waiting sessions whose links are open, ${PAID_LINKS} failed refunds due ` +
        `and ${PAID_LINKS} pending refunds. Rows of the bench's in the history run (bench/scale-run.ts):\n${seededLines(seeded)}\n\n` +
        `${table(fresh, history)}\n\n` +
        `All jobs, fresh vs history: service calls ${f.serviceCalls} vs ${h.serviceCalls}; SQL statements ${f.statements} vs ${h.statements} (${ratio(h.statements, f.statements)}x); ` +
        `rows returned ${f.rowsReturned} vs ${h.rowsReturned} (${ratio(h.rowsReturned, f.rowsReturned)}x); rows read ${f.rowsRead} vs ${h.rowsRead} (${ratio(h.rowsRead, f.rowsRead)}x)\n`
    )
  } finally {
    await sandbox.stop()
  }
}

runMain(main)
