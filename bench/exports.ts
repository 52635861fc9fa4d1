/**
 * Exports benchmark (issue 39, item 4): the store's memory while the admin downloads a window's
 * statement through each route that reads one, for statements of 20 MB and 200 MB. The store is the
 * demo's (examples/store, `medusa develop`, the packed plugin); the service is a relay in front of
 * the sandbox that makes each statement as it sends it (bench/statement-relay.ts), so only the
 * store's memory moves. For each route and size it prints the store server's RSS before the
 * download, its peak while the download ran and 5 s after, with what reached the admin. Asserts
 * nothing. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:exports
 *   BENCH_SIZES_MB=20 BENCH_ROUTES="settlements csv" BENCH_BOOT=once flock /tmp/medusa-boot.lock npm run bench:exports
 *
 * BENCH_BOOT=each (the default) boots a fresh store for each route, so what one route leaves in the
 * heap does not hide what the next one costs; `once` runs every route on one boot.
 */
import { ADMIN } from "../scripts/demo/config"
import { listeningPid, measureRss, type RssFigures } from "./process-rss"
import { rowsFor, startStatementRelay, type StatementRelay } from "./statement-relay"
import { BENCH_PORTS, startBenchSandbox, startBenchStore, type BenchStore } from "./store"
import { runMain } from "./run-main"

const MB = 1024 * 1024
const SIZES_MB = (process.env.BENCH_SIZES_MB ?? "20,200").split(",").map(Number)
const BOOT = process.env.BENCH_BOOT === "once" ? "once" : "each"
const WINDOW = { provider_id: "installments", from_date: "2026-10-01", to_date: "2026-10-31" }

interface Route {
  name: string
  path: string
  query: Record<string, string>
}

const ALL_ROUTES: Route[] = [
  { name: "settlements csv", path: "/admin/installments/settlements", query: { format: "csv" } },
  { name: "statement csv", path: "/admin/installments/statements", query: { format: "csv" } },
  { name: "statement pdf", path: "/admin/installments/statements", query: { format: "pdf" } },
  { name: "settlements json", path: "/admin/installments/settlements", query: {} },
  { name: "payout rows", path: "/admin/installments/settlements/STL-20261001-00000000", query: { limit: "100" } },
]
const ROUTES = process.env.BENCH_ROUTES
  ? ALL_ROUTES.filter((route) => process.env.BENCH_ROUTES!.split(",").includes(route.name))
  : ALL_ROUTES

/** What the admin got: the status, the bytes and lines read, and the answer's start when it is short. */
interface Download {
  status: number
  bytes: number
  lines: number
  ms: number
  /** The first 300 characters of an answer that is not a file, or why the download failed. */
  note: string
}

async function adminToken(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  return ((await res.json()) as { token: string }).token
}

/** Downloads as a browser on this machine would: as fast as it comes, nothing kept. */
async function download(storeUrl: string, token: string, route: Route): Promise<Download> {
  const started = Date.now()
  const url = `${storeUrl}${route.path}?${new URLSearchParams({ ...WINDOW, ...route.query })}`
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  let bytes = 0
  let lines = 0
  let head = ""
  let note = ""
  try {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      for (const byte of chunk) lines += byte === 10 ? 1 : 0
      if (head.length < 300) head += Buffer.from(chunk.subarray(0, 300)).toString("utf8")
    }
  } catch (error) {
    note = `cut short: ${(error as Error).message}`
  }
  const contentType = res.headers.get("content-type") ?? ""
  if (!note && contentType.startsWith("application/json")) note = head.slice(0, 300)
  return { status: res.status, bytes, lines, ms: Date.now() - started, note }
}

interface Figure extends RssFigures {
  route: string
  statementMb: number
  download: Download
}

async function measureRoutes(store: BenchStore, relay: StatementRelay, routes: Route[]): Promise<Figure[]> {
  const token = await adminToken(store.url)
  const figures: Figure[] = []
  for (const route of routes) {
    // Warm-up: the route's code loaded and run once on a small statement.
    relay.setStatementBytes(MB / 4)
    await download(store.url, token, route)
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    for (const statementMb of SIZES_MB) {
      relay.setStatementBytes(statementMb * MB)
      const measured = await measureRss(listeningPid(BENCH_PORTS.store), () => download(store.url, token, route))
      figures.push({ route: route.name, statementMb, download: measured.value, ...measured })
      process.stdout.write(`  ${line(figures[figures.length - 1])}\n`)
    }
  }
  return figures
}

const mb = (value: number) => value.toFixed(0)

function line(f: Figure): string {
  const d = f.download
  const rows = rowsFor(f.statementMb * MB)
  return [
    f.route,
    `${f.statementMb} MB (${rows.toLocaleString("en")} rows)`,
    String(d.status),
    `${(d.bytes / MB).toFixed(1)} MB, ${d.lines.toLocaleString("en")} lines`,
    `${(d.ms / 1000).toFixed(1)} s`,
    mb(f.beforeMb),
    mb(f.peakMb),
    mb(f.afterMb),
    `+${mb(f.peakMb - f.beforeMb)}`,
    d.note.replace(/\|/g, "/").replace(/\s+/g, " "),
  ].join(" | ")
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox)
  const relay = await startStatementRelay(sandbox.url, 0)
  const figures: Figure[] = []
  try {
    const groups = BOOT === "once" ? [ROUTES] : ROUTES.map((route) => [route])
    for (const routes of groups) {
      process.stdout.write(`booting the store for ${routes.map((route) => route.name).join(", ")}\n`)
      const store = await startBenchStore(relay.url)
      try {
        figures.push(...(await measureRoutes(store, relay, routes)))
      } catch (error) {
        process.stderr.write(`the store's output, its end:\n${store.output().slice(-3000)}\n`)
        throw error
      } finally {
        await store.stop()
      }
    }
  } finally {
    await relay.stop()
    await sandbox.stop()
  }
  process.stdout.write(
    `\nThe store server's RSS while the admin downloads a statement of ${WINDOW.from_date} to ${WINDOW.to_date} ` +
      `(${BOOT === "once" ? "one store for every route" : "a fresh store per route"}, each route warmed up on a 0.25 MB statement; ` +
      `after: 5 s after the download ended)\n\n` +
      "| route | statement | status | sent to the admin | time | RSS before MB | peak MB | after MB | peak - before | answer |\n" +
      "|---|---|---|---|---|---:|---:|---:|---:|---|\n" +
      figures.map((f) => `| ${line(f)} |`).join("\n") +
      `\n\nstatement files the relay sent: ${relay.files.started}, closed by the store before their end: ${relay.files.cutShort}\n`
  )
}

runMain(main)
