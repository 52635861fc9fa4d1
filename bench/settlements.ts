/**
 * Settlements export benchmark: time and peak memory of the settlements csv export (the service's
 * csv streamed in, read row by row, joined to orders a batch at a time, written out) for 1k, 10k and
 * 100k rows seeded in the sandbox through its control API, next to a baseline in the same run: the
 * bare streamed download of the same service csv. Prints figures and ratios, asserts nothing.
 *
 *   npm run bench:settlements
 *   BENCH_SIZES=1000,10000 npm run bench:settlements
 *
 * The sandbox runs in a child process so its own memory (it builds each file whole) is not counted.
 * The database side of the join is stubbed and counted: the figure that matters is queries per
 * batch, which must not grow with the rows.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { randomUUID } from "node:crypto"
import { Readable, Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import axios from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { InstallmentsClient, type StatementReport } from "../src/lib/client"
import { joinedStatementRows, JOIN_BATCH_SIZE } from "../src/api/admin/installments/settlements/joined-rows"
import { settlementCsvLines } from "../src/api/admin/installments/settlements/settlement-csv"

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number)
const SECRET = `bench-secret-${randomUUID()}`
const PUBLIC = `sandbox-bench-${randomUUID()}`
const STORE = randomUUID()
const gc = (globalThis as { gc?: () => void }).gc

async function startSandboxProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register/transpile-only",
      "sandbox/src/cli.ts",
      "--port",
      "0",
      "--quiet",
      "--secret-key",
      SECRET,
      "--public-key",
      PUBLIC,
      "--store-id",
      STORE,
    ],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=4096" } }
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (chunk) => {
      out += chunk
      const match = /Base URL:\s+(\S+)/.exec(out)
      if (match) resolve(match[1])
    })
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  return { url, child }
}

/** A container whose database answers nothing and counts every query the join sends. */
function countingContainer() {
  const counter = { queries: 0 }
  const knex = { raw: async () => (counter.queries++, { rows: [] }) }
  const query = { graph: async () => (counter.queries++, { data: [] }) }
  const container = {
    resolve: (key: string) =>
      key === ContainerRegistrationKeys.PG_CONNECTION ? knex : key === ContainerRegistrationKeys.QUERY ? query : undefined,
  } as unknown as MedusaContainer
  return { container, counter }
}

/**
 * Runs `work` and reports its time and the peak growth of the live heap above where it started. With
 * --expose-gc each sample collects first, so garbage V8 has not yet reclaimed is not counted as held.
 */
async function measure(work: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  gc?.()
  const start = process.memoryUsage().heapUsed
  let peak = start
  const sampler = setInterval(
    () => {
      gc?.()
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    },
    gc ? 25 : 2
  )
  const began = process.hrtime.bigint()
  await work()
  const ms = Number(process.hrtime.bigint() - began) / 1e6
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  return { ms, peakMb: (peak - start) / 2 ** 20 }
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done()
    },
  })

async function main() {
  const { url, child } = await startSandboxProcess()
  const client = new InstallmentsClient({ secretKey: SECRET, publicKey: PUBLIC, baseUrl: url, timeoutMs: 600_000 })
  const control = axios.create({ baseURL: `${url}/__sandbox`, proxy: false })
  const results: Array<{
    rows: number
    baseline: { ms: number; peakMb: number }
    export: { ms: number; peakMb: number }
    queries: number
  }> = []
  try {
    for (const [index, size] of SIZES.entries()) {
      // Each size in a year of its own, so the windows never overlap.
      const year = 2010 + index
      const window = { from_date: `${year}-01-01`, to_date: `${year}-12-31`, store_id: STORE }
      await control.post("/statements/seed", {
        count: size,
        from: `${year}-01-01T00:00:00Z`,
        to: `${year}-12-30T00:00:00Z`,
        refund_every: 10,
      })
      const rows = size + Math.floor(size / 10)

      const baseline = await measure(async () => {
        const file = await client.reports.streamStatement({ ...window, format: "csv" })
        await pipeline(file.stream, sink())
      })
      const report: StatementReport = await client.reports.statements(window)
      const { container, counter } = countingContainer()
      const exported = await measure(async () => {
        const file = await client.reports.streamStatement({ ...window, format: "csv" })
        await pipeline(Readable.from(settlementCsvLines(report, joinedStatementRows(container, file.stream))), sink())
      })
      results.push({ rows, baseline, export: exported, queries: counter.queries })
    }
  } finally {
    child.kill()
  }

  console.log(
    `\nSettlements csv export, join batch ${JOIN_BATCH_SIZE} rows${gc ? "" : " (run with --expose-gc: without it garbage counts as held memory)"}\n`
  )
  console.log(
    "| rows | baseline ms | export ms | time ratio | baseline peak live heap MB | export peak live heap MB | queries | queries per 1k rows |"
  )
  console.log("|---|---|---|---|---|---|---|---|")
  for (const r of results) {
    console.log(
      `| ${r.rows.toLocaleString("en")} | ${r.baseline.ms.toFixed(0)} | ${r.export.ms.toFixed(0)} | x${(r.export.ms / r.baseline.ms).toFixed(2)} | ` +
        `${r.baseline.peakMb.toFixed(1)} | ${r.export.peakMb.toFixed(1)} | ${r.queries} | ${((r.queries / r.rows) * 1000).toFixed(1)} |`
    )
  }
  console.log("\nSlopes between sizes (how cost grows with rows):")
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1], results[i]]
    const rowRatio = b.rows / a.rows
    console.log(
      `  ${a.rows.toLocaleString("en")} -> ${b.rows.toLocaleString("en")} rows (x${rowRatio.toFixed(1)}): ` +
        `time x${(b.export.ms / a.export.ms).toFixed(2)}, peak heap x${(b.export.peakMb / Math.max(a.export.peakMb, 0.1)).toFixed(2)}, ` +
        `queries x${(b.queries / a.queries).toFixed(2)}`
    )
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
