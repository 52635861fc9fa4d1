/**
 * Runs inside the benchmark store through `medusa exec` (see bench/scale.ts): the plugin's six
 * background jobs, once each, in the same store twice: fresh, then with history older than a day
 * bulk-inserted with SQL (`INSERT ... SELECT generate_series`), each time with the same live work:
 * the last day's traffic at the history's rates (every job's window falls within it) and a few
 * waiting sessions and refunds. Prints, per
 * job: service calls (the sandbox's request log), SQL statements and rows returned (every query the
 * store's `pg` driver sends), rows PostgreSQL read (pg_stat_user_tables) and wall time. Only Node
 * built-ins are imported here: Medusa, pg and the plugin are the store's own copies.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { ExecArgs } from "@medusajs/framework/types"

interface Input {
  sandboxUrl: string
  /** Unpaid links on the sandbox, one per live waiting session. */
  openLinks: string[]
  /** Paid transactions on the sandbox (their links no session holds), one per live ledger row. */
  transactions: string[]
}

type Knex = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
type Job = (container: unknown, options?: Record<string, unknown>) => Promise<unknown>

/** Rows of the bench's own in the tables the jobs query. */
export interface SeededRows {
  sessions: number
  sweepItems: number
  webhookEvents: number
  ledgerRows: number
}

export interface JobFigures {
  job: string
  serviceCalls: number
  statements: number
  rowsReturned: number
  rowsRead: number
  ms: number
}

const RESULT_PREFIX = "BENCH_RESULT "
const PROVIDER = "pp_installments_installments"
// Every row this bench inserts carries it, so it removes exactly its own rows.
const TAG = "bench_sc"
const JOBS = [
  "reconcile-pending-sessions",
  "refund-stray-payments",
  "check-canceled-order-refunds",
  "retry-failed-refunds",
  "sync-pending-refunds",
  "prune-webhook-events",
]

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
/** The live work's sweep marks are this old: the last sweep ran 10 minutes ago. */
const MARK_AGE_MS = 10 * MINUTE_MS
/**
 * History is older than this; the day before it is the store's recent traffic, seeded in both runs.
 * A day covers every job's window: the longest, the paid-link sweep's session query, reaches back
 * its mark's age, the link lifetime, 30 minutes and an hour (2 hours 40 minutes).
 */
const HISTORY_OLDER_THAN_MS = DAY_MS
/**
 * An abandoned session younger than this is still followed (its link expired less than the sweep's
 * grace of an hour before the last sweep): the live work's 20 waiting sessions stand for those.
 */
const ABANDONED_CLOSED_AFTER_MS = MARK_AGE_MS + 60 * MINUTE_MS + 60 * MINUTE_MS

/** The history seeded for the second run (issue 21's sizes), all older than HISTORY_OLDER_THAN_MS. */
export const HISTORY = {
  completedCheckouts: 100_000,
  abandonedSessions: 20_000,
  processedDeliveries: 100_000,
  canceledOrders: 5_000,
  ledgerRows: 10_000,
}

/** The store's traffic, one row every so many milliseconds, the same in its history and its recent day. */
const EVERY_MS: Record<keyof typeof HISTORY, number> = {
  completedCheckouts: (90 * DAY_MS) / HISTORY.completedCheckouts,
  abandonedSessions: (7 * DAY_MS) / HISTORY.abandonedSessions,
  processedDeliveries: 25_000,
  canceledOrders: 5 * MINUTE_MS,
  ledgerRows: 15 * MINUTE_MS,
}

/** Rows of one kind: the n-th (from 1) is `newestMs + n * EVERY_MS` old. */
interface Stream {
  newestMs: number
  count: number
}
/** One era of the store's past: `h`istory or `r`ecent (the ids of its rows carry the letter). */
interface Era {
  name: "h" | "r"
  streams: Record<keyof typeof HISTORY, Stream>
}

const HISTORY_ERA: Era = {
  name: "h",
  streams: {
    completedCheckouts: { newestMs: HISTORY_OLDER_THAN_MS, count: HISTORY.completedCheckouts },
    abandonedSessions: { newestMs: HISTORY_OLDER_THAN_MS, count: HISTORY.abandonedSessions },
    processedDeliveries: { newestMs: HISTORY_OLDER_THAN_MS, count: HISTORY.processedDeliveries },
    canceledOrders: { newestMs: HISTORY_OLDER_THAN_MS, count: HISTORY.canceledOrders },
    ledgerRows: { newestMs: HISTORY_OLDER_THAN_MS, count: HISTORY.ledgerRows },
  },
}

/** The rows of one kind the store made between `newestMs` ago and the history. */
const recent = (kind: keyof typeof HISTORY, newestMs = 0): Stream => ({
  newestMs,
  count: Math.floor((HISTORY_OLDER_THAN_MS - newestMs - 1) / EVERY_MS[kind]),
})

/** The last day's traffic at the history's rates: part of the live work, seeded in both runs. */
const RECENT_ERA: Era = {
  name: "r",
  streams: {
    completedCheckouts: recent("completedCheckouts"),
    abandonedSessions: recent("abandonedSessions", ABANDONED_CLOSED_AFTER_MS),
    processedDeliveries: recent("processedDeliveries"),
    canceledOrders: recent("canceledOrders"),
    ledgerRows: recent("ledgerRows"),
  },
}

// A ULID's time part (its first 10 characters) in SQL, for ids as Medusa makes them.
const ULID_TIME = (ms: string) =>
  `(SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((${ms})::bigint >> (5 * (9 - k)) & 31)::int + 1, 1), '' ORDER BY k) FROM generate_series(0, 9) k)`

export default async function scaleRun({ container }: ExecArgs) {
  const input = JSON.parse(readFileSync(process.env.BENCH_SCALE_INPUT!, "utf8")) as Input
  const storeRequire = createRequire(path.join(process.cwd(), "package.json"))
  const jobs = new Map(JOBS.map((name) => [name, storeRequire(`medusa-payment-installments/jobs/${name}`).default as Job]))
  const knex = container.resolve("__pg_connection__") as unknown as Knex
  const counter = countQueries(storeRequire)

  const runPhase = async (history: boolean): Promise<JobFigures[]> => {
    await clearBenchRows(knex)
    if (history) {
      await seedEra(knex, HISTORY_ERA)
    }
    await seedEra(knex, RECENT_ERA)
    await seedLiveWork(knex, input)
    await knex.raw("ANALYZE")
    const figures: JobFigures[] = []
    let before = await tuplesRead(knex)
    for (const [name, job] of jobs) {
      await fetch(`${input.sandboxUrl}/__sandbox/requests`, { method: "DELETE" })
      counter.reset()
      const started = process.hrtime.bigint()
      await job(container)
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const { statements, rows } = counter.read()
      const log = (await (await fetch(`${input.sandboxUrl}/__sandbox/requests`)).json()) as { count: number }
      const after = await tuplesRead(knex)
      figures.push({ job: name, serviceCalls: log.count, statements, rowsReturned: rows, rowsRead: after - before, ms })
      before = after
    }
    return figures
  }

  // The first pass warms the process (module loading, query planning) and is not reported.
  await runPhase(false)
  const fresh = await runPhase(false)
  const history = await runPhase(true)
  const seeded = await seededCounts(knex)
  await clearBenchRows(knex)
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify({ fresh, history, seeded })}\n`)
}

/**
 * Rows PostgreSQL read for the benchmark database's tables so far (sequential and index), after
 * every backend flushed its counters: an idle backend flushes them within 10 seconds
 * (PostgreSQL 15's PGSTAT_IDLE_INTERVAL).
 */
async function tuplesRead(knex: Knex): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000))
  await knex.raw("SELECT pg_stat_clear_snapshot()")
  const { rows } = await knex.raw(
    "SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::bigint AS n FROM pg_stat_user_tables WHERE relname NOT LIKE 'pg_%'"
  )
  return Number(rows[0].n)
}

async function clearBenchRows(knex: Knex) {
  await knex.raw(`DELETE FROM installments_sweep_item WHERE subject_id LIKE 'payses_%' OR subject_id LIKE '${TAG}%'`)
  await knex.raw(`DELETE FROM installments_sweep_mark`)
  await knex.raw(`DELETE FROM payment_session WHERE payment_collection_id LIKE '${TAG}%'`)
  // Medusa indexes payment_session.payment_collection_id only where deleted_at IS NULL, so the
  // foreign keys' cascade seq-scans payment_session once per deleted collection (tens of minutes
  // for the history's); the sessions are deleted above and the bench makes no payments, so the
  // cascade has nothing to do and is skipped for this one statement.
  await knex.raw(`BEGIN; SET LOCAL session_replication_role = replica; DELETE FROM payment_collection WHERE id LIKE '${TAG}%'; COMMIT`)
  await knex.raw(`DELETE FROM installments_webhook_event WHERE id LIKE '${TAG}%'`)
  await knex.raw(`DELETE FROM installments_refund WHERE id LIKE '${TAG}%'`)
}

/**
 * One era of a store that has run for months: completed and abandoned checkouts (payment
 * collections and sessions, the rows the session sweep and the paid-link sweep query), already
 * followed and closed by earlier sweeps; processed deliveries within the retention; canceled orders
 * whose check was followed and closed; a settled refund ledger.
 */
async function seedEra(knex: Knex, { name: era, streams }: Era) {
  const age = (kind: keyof typeof HISTORY) => `(${streams[kind].newestMs} + n::bigint * ${EVERY_MS[kind]})`
  const sessions = (kind: keyof typeof HISTORY, letter: string, status: string) => `
    WITH s AS (
      SELECT n, now() - ${age(kind)} * interval '1 millisecond' AS created_at FROM generate_series(1, ${streams[kind].count}) n
    ), ids AS (
      SELECT n, created_at, 'payses_' || ${ULID_TIME("extract(epoch FROM created_at) * 1000")} || '${era.toUpperCase()}${letter}' || lpad(n::text, 14, '0') AS id FROM s
    ), pc AS (
      INSERT INTO payment_collection (id, currency_code, amount, raw_amount, status, created_at)
      SELECT '${TAG}_${era}_${letter}_' || n, 'sar', 1200, '{"value":"1200","precision":20}'::jsonb, '${status === "authorized" ? "completed" : "not_paid"}', created_at FROM ids
    )
    INSERT INTO payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at)
    SELECT id, 'sar', 1200, '{"value":"1200","precision":20}'::jsonb, '${PROVIDER}',
      jsonb_build_object('session_id', id, 'payment_link_id', md5(id)::uuid::text, 'amount', '1200.00', 'currency_code', 'sar',
        'expires_at', to_char((created_at + interval '60 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      '${status}', '${TAG}_${era}_${letter}_' || n, created_at, created_at
    FROM ids`
  await knex.raw(sessions("completedCheckouts", "C", "authorized"))
  await knex.raw(sessions("abandonedSessions", "A", "pending"))
  // Earlier sweeps followed every session made before their last run within the last 31 days (the
  // retention keeps closed items that long) and closed it within two hours.
  await knex.raw(`
    INSERT INTO installments_sweep_item (id, kind, subject_id, closed_at, created_at)
    SELECT '${TAG}_${era}_' || ps.id, 'session', ps.id,
      least(ps.created_at + interval '2 hours', now() - ${MARK_AGE_MS} * interval '1 millisecond'), ps.created_at
    FROM payment_session ps
    WHERE ps.payment_collection_id LIKE '${TAG}_${era}_%' AND ps.created_at > now() - interval '31 days'
      AND ps.created_at < now() - ${MARK_AGE_MS} * interval '1 millisecond'`)
  await knex.raw(`
    INSERT INTO installments_sweep_item (id, kind, subject_id, closed_at, created_at)
    SELECT '${TAG}_${era}_co_' || n, 'canceled-order', '${TAG}_${era}_order_' || n,
      now() - ${age("canceledOrders")} * interval '1 millisecond', now() - ${age("canceledOrders")} * interval '1 millisecond' - interval '1 minute'
    FROM generate_series(1, ${streams.canceledOrders.count}) n`)
  await knex.raw(`
    INSERT INTO installments_webhook_event (id, event_id, event_name, payment_link_id, provider_id, created_at, updated_at)
    SELECT '${TAG}_${era}_' || n, 'evt_' || md5('${TAG}${era}' || n)::uuid, 'order.success', md5('link${era}' || n)::uuid::text, 'installments',
      now() - ${age("processedDeliveries")} * interval '1 millisecond', now() - ${age("processedDeliveries")} * interval '1 millisecond'
    FROM generate_series(1, ${streams.processedDeliveries.count}) n`)
  // Settled refunds, and refusals the retry job gave up on.
  await knex.raw(`
    INSERT INTO installments_refund (id, tracker_id, provider_id, transaction_id, payment_id, amount, raw_amount, status, source, retryable, attempts, created_at, updated_at)
    SELECT '${TAG}_${era}_' || n, CASE WHEN n % 10 = 0 THEN NULL ELSE 'trk_${era}_' || n END, 'installments', md5('tx${era}' || n)::uuid::text, 'pay_${era}_' || n,
      100, '{"value":"100","precision":20}'::jsonb, CASE WHEN n % 10 = 0 THEN 'failed' ELSE 'R' END, 'cancel', false, CASE WHEN n % 10 = 0 THEN 5 ELSE 0 END,
      now() - ${age("ledgerRows")} * interval '1 millisecond', now() - ${age("ledgerRows")} * interval '1 millisecond'
    FROM generate_series(1, ${streams.ledgerRows.count}) n`)
}

/**
 * The same small live work in both runs: 20 waiting sessions whose links are still open (created a
 * minute ago), 5 failed refunds due for a retry and 5 refunds still pending; the sweeps' marks as a
 * sweep 10 minutes ago left them.
 */
async function seedLiveWork(knex: Knex, input: Input) {
  await knex.raw(
    `WITH live AS (
       SELECT link, ord, now() - interval '1 minute' + ord * interval '1 millisecond' AS created_at FROM unnest(?::text[]) WITH ORDINALITY AS l(link, ord)
     ), ids AS (
       SELECT link, ord, created_at, 'payses_' || ${ULID_TIME("extract(epoch FROM created_at) * 1000")} || lpad(ord::text, 16, 'Z') AS id FROM live
     ), pc AS (
       INSERT INTO payment_collection (id, currency_code, amount, raw_amount, status)
       SELECT '${TAG}_live_' || ord, 'sar', 1200, '{"value":"1200","precision":20}'::jsonb, 'not_paid' FROM ids
     )
     INSERT INTO payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at)
     SELECT id, 'sar', 1200, '{"value":"1200","precision":20}'::jsonb, '${PROVIDER}',
       jsonb_build_object('session_id', id, 'payment_link_id', link, 'amount', '1200.00', 'currency_code', 'sar',
         'expires_at', to_char((created_at + interval '60 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       'pending', '${TAG}_live_' || ord, created_at, created_at
     FROM ids`,
    [input.openLinks]
  )
  await knex.raw(
    `INSERT INTO installments_refund (id, tracker_id, provider_id, transaction_id, payment_id, order_id, amount, raw_amount, status, source, failure_reason, retryable, attempts, next_retry_at)
     SELECT '${TAG}_live_failed_' || ord, NULL, 'installments', tx, 'pay_${TAG}_' || ord, 'order_${TAG}_' || ord, 100, '{"value":"100","precision":20}'::jsonb,
       'failed', 'cancel', 'The merchant balance was too low.', true, 1, now() - interval '1 minute'
     FROM unnest(?::text[]) WITH ORDINALITY AS t(tx, ord)`,
    [input.transactions]
  )
  await knex.raw(
    `INSERT INTO installments_refund (id, tracker_id, provider_id, transaction_id, payment_id, amount, raw_amount, status, source, retryable, attempts)
     SELECT '${TAG}_live_pending_' || ord, 'trk_${TAG}_' || ord, 'installments', tx, 'pay_${TAG}_' || ord, 100, '{"value":"100","precision":20}'::jsonb, 'P', 'admin', false, 0
     FROM unnest(?::text[]) WITH ORDINALITY AS t(tx, ord)`,
    [input.transactions]
  )
  const tenMinutesAgo = "now() - interval '10 minutes'"
  await knex.raw(
    `INSERT INTO installments_sweep_mark (id, name, swept_to)
     SELECT 'iswm_${TAG}_' || name, name, ${tenMinutesAgo}
     FROM unnest(ARRAY['sessions']::text[] || ARRAY(SELECT DISTINCT 'paid-links:' || ? || '@' || ?)) AS m(name)`,
    [process.env.INSTALLMENTS_STORE_ID, process.env.INSTALLMENTS_BASE_URL]
  )
}

/** The rows the history run held, by era: history, the recent day's traffic, the live work. */
async function seededCounts(knex: Knex): Promise<Record<string, SeededRows>> {
  const count = async (sql: string) => Number((await knex.raw(sql)).rows[0].n)
  const era = async (prefix: string): Promise<SeededRows> => ({
    sessions: await count(`SELECT count(*) AS n FROM payment_session WHERE payment_collection_id LIKE '${prefix}%'`),
    sweepItems: await count(`SELECT count(*) AS n FROM installments_sweep_item WHERE id LIKE '${prefix}%'`),
    webhookEvents: await count(`SELECT count(*) AS n FROM installments_webhook_event WHERE id LIKE '${prefix}%'`),
    ledgerRows: await count(`SELECT count(*) AS n FROM installments_refund WHERE id LIKE '${prefix}%'`),
  })
  return { history: await era(`${TAG}_h_`), recent: await era(`${TAG}_r_`), live: await era(`${TAG}_live_`) }
}

/** Counts the statements the store's pg clients send and the rows they return. */
function countQueries(storeRequire: NodeRequire) {
  // The pg that knex (and through it MikroORM) loads in the store.
  const knexDir = path.dirname(storeRequire.resolve("knex/package.json"))
  const pg = createRequire(path.join(knexDir, "package.json"))("pg") as {
    Client: { prototype: { query: (...args: unknown[]) => unknown } }
  }
  let statements = 0
  let rows = 0
  const countRows = (result: unknown) => {
    const r = result as { rows?: unknown[] } | { rows?: unknown[] }[] | undefined
    for (const one of [r].flat()) {
      rows += one?.rows?.length ?? 0
    }
  }
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++
    const last = args[args.length - 1]
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        countRows(result)
        return (last as (e: unknown, r: unknown) => unknown)(error, result)
      }
      return original.apply(this, args)
    }
    const answer = original.apply(this, args)
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      ;(answer as Promise<unknown>).then(countRows, () => undefined)
    }
    return answer
  }
  return {
    reset: () => {
      statements = 0
      rows = 0
    },
    read: () => ({ statements, rows }),
  }
}
