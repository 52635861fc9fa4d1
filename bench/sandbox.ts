/**
 * Sandbox benchmark: link creation and link details under concurrent keep-alive load, next to a bare
 * node:http server measured the same way in the same process. Absolute numbers depend on the
 * machine; the ratios say whether the sandbox, rather than the code under test, would limit a load
 * test. Then the control API and stop() timings the sandbox's tests no longer assert
 * (bench/sandbox-timings.ts), as ratios to the same server's baseline. Prints results only: nothing
 * here asserts on wall-clock time.
 *
 *   npx ts-node --transpile-only bench/sandbox.ts
 *   BENCH_REQUESTS=5000 BENCH_CONCURRENCY=100 npx ts-node --transpile-only bench/sandbox.ts
 */
import { randomUUID } from "node:crypto"
import { startSandbox } from "../sandbox/src"
import { startBaseline } from "./baseline-server"
import { runLoad, type LoadResult, type RequestSpec } from "./load"
import { formatRatios, formatTable } from "./report"
import { formatTimings, measureTimings } from "./sandbox-timings"

function setting(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got ${raw}`)
  }
  return value
}

const TOTAL = setting("BENCH_REQUESTS", 2000)
const CONCURRENCY = setting("BENCH_CONCURRENCY", 50)
const WARMUP = setting("BENCH_WARMUP", 500)

const SECRET = `bench-secret-${randomUUID()}`
const PUBLIC = `sandbox-bench-${randomUUID()}`
const STORE = randomUUID()

const jsonHeaders = { Authorization: SECRET, "X-Service-Key": PUBLIC, "Content-Type": "application/json" }

function createLink(index: number): RequestSpec {
  return {
    method: "POST",
    path: `/payment_links/${STORE}/create`,
    headers: jsonHeaders,
    body: JSON.stringify({
      amount: 1500,
      title: `Bench order ${index}`,
      order_id: `bench-${index}`,
      callback_url: "https://shop.example/return",
      metadata: { bench: true },
      send_sms: false,
    }),
  }
}

function linkDetails(linkId: string): RequestSpec {
  return { method: "POST", path: `/payment_links/${linkId}/details`, headers: jsonHeaders, body: "{}" }
}

async function createOne(baseUrl: string): Promise<string> {
  const spec = createLink(0)
  const res = await fetch(`${baseUrl}${spec.path}`, { method: "POST", headers: spec.headers, body: spec.body })
  if (res.status !== 201) {
    throw new Error(`creating the details link answered ${res.status}: ${await res.text()}`)
  }
  const { payment_link_id } = (await res.json()) as { payment_link_id: string }
  return payment_link_id
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, secretKey: SECRET, publicKey: PUBLIC, storeId: STORE })
  const baseline = await startBaseline()
  const results: Record<string, LoadResult> = {}
  try {
    const linkId = await createOne(sandbox.url)
    const scenarios: Array<{ name: string; baseUrl: string; request: (index: number) => RequestSpec; status: number }> = [
      { name: "baseline create", baseUrl: baseline.url, request: createLink, status: 201 },
      { name: "sandbox create", baseUrl: sandbox.url, request: createLink, status: 201 },
      { name: "baseline details", baseUrl: baseline.url, request: () => linkDetails(linkId), status: 200 },
      { name: "sandbox details", baseUrl: sandbox.url, request: () => linkDetails(linkId), status: 200 },
    ]
    // Warm every code path (client and both servers) before any measurement, so the first scenario
    // measured does not pay for JIT compilation the later ones get for free.
    for (const scenario of scenarios) {
      await runLoad({ ...scenario, total: WARMUP, concurrency: CONCURRENCY, warmup: 0, expectStatus: [scenario.status] })
    }
    for (const scenario of scenarios) {
      results[scenario.name] = await runLoad({
        ...scenario,
        total: TOTAL,
        concurrency: CONCURRENCY,
        // A short per-run warm-up only opens the run's keep-alive sockets.
        warmup: CONCURRENCY,
        expectStatus: [scenario.status],
      })
    }
  } finally {
    await baseline.stop()
    await sandbox.stop()
  }

  console.log(
    `Sandbox benchmark: ${TOTAL} requests per scenario, ${CONCURRENCY} concurrent keep-alive connections, ${WARMUP} warm-up requests per scenario first`
  )
  console.log(`node ${process.version}, load generator and servers share one process\n`)
  console.log(formatTable(Object.entries(results).map(([name, result]) => ({ name, result }))))
  console.log("\nSandbox relative to the bare node:http baseline (req/s share; latency multiples):")
  console.log(formatRatios("create", results["sandbox create"], results["baseline create"]))
  console.log(formatRatios("details", results["sandbox details"], results["baseline details"]))
  console.log("\nControl API and stop() timings (medians; ratio to the same server's baseline):")
  console.log(formatTimings(await measureTimings()))
  const errors = Object.values(results).reduce((sum, result) => sum + result.errors, 0)
  if (errors > 0) {
    console.log(`\n${errors} requests got an unexpected status or failed; the numbers above include them.`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
