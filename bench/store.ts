import type Medusa from "@medusajs/js-sdk"
import { Client } from "pg"
import { startSandbox, type RunningSandbox } from "../sandbox/src"
import { MERCHANT } from "../scripts/demo/config"
import { ensureDatabase } from "../scripts/demo/database"
import { openJourney, type JourneyContext } from "../scripts/demo/journey/context"
import { groupCpuMs, liveGroupProcesses } from "../scripts/demo/process-group"
import { pluginFingerprint } from "../scripts/demo/plugin-package"
import { installPlugin, isPrepared, prepareDatabase, startStore, type RunningStore } from "../scripts/demo/store"
import { REGISTRATIONS, registerWebhooks } from "../scripts/demo/webhooks"
import { startSandboxProcess } from "./sandbox-process"

/** Ports of the Medusa benchmarks (9300-9399); each can be moved with an environment variable. */
export const BENCH_PORTS = {
  sandbox: Number(process.env.BENCH_SANDBOX_PORT ?? 9310),
  store: Number(process.env.BENCH_STORE_PORT ?? 9320),
}

/** The benchmarks' own database on the local PostgreSQL (never the demo's). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/installments_bench"

export const SYSTEM_PROVIDER = "pp_system_default"
export const INSTALLMENTS_PROVIDER = "pp_installments_installments"
/** Medusa's system provider captured at authorization (examples/store/src/modules/captured-system). */
export const CAPTURED_SYSTEM_PROVIDER = "pp_captured_system"

/**
 * BENCH_CAPTURED_BASELINE=true: the store also offers CAPTURED_SYSTEM_PROVIDER, and the checkout
 * bench runs it as a third provider, so what Medusa does for any payment captured at authorization
 * shows apart from what the plugin does.
 */
export const CAPTURED_BASELINE = process.env.BENCH_CAPTURED_BASELINE === "true"

/** The providers whose checkouts involve no service: nothing to pay on the sandbox, no webhooks. */
export const LOCAL_PROVIDERS: readonly string[] = [SYSTEM_PROVIDER, CAPTURED_SYSTEM_PROVIDER]

/** The store's env as `npm run demo` fills it, pointing at the benchmark's sandbox and database. */
export function storeEnv(sandboxUrl: string): Record<string, string> {
  const storefront = "http://localhost:8000"
  return {
    DATABASE_URL: BENCH_DATABASE_URL,
    INSTALLMENTS_SECRET_KEY: MERCHANT.secretKey,
    INSTALLMENTS_PUBLIC_KEY: MERCHANT.publicKey,
    INSTALLMENTS_STORE_ID: MERCHANT.storeId,
    INSTALLMENTS_BASE_URL: sandboxUrl,
    STOREFRONT_URL: storefront,
    STORE_CORS: storefront,
    ADMIN_CORS: `http://localhost:${BENCH_PORTS.store}`,
    AUTH_CORS: `http://localhost:${BENCH_PORTS.store},${storefront}`,
    // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": every process of the store writes a profile on exit.
    ...(process.env.BENCH_STORE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_STORE_NODE_OPTIONS } : {}),
    ...(CAPTURED_BASELINE ? { BENCH_CAPTURED_BASELINE: "true" } : {}),
  }
}

/** A sandbox of the service in memory, with the demo merchant's keys (the demo store's settings). */
export function startBenchSandbox(port: number) {
  return startSandbox({ port, host: "127.0.0.1", ...MERCHANT, allowHttpWebhooks: true })
}

/**
 * The demo store (examples/store: stock Medusa with the packed plugin installed by npm) on the
 * benchmark database, migrated and seeded once per plugin build. Returns the env it runs with.
 */
export async function prepareBenchStore(sandboxUrl: string): Promise<Record<string, string>> {
  const fingerprint = pluginFingerprint()
  installPlugin(fingerprint)
  await ensureDatabase(BENCH_DATABASE_URL, false)
  const env = storeEnv(sandboxUrl)
  if (!isPrepared(BENCH_DATABASE_URL, fingerprint)) {
    prepareDatabase(env, fingerprint)
  }
  return env
}

/** A running benchmark store, its SDK clients, and the CPU its processes have used so far. */
export interface BenchStore extends JourneyContext {
  url: string
  cpuMs: () => number
  /** The sandbox's CPU so far, when it runs in a process of its own (else it is the benchmark's). */
  sandboxCpuMs?: () => number
  /** What `medusa develop` printed so far. */
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts the store (`medusa develop`, as the demo does) with `pp_system_default` (and, with
 * CAPTURED_BASELINE, `pp_captured_system`) enabled on the seeded Saudi region beside the installments providers, and the webhooks registered with the
 * sandbox (a new in-memory sandbox each run, so keys the database kept from a previous run go first).
 */
export async function startBenchStore(sandboxUrl: string): Promise<BenchStore> {
  const env = await prepareBenchStore(sandboxUrl)
  await dropWebhookKeys()
  await restock()
  const store = await startStore(env, BENCH_PORTS.store)
  try {
    const ctx = await openJourney(store.url, sandboxUrl)
    await enableLocalProviders(ctx.admin, ctx.regionId)
    await registerWebhooks(ctx.admin, store.url, benchEndpoints())
    return {
      ...ctx,
      url: store.url,
      cpuMs: () => groupCpuMs(store.processGroup),
      output: store.output,
      stop: () => stopAndCheck(store),
    }
  } catch (error) {
    await store.stop()
    throw error
  }
}

/**
 * The registrations whose webhook endpoints the bench registers: the first one, as the quickstart's
 * store has it (one registration, one endpoint), or the first `BENCH_WEBHOOK_ENDPOINTS` of the demo
 * store's three (with 3, every event reaches the store three times, once per endpoint of the account).
 */
function benchEndpoints(): string[] {
  const count = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 1)
  if (!Number.isInteger(count) || count < 1 || count > REGISTRATIONS.length) {
    throw new Error(
      `BENCH_WEBHOOK_ENDPOINTS must be a whole number from 1 to ${REGISTRATIONS.length}, not ${process.env.BENCH_WEBHOOK_ENDPOINTS}`
    )
  }
  return REGISTRATIONS.slice(0, count)
}

/** Stops the store and fails when any of its processes still runs or its port still answers. */
async function stopAndCheck(store: RunningStore): Promise<void> {
  await store.stop()
  const left = liveGroupProcesses(store.processGroup)
  const answers = await fetch(`${store.url}/health`).then(
    () => true,
    () => false
  )
  if (left || answers) {
    throw new Error(`the store was stopped but ${left} of its processes still run${answers ? ` and ${store.url} still answers` : ""}`)
  }
}

/** The baselines on the seeded region beside the installments providers. */
async function enableLocalProviders(admin: Medusa, regionId: string): Promise<void> {
  const { region } = await admin.admin.region.retrieve(regionId, { fields: "id,*payment_providers" })
  const ids = (region.payment_providers ?? []).map((provider) => provider.id)
  const missing = [SYSTEM_PROVIDER, ...(CAPTURED_BASELINE ? [CAPTURED_SYSTEM_PROVIDER] : [])].filter((id) => !ids.includes(id))
  if (missing.length) {
    await admin.admin.region.update(regionId, { payment_providers: [...ids, ...missing] })
  }
}

/**
 * Every product back in stock: each run sells hundreds, and the seed stocks the demo's few hundred.
 * Medusa computes availability from the raw (exact) column, so both are set.
 */
const restock = () =>
  benchSql(
    "UPDATE inventory_level SET stocked_quantity = reserved_quantity + 100000, " +
      "raw_stocked_quantity = jsonb_build_object('value', (reserved_quantity + 100000)::text, 'precision', 20) WHERE deleted_at IS NULL"
  )

/** False with `BENCH_ANALYZE=0`: the bench database's statistics are left as they are. */
export const ANALYZE_TABLES = process.env.BENCH_ANALYZE !== "0"

/**
 * Fresh planner statistics for the bench database, as autovacuum keeps them in a store. This
 * machine's PostgreSQL runs with autovacuum off: never analyzed, the tables' plans (Medusa's and the
 * plugin's) walk whole link tables for one row, a cost that grows with every run's orders.
 * `BENCH_ANALYZE=0` leaves the statistics as they are.
 */
export async function analyzeBenchDatabase(): Promise<void> {
  if (ANALYZE_TABLES) {
    await benchSql("ANALYZE")
  }
}

/** A new in-memory sandbox each run: keys the database kept from a previous run would fail every delivery. */
const dropWebhookKeys = () => benchSql("DELETE FROM installments_webhook_key")

async function benchSql(text: string): Promise<void> {
  const client = new Client({ connectionString: BENCH_DATABASE_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** Boots the sandbox and the store, runs `bench` against them, and always stops both. */
export async function withBenchStore(bench: (store: BenchStore, sandbox: RunningSandbox) => Promise<void>): Promise<void> {
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox)
  try {
    const store = await startBenchStore(sandbox.url)
    try {
      await bench(store, sandbox)
    } finally {
      await store.stop()
    }
  } finally {
    await sandbox.stop()
  }
}

/**
 * The same with the sandbox in a process of its own (bench/sandbox-process.ts): the store's
 * `sandboxCpuMs` then counts the service's CPU apart from the store's and the shoppers'.
 */
export async function withBenchStoreAndSandboxProcess(bench: (store: BenchStore) => Promise<void>): Promise<void> {
  const sandbox = await startSandboxProcess(BENCH_PORTS.sandbox)
  try {
    const store = await startBenchStore(sandbox.url)
    try {
      await bench({ ...store, sandboxCpuMs: sandbox.cpuMs })
    } finally {
      await store.stop()
    }
  } finally {
    await sandbox.stop()
  }
}
