/**
 * CPU profiles of the store's server per checkout run: boots the bench store (bench/store.ts),
 * warms both providers up, opens the server's inspector (SIGUSR1) and records one sampling profile
 * per run of `PROFILE_CHECKOUTS` checkouts with `PROFILE_SHOPPERS` shoppers, in the order
 * `PROFILE_ORDER` (i = installments, s = system, c = system captured at authorization, which needs
 * BENCH_CAPTURED_BASELINE=true; ABBA by default, so drift cancels), then prints the difference of
 * each installments run from the baseline run of the same pair by package (bench/cpu-profile-diff.ts). The profiles are written to
 * `PROFILE_DIR` for a closer look (PROFILE_KEY=function on the diff). The profiler's sampling
 * adds its own cost to both runs alike. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:profile-checkout
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { findShop, runCheckouts } from "./checkout"
import { formatProfileDiff, type CpuProfile } from "./cpu-profile-diff"
import {
  BENCH_PORTS,
  CAPTURED_BASELINE,
  CAPTURED_SYSTEM_PROVIDER,
  INSTALLMENTS_PROVIDER,
  SYSTEM_PROVIDER,
  withBenchStoreAndSandboxProcess,
  type BenchStore,
} from "./store"

const DIR = process.env.PROFILE_DIR ?? join(tmpdir(), "checkout-profiles")
const CHECKOUTS = Number(process.env.PROFILE_CHECKOUTS ?? 40)
const SHOPPERS = Number(process.env.PROFILE_SHOPPERS ?? 8)
const ORDER = (process.env.PROFILE_ORDER ?? "i,s,s,i").split(",")
const PROVIDERS: Record<string, { provider: string; name: string }> = {
  i: { provider: INSTALLMENTS_PROVIDER, name: "installments" },
  s: { provider: SYSTEM_PROVIDER, name: "system" },
  c: { provider: CAPTURED_SYSTEM_PROVIDER, name: "captured" },
}
const INSPECTOR = "http://127.0.0.1:9229/json"

// Node 20 has WebSocket behind --experimental-websocket (the npm script sets it); typed here as used.
interface InspectorSocket {
  send(text: string): void
  close(): void
  addEventListener(type: "open" | "message" | "error", listener: (event: { data?: unknown }) => void): void
}
const WebSocketClass = (globalThis as unknown as { WebSocket?: new (url: string) => InspectorSocket }).WebSocket

/** A minimal Chrome DevTools Protocol session: one request at a time, answered by id. */
async function inspectorSession(url: string) {
  if (!WebSocketClass) {
    throw new Error("no WebSocket in this Node.js: run with --experimental-websocket (npm run bench:profile-checkout does)")
  }
  const socket = new WebSocketClass(url)
  const pending = new Map<number, (result: unknown) => void>()
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown }
    if (message.id !== undefined) {
      pending.get(message.id)?.(message.result ?? message.error)
      pending.delete(message.id)
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve())
    socket.addEventListener("error", () => reject(new Error(`could not open the inspector at ${url}`)))
  })
  let lastId = 0
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++lastId
        pending.set(id, resolve as (result: unknown) => void)
        socket.send(JSON.stringify({ id, method, params }))
      }),
    close: () => socket.close(),
  }
}

/** The pid listening on the store's port: the server `medusa develop` forked, not its watcher. */
function serverPid(): number {
  const sockets = execFileSync("ss", ["-ltnpH", `sport = :${BENCH_PORTS.store}`]).toString()
  const pid = /pid=(\d+)/.exec(sockets)?.[1]
  if (!pid) {
    throw new Error(`no process listens on the store's port ${BENCH_PORTS.store}`)
  }
  return Number(pid)
}

/** The order's letters, checked before the store boots: each names a provider this store offers. */
function profileOrder(): string[] {
  const wrong = ORDER.find((which) => !PROVIDERS[which] || (which === "c" && !CAPTURED_BASELINE))
  if (wrong !== undefined) {
    throw new Error(
      `PROFILE_ORDER takes i, s and c (c with BENCH_CAPTURED_BASELINE=true), comma-separated, not ${JSON.stringify(wrong)}`
    )
  }
  return ORDER
}

async function profileRuns(store: BenchStore): Promise<void> {
  mkdirSync(DIR, { recursive: true })
  const shop = await findShop(store)
  const order = ORDER
  for (const which of new Set(order)) {
    await runCheckouts(store, shop, PROVIDERS[which].provider, 2 * SHOPPERS, SHOPPERS)
  }
  process.kill(serverPid(), "SIGUSR1")
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const [target] = (await (await fetch(INSPECTOR)).json()) as { webSocketDebuggerUrl: string }[]
  const inspector = await inspectorSession(target.webSocketDebuggerUrl)
  const runs: { which: string; profile: CpuProfile; checkouts: number }[] = []
  try {
    await inspector.send("Profiler.enable")
    await inspector.send("Profiler.setSamplingInterval", { interval: 1000 })
    for (const [index, which] of order.entries()) {
      await inspector.send("Profiler.start")
      const run = await runCheckouts(store, shop, PROVIDERS[which].provider, CHECKOUTS, SHOPPERS)
      const { profile } = await inspector.send<{ profile: CpuProfile }>("Profiler.stop")
      const file = join(DIR, `${index + 1}-${PROVIDERS[which].name}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      runs.push({ which, profile, checkouts: run.result.total })
      process.stdout.write(
        `${file}: ${run.result.total} checkouts, ${run.result.requestsPerSecond.toFixed(2)}/s, store CPU ${run.cpuMsPerCheckout.toFixed(0)} ms/checkout (profiled)\n`
      )
    }
  } finally {
    inspector.close()
  }
  // Each baseline's k-th run is paired with the installments' k-th run.
  const installments = runs.filter((run) => run.which === "i")
  for (const baseline of ["s", "c"]) {
    const others = runs.filter((run) => run.which === baseline)
    for (let pair = 0; pair < Math.min(installments.length, others.length); pair++) {
      const a = installments[pair]
      const b = others[pair]
      process.stdout.write(
        `\npair ${pair + 1}, A = ${INSTALLMENTS_PROVIDER}, B = ${PROVIDERS[baseline].provider}, ms per checkout\n` +
          `${formatProfileDiff(a.profile, a.checkouts, b.profile, b.checkouts, "package")}\n`
      )
    }
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(profileOrder)
    .then(() => withBenchStoreAndSandboxProcess(profileRuns))
    .then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`${(error as Error).stack ?? error}\n`)
        process.exit(1)
      }
    )
}
