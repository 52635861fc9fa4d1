/**
 * Runs inside the benchmark store through `medusa exec` (see bench/reconcile.ts): for each pending
 * count, bulk-inserts the sessions with SQL, runs the plugin's reconciliation job as Medusa's
 * scheduler would, and prints its time, service calls (the sandbox's request log) and database
 * queries (every query the store's `pg` driver sends during the sweep). Only Node built-ins are
 * imported here: Medusa, pg and the plugin are the store's own copies, loaded from examples/store.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { ExecArgs } from "@medusajs/framework/types"

interface Input {
  sandboxUrl: string
  completed: number
  pending: number[]
  /** Link ids on the sandbox, unpaid, one per pending session (as many as the largest count). */
  links: string[]
  amount: string
}

type Knex = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

const ID = "bench_rc"
const RESULT_PREFIX = "BENCH_RESULT "

export default async function reconcileSweep({ container }: ExecArgs) {
  const input = JSON.parse(readFileSync(process.env.BENCH_RECONCILE_INPUT!, "utf8")) as Input
  const storeRequire = createRequire(path.join(process.cwd(), "package.json"))
  type Job = (c: unknown) => Promise<void>
  // The two sweeps Medusa's scheduler runs every 10 minutes: waiting sessions, then paid links.
  const sessionsJob = storeRequire("medusa-payment-installments/jobs/reconcile-pending-sessions").default as Job
  const paidLinksJob = storeRequire("medusa-payment-installments/jobs/refund-stray-payments").default as Job
  const job: Job = async (c) => {
    await sessionsJob(c)
    await paidLinksJob(c)
  }
  const knex = container.resolve("__pg_connection__") as unknown as Knex
  const counter = countQueries(storeRequire)

  await clearBenchRows(knex)
  await insertSessions(knex, "done", input.completed, () => ({ status: "authorized", data: {} }), input.amount)
  const results = []
  // The first sweep (no pending session) warms the process and is not reported.
  for (const pending of [0, ...input.pending]) {
    await knex.raw(`DELETE FROM payment_session WHERE payment_collection_id LIKE '${ID}_pend_%'`)
    await knex.raw(`DELETE FROM payment_collection WHERE id LIKE '${ID}_pend_%'`)
    // Each size is a first sweep: nothing followed yet, no discovery mark.
    await knex.raw(`DELETE FROM installments_sweep_item WHERE kind = 'session'`)
    await knex.raw(`DELETE FROM installments_sweep_mark`)
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString()
    await insertSessions(
      knex,
      "pend",
      pending,
      (i) => ({
        status: "pending",
        data: {
          session_id: sessionId("pend", i),
          payment_link_id: input.links[i],
          url: `${input.sandboxUrl}/payment-link/${input.links[i]}`,
          environment: "SANDBOX",
          amount: input.amount,
          currency_code: "sar",
          expires_at: expiresAt,
          transaction_id: null,
          payment_option: null,
          installment_months: null,
          installment_bank: null,
          failure_reason: null,
        },
      }),
      input.amount
    )
    await knex.raw("ANALYZE payment_session")
    await fetch(`${input.sandboxUrl}/__sandbox/requests`, { method: "DELETE" })
    counter.reset()
    const started = process.hrtime.bigint()
    await job(container)
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const queries = counter.count()
    const log = (await (await fetch(`${input.sandboxUrl}/__sandbox/requests`)).json()) as {
      count: number
      requests: { path: string }[]
    }
    const linkReads = log.requests.filter((request) => /\/details$/.test(request.path)).length
    if (pending) {
      results.push({ pending, completed: input.completed, ms, serviceCalls: log.count, linkReads, queries })
    }
  }
  const sessionQuery = counter.sessionQuery()
  const plan = sessionQuery ? await knex.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sessionQuery.sql}`, sessionQuery.bindings) : undefined
  await clearBenchRows(knex)
  process.stdout.write(
    `${RESULT_PREFIX}${JSON.stringify({ results, sessionQuery: sessionQuery?.sql, plan: plan?.rows.map((row) => row["QUERY PLAN"]) })}\n`
  )
}

function pad(i: number): string {
  return String(i).padStart(6, "0")
}

// Session ids as Medusa makes them (`payses_` and a ULID, whose first 10 characters are the time):
// the job finds new sessions by id.
const SESSION_TIME = (() => {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
  let ms = Date.now()
  let time = ""
  for (let i = 0; i < 10; i++) {
    time = alphabet[ms % 32] + time
    ms = Math.floor(ms / 32)
  }
  return time
})()

function sessionId(kind: string, i: number): string {
  return `payses_${SESSION_TIME}${kind.toUpperCase()}${pad(i)}`
}

async function clearBenchRows(knex: Knex) {
  await knex.raw(`DELETE FROM payment_session WHERE payment_collection_id LIKE '${ID}_%'`)
  await knex.raw(`DELETE FROM payment_collection WHERE id LIKE '${ID}_%'`)
}

/** Inserts `count` payment collections with one installments session each, 1,000 rows a statement. */
async function insertSessions(
  knex: Knex,
  kind: string,
  count: number,
  row: (i: number) => { status: string; data: Record<string, unknown> },
  amount: string
) {
  for (let start = 0; start < count; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, count - start) }, (_, k) => `${ID}_${kind}_${pad(start + k)}`)
    const raw = JSON.stringify({ value: amount, precision: 20 })
    await knex.raw(
      `INSERT INTO payment_collection (id, currency_code, amount, raw_amount, status)
       SELECT unnest(?::text[]), 'sar', ?, ?::jsonb, ?`,
      [ids, amount, raw, kind === "done" ? "completed" : "not_paid"]
    )
    const rows = ids.map((id, k) => row(start + k))
    await knex.raw(
      `INSERT INTO payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id)
       SELECT s.session_id, 'sar', ?, ?::jsonb, 'pp_installments_installments', s.data, s.status, s.id
       FROM unnest(?::text[], ?::text[], ?::jsonb[], ?::text[]) AS s(id, session_id, data, status)`,
      [
        amount,
        raw,
        ids,
        ids.map((_, k) => sessionId(kind, start + k)),
        rows.map((r) => JSON.stringify(r.data)),
        rows.map((r) => r.status),
      ]
    )
  }
}

/** Counts the queries the store's pg clients send; keeps the first one that reads payment_session. */
function countQueries(storeRequire: NodeRequire) {
  // The pg that knex (and through it MikroORM) loads in the store.
  const knexDir = path.dirname(storeRequire.resolve("knex/package.json"))
  const pg = createRequire(path.join(knexDir, "package.json"))("pg") as {
    Client: { prototype: { query: (...args: unknown[]) => unknown } }
  }
  let count = 0
  let sessionQuery: { sql: string; bindings: unknown[] } | undefined
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    count++
    const config = args[0] as { text?: string; values?: unknown[] } | string
    const sql = typeof config === "string" ? config : config?.text
    if (!sessionQuery && sql && /from "payment_session"/i.test(sql) && /\$like|like/i.test(sql)) {
      sessionQuery = {
        sql: toKnexPlaceholders(sql),
        bindings: ((typeof config === "string" ? args[1] : config.values) as unknown[]) ?? [],
      }
    }
    return original.apply(this, args)
  }
  return {
    reset: () => {
      count = 0
      sessionQuery = undefined
    },
    count: () => count,
    sessionQuery: () => sessionQuery,
  }
}

// pg's $1, $2 placeholders as knex.raw's positional `?`.
function toKnexPlaceholders(sql: string): string {
  return sql.replace(/\$\d+/g, "?")
}
