/**
 * A staging store made from a copy of production's database, on the same service account, booted
 * beside production (docs/security.md, the staging copy): a sale paid on either store is refunded by
 * neither, and neither keeps a refund-ledger row of the other's sale. Run by hand, under the boot lock
 * (two Medusa stores run at once; they boot one after the other):
 *
 *   flock /tmp/medusa-boot.lock npm run trial:staging-copy
 *
 * Production is the benchmark store (examples/store with the packed plugin, on its own database);
 * staging is a second `medusa develop` of the same store on a `pg_dump` copy of that database, with
 * its own webhook endpoints registered on the same sandbox account. Exits 1 on a refund or a ledger
 * row that should not be, and prints what it saw.
 */
import { execFileSync } from "node:child_process"
import { Client } from "pg"
import { openJourney, sandboxControl, type JourneyContext } from "../demo/journey/context"
import { startStore, type RunningStore } from "../demo/store"
import { registerWebhooks } from "../demo/webhooks"
import { checkoutOnce } from "../../bench/checkout"
import { BENCH_DATABASE_URL, BENCH_PORTS, startBenchSandbox, startBenchStore, storeEnv, type BenchStore } from "../../bench/store"
import { runMain } from "../../bench/run-main"

const STAGING_PORT = Number(process.env.TRIAL_STAGING_PORT ?? 9330)
const STAGING_DATABASE_URL = BENCH_DATABASE_URL.replace(/\/[^/]+$/, "/installments_staging_copy")
// After the service's deliveries settle, how long the stores get to act on them (the orphan refund
// that this trial must not see ran within seconds of the delivery).
const ACT_MS = 20_000

interface Delivery {
  url: string
  event: string
  status: string
  attempts: { status_code: number | null }[]
}

async function sandboxGet<T>(sandboxUrl: string, route: string): Promise<T> {
  const res = await fetch(`${sandboxUrl}/__sandbox${route}`)
  if (!res.ok) {
    throw new Error(`sandbox ${route} answered ${res.status}`)
  }
  return (await res.json()) as T
}

async function sql<T>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

/** Copies production's database as a team makes staging: `pg_dump` into a new database. */
function copyDatabase(from: string, to: string): void {
  const admin = to.replace(/\/[^/]+$/, "/postgres")
  const name = new URL(to).pathname.slice(1)
  execFileSync("psql", [admin, "-q", "-c", `DROP DATABASE IF EXISTS ${name}`, "-c", `CREATE DATABASE ${name}`])
  execFileSync("bash", ["-c", 'pg_dump --no-owner "$1" | psql -q -v ON_ERROR_STOP=1 "$2" > /dev/null', "copy", from, to])
}

/** A paid checkout on `store`; waits until the service's deliveries of it were answered and acted on. */
async function sale(store: BenchStore): Promise<string> {
  const linkId = await checkoutOnce(store)
  await sandboxControl(store, "/webhooks/wait", { timeout_ms: 60_000 })
  await new Promise((resolve) => setTimeout(resolve, ACT_MS))
  return linkId
}

async function ordersIn(url: string): Promise<number> {
  const [row] = await sql<{ n: string }>(url, `select count(*) as n from "order" where deleted_at is null`)
  return Number(row.n)
}

async function ledgerRowsIn(url: string): Promise<number> {
  const [row] = await sql<{ n: string }>(url, "select count(*) as n from installments_refund")
  return Number(row.n)
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox(BENCH_PORTS.sandbox)
  const failures: string[] = []
  let production: BenchStore | undefined
  let staging: RunningStore | undefined
  try {
    production = await startBenchStore(sandbox.url)
    await sale(production)
    process.stdout.write(`production sold once; copying its database to ${new URL(STAGING_DATABASE_URL).pathname.slice(1)}\n`)
    copyDatabase(BENCH_DATABASE_URL, STAGING_DATABASE_URL)

    const stagingEnv = {
      ...storeEnv(sandbox.url),
      DATABASE_URL: STAGING_DATABASE_URL,
      ADMIN_CORS: `http://localhost:${STAGING_PORT}`,
      AUTH_CORS: `http://localhost:${STAGING_PORT},http://localhost:8000`,
    }
    staging = await startStore(stagingEnv, STAGING_PORT)
    const stagingCtx: JourneyContext = await openJourney(staging.url, sandbox.url)
    await registerWebhooks(stagingCtx.admin, staging.url)
    const stagingStore: BenchStore = { ...stagingCtx, url: staging.url, cpuMs: () => 0, output: staging.output, stop: staging.stop }
    process.stdout.write(`staging runs at ${staging.url} on the copy, its own endpoints registered on the same account\n`)

    const before = {
      production: await ordersIn(BENCH_DATABASE_URL),
      staging: await ordersIn(STAGING_DATABASE_URL),
      productionLedger: await ledgerRowsIn(BENCH_DATABASE_URL),
      stagingLedger: await ledgerRowsIn(STAGING_DATABASE_URL),
    }
    const productionLink = await sale(production)
    const stagingLink = await sale(stagingStore)
    const after = {
      production: await ordersIn(BENCH_DATABASE_URL),
      staging: await ordersIn(STAGING_DATABASE_URL),
    }

    const deliveries = (await sandboxGet<{ deliveries: Delivery[] }>(sandbox.url, "/webhooks/deliveries?event=order.success"))
      .deliveries
    const reached = (port: number) =>
      deliveries.filter((delivery) => new URL(delivery.url).port === String(port) && delivery.status === "delivered").length
    const refunds = (
      await sandboxGet<{ refunds: { transaction_id: string; amount: string; idempotency_key: string }[] }>(sandbox.url, "/refunds")
    ).refunds
    const ledger = {
      production: (await ledgerRowsIn(BENCH_DATABASE_URL)) - before.productionLedger,
      staging: (await ledgerRowsIn(STAGING_DATABASE_URL)) - before.stagingLedger,
    }

    process.stdout.write(
      [
        `sales: production ${productionLink}, staging ${stagingLink}`,
        `orders: production ${before.production} -> ${after.production}, staging ${before.staging} -> ${after.staging}`,
        `order.success deliveries answered: production ${reached(BENCH_PORTS.store)}, staging ${reached(STAGING_PORT)}`,
        `refunds at the service: ${refunds.length}${refunds.map((refund) => ` ${refund.amount} (${refund.idempotency_key})`).join(",")}`,
        `new refund-ledger rows: production ${ledger.production}, staging ${ledger.staging}`,
        "",
      ].join("\n")
    )
    if (after.production !== before.production + 1) failures.push("production did not place its own sale")
    if (after.staging !== before.staging + 1) failures.push("staging did not place its own sale")
    // Each store's three endpoints hear of every paid link of the account: both stores heard both sales.
    if (reached(STAGING_PORT) < 2 || reached(BENCH_PORTS.store) < 2) failures.push("a store did not answer both sales' deliveries")
    if (refunds.length) failures.push(`the service refunded ${refunds.length} sale(s)`)
    if (ledger.production || ledger.staging) failures.push("a store keeps a refund-ledger row of a sale it did not make")
  } finally {
    await staging?.stop()
    await production?.stop()
    await sandbox.stop()
  }
  if (failures.length) {
    throw new Error(`staging copy: ${failures.join("; ")}`)
  }
  process.stdout.write("staging copy: neither store refunded the other's sale, and neither keeps a ledger row of it\n")
}

runMain(main)
