/**
 * Runs inside the benchmark store through `medusa exec` (see bench/insights.ts): seeds a year of
 * orders straight into Medusa's tables and the plugin's checkout records (`INSERT ... SELECT
 * generate_series`), then times the Insights route's answer for that year next to a plain count(*)
 * of the same window's orders, samples the heap, and counts the rows PostgreSQL read, before the
 * roll-up job's first run and after it (the job timed); then adds older history (orders before the
 * window), rolls up again and does it again. Only Node built-ins are imported here:
 * Medusa, pg and the plugin are the store's own copies.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { ExecArgs } from "@medusajs/framework/types"

interface Input {
  /** Orders in the year's window. */
  orders: number
  /** Orders in the year before it (the store's history). */
  history: number
  /** Timed answers per phase, after one warm-up. */
  runs: number
}

export interface PhaseFigures {
  phase: string
  /** Orders of the bench's in the store, in and before the window. */
  seededOrders: number
  windowOrders: number
  /** Milliseconds per answer of the route, each run. */
  pageMs: number[]
  countMs: number[]
  /** Live heap after a collection, before the first answer and after the last (MB). */
  heapBeforeMb: number
  heapAfterMb: number
  /** The highest live heap sampled while answering, above heapBeforeMb (MB). */
  heapPeakMb: number
  /** Rows PostgreSQL read (sequential and index) for one answer. */
  rowsRead: number
  answerBytes: number
  answer: { orders: number; started: number; ways: number; days: number }
  /** The roll-up job's run before the phase: days it summed, milliseconds. */
  rollup?: { days: number; ms: number }
}

type Knex = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
type Route = (req: unknown, res: unknown) => Promise<void>
type RollUp = (container: unknown) => Promise<{ days: number }>

const RESULT_PREFIX = "BENCH_RESULT "
const DAY_MS = 86_400_000
/** Every row the bench inserts carries it in its id, so it removes exactly its own rows. */
const TAG = "ZBENCHINS"
const gc = (globalThis as { gc?: () => void }).gc

// A ULID's time part (its first 10 characters) in SQL, for ids as Medusa makes them.
const ULID_TIME = (ms: string) =>
  `(SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((${ms})::bigint >> (5 * (9 - k)) & 31)::int + 1, 1), '' ORDER BY k) FROM generate_series(0, 9) k)`

export default async function insightsRun({ container }: ExecArgs) {
  const input = JSON.parse(readFileSync(process.env.BENCH_INSIGHTS_INPUT!, "utf8")) as Input
  const storeRequire = createRequire(path.join(process.cwd(), "package.json"))
  const { GET } = storeRequire("medusa-payment-installments/api/admin/installments/insights/route") as { GET: Route }
  const knex = container.resolve("__pg_connection__") as unknown as Knex

  // The window: the last 365 UTC days, today included.
  const today = new Date(new Date().toISOString().slice(0, 10))
  const from = new Date(today.getTime() - 364 * DAY_MS)
  const window = { from_date: from.toISOString().slice(0, 10), to_date: today.toISOString().slice(0, 10) }
  const windowStartMs = Date.now() - from.getTime()

  const { default: rollUp } = storeRequire("medusa-payment-installments/jobs/roll-up-insights") as { default: RollUp }
  /** The roll-up job's run over what is seeded, timed: what a store's first run after an upgrade costs. */
  const rolledUp = async () => {
    const started = process.hrtime.bigint()
    const { days } = await rollUp(container)
    return { days, ms: Number(process.hrtime.bigint() - started) / 1e6 }
  }

  await clear(knex)
  const phases: PhaseFigures[] = []
  try {
    // Orders spread over the window: the newest a minute ago, the oldest just after its first midnight.
    await seed(knex, "W", input.orders, 60_000, windowStartMs - 2 * 60_000)
    phases.push(await measurePhase("a year of orders, before the roll-up's first run", knex, container, GET, window, input.runs))
    const first = await rolledUp()
    phases.push({
      ...(await measurePhase("a year of orders, rolled up", knex, container, GET, window, input.runs)),
      rollup: first,
    })
    await seed(knex, "H", input.history, windowStartMs + 60_000, 365 * DAY_MS)
    // As autovacuum would have by then: without fresh statistics the job's plans misjudge the history.
    await knex.raw("ANALYZE")
    await clearRollup(knex)
    const again = await rolledUp()
    phases.push({
      ...(await measurePhase(
        `the same, and ${input.history.toLocaleString("en")} older orders, rolled up`,
        knex,
        container,
        GET,
        window,
        input.runs
      )),
      rollup: again,
    })
  } finally {
    await clear(knex)
  }
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify({ window, phases })}\n`)
}

async function measurePhase(
  phase: string,
  knex: Knex,
  container: unknown,
  GET: Route,
  window: { from_date: string; to_date: string },
  runs: number
): Promise<PhaseFigures> {
  await knex.raw("ANALYZE")
  const answerOnce = async () => {
    let body: unknown
    const res = { json: (value: unknown) => (body = value), status: () => res, setHeader: () => undefined }
    await GET({ validatedQuery: { ...window, format: "json" }, scope: container }, res)
    // What the admin receives: the answer as JSON text.
    return JSON.stringify(body)
  }
  const bounds = await knex.raw(`SELECT min(id) AS first, count(*) AS orders FROM "order" WHERE id LIKE ? AND created_at >= ?`, [
    `%${TAG}%`,
    `${window.from_date}T00:00:00Z`,
  ])
  const idStart = `order_${ulidTime(Date.parse(`${window.from_date}T00:00:00Z`))}`
  const idEnd = `order_${ulidTime(Date.parse(`${window.to_date}T00:00:00Z`) + DAY_MS)}`
  const countOnce = () => knex.raw(`SELECT count(*) FROM "order" WHERE id >= ? AND id < ?`, [idStart, idEnd])

  // Warm-up: module loading, the query plans, the buffer cache.
  const text = await answerOnce()
  await countOnce()
  const before = await tuplesRead(knex)
  await answerOnce()
  const rowsRead = (await tuplesRead(knex)) - before

  gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  let peak = heapBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 5)
  const pageMs: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint()
    await answerOnce()
    pageMs.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  clearInterval(sampler)
  gc?.()
  const heapAfter = process.memoryUsage().heapUsed
  const countMs: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint()
    await countOnce()
    countMs.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  const answer = JSON.parse(text) as { totals: { orders: number }; funnel: { started: number }; ways: unknown[]; daily: unknown[] }
  const seeded = await knex.raw(`SELECT count(*) AS n FROM "order" WHERE id LIKE ?`, [`%${TAG}%`])
  return {
    phase,
    seededOrders: Number(seeded.rows[0].n),
    windowOrders: Number(bounds.rows[0].orders),
    pageMs,
    countMs,
    heapBeforeMb: heapBefore / 2 ** 20,
    heapAfterMb: heapAfter / 2 ** 20,
    heapPeakMb: (peak - heapBefore) / 2 ** 20,
    rowsRead,
    answerBytes: Buffer.byteLength(text),
    answer: { orders: answer.totals.orders, started: answer.funnel.started, ways: answer.ways.length, days: answer.daily.length },
  }
}

function ulidTime(ms: number): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
  let time = ""
  for (let i = 0, rest = ms; i < 10; i++, rest = Math.floor(rest / 32)) time = alphabet[rest % 32] + time
  return time
}

/**
 * `count` orders, the n-th `newestMs + n * (spanMs / count)` old, each with what a checkout leaves in
 * Medusa's tables (a payment collection linked to the order, its session and payment, one refund in
 * twenty) and, for those paid through the plugin, the plugin's checkout record; besides, one unpaid
 * checkout (declined by the bank or the card, abandoned, open) for every other plugin order.
 * 40% of orders are 0% installments (Al Rajhi or SNB, 3 to 24 months), 10% pay in full through the
 * plugin, 50% Medusa's system provider; amounts from 300.00 to about 2,100.00 SAR with halalas.
 */
async function seed(knex: Knex, era: "W" | "H", count: number, newestMs: number, spanMs: number) {
  const step = spanMs / count
  await knex.raw(`DROP TABLE IF EXISTS bench_insights_seed`)
  await knex.raw(`
    CREATE UNLOGGED TABLE bench_insights_seed AS
    WITH s AS (
      SELECT n, now() - (${newestMs} + n::numeric * ${step}) * interval '1 millisecond' AS created_at FROM generate_series(1, ${count}) n
    )
    SELECT n, created_at,
      ${ULID_TIME("extract(epoch FROM created_at) * 1000")} || '${TAG}${era}' || lpad(n::text, 7, '0') AS ulid,
      CASE WHEN n % 100 < 40 THEN 'installments' WHEN n % 100 < 50 THEN 'pay_in_full' ELSE 'system' END AS way,
      round(300 + (n % 50) * 36.37 + (n % 7) * 0.01, 2) AS amount,
      CASE WHEN n % 3 = 0 THEN 'SNB' ELSE 'RAJHI' END AS bank,
      (ARRAY['3', '6', '12', '24'])[n % 4 + 1] AS tenure
    FROM s`)
  const provider = `CASE way WHEN 'system' THEN 'pp_system_default' ELSE 'pp_installments_installments' END`
  const option = `CASE way WHEN 'installments' THEN 'Installment' WHEN 'pay_in_full' THEN 'Pay In Full' END`
  const raw = (column: string) => `jsonb_build_object('value', ${column}::text, 'precision', 20)`
  await knex.raw(`
    INSERT INTO "order" (id, status, currency_code, created_at, updated_at)
    SELECT 'order_' || ulid, 'completed', 'sar', created_at, created_at FROM bench_insights_seed`)
  await knex.raw(`
    INSERT INTO payment_collection (id, currency_code, amount, raw_amount, status, created_at, updated_at)
    SELECT 'pay_col_' || ulid, 'sar', amount, ${raw("amount")}, 'completed', created_at, created_at FROM bench_insights_seed`)
  await knex.raw(`
    INSERT INTO order_payment_collection (id, order_id, payment_collection_id, created_at, updated_at)
    SELECT 'ordpay_' || ulid, 'order_' || ulid, 'pay_col_' || ulid, created_at, created_at FROM bench_insights_seed`)
  await knex.raw(`
    INSERT INTO payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at)
    SELECT 'payses_' || ulid, 'sar', amount, ${raw("amount")}, ${provider}, '{}'::jsonb, 'authorized', 'pay_col_' || ulid, created_at, created_at
    FROM bench_insights_seed`)
  await knex.raw(`
    INSERT INTO payment (id, amount, raw_amount, currency_code, provider_id, data, payment_collection_id, payment_session_id, captured_at, created_at, updated_at)
    SELECT 'pay_' || ulid, amount, ${raw("amount")}, 'sar', ${provider},
      CASE WHEN way = 'system' THEN '{}'::jsonb ELSE jsonb_build_object('payment_option', ${option},
        'installment_bank', CASE WHEN way = 'installments' THEN bank END, 'installment_months', CASE WHEN way = 'installments' THEN tenure END) END,
      'pay_col_' || ulid, 'payses_' || ulid, created_at, created_at, created_at
    FROM bench_insights_seed`)
  await knex.raw(`
    INSERT INTO refund (id, amount, raw_amount, payment_id, created_at, updated_at)
    SELECT 'ref_' || ulid, 100.25, ${raw("100.25")}, 'pay_' || ulid, created_at, created_at FROM bench_insights_seed WHERE n % 20 = 0`)
  // The plugin's records: each paid checkout, and an unpaid one beside every other plugin order.
  const fee = `round(amount * CASE way WHEN 'pay_in_full' THEN 0.01 ELSE 0.025 END + CASE way WHEN 'pay_in_full' THEN 0 ELSE 1 END, 2)`
  await knex.raw(`
    INSERT INTO installments_checkout (id, session_id, provider_id, payment_link_id, started_at, amount, raw_amount, outcome,
      payment_option, bank, tenure_months, fee, raw_fee, fee_vat, raw_fee_vat, progress, decided_at, created_at, updated_at)
    SELECT 'ichk_' || ulid, 'payses_' || ulid, 'pp_installments_installments', md5(ulid)::uuid::text, created_at, amount, ${raw("amount")}, 'paid',
      ${option}, CASE WHEN way = 'installments' THEN lower(bank) END, CASE WHEN way = 'installments' THEN tenure END,
      ${fee}, ${raw(fee)}, round(${fee} * 0.15, 2), ${raw(`round(${fee} * 0.15, 2)`)}, 5, created_at, created_at, created_at
    FROM bench_insights_seed WHERE way <> 'system'`)
  await knex.raw(`
    INSERT INTO installments_checkout (id, session_id, provider_id, payment_link_id, started_at, amount, raw_amount, outcome,
      bank_rejections, card_declines, progress, decided_at, created_at, updated_at)
    SELECT 'ichk_' || ulid || 'U', 'payses_' || ulid || 'U', 'pp_installments_installments', md5(ulid || 'U')::uuid::text, created_at,
      amount, ${raw("amount")}, (ARRAY['bank_declined', 'card_declined', 'abandoned', 'open'])[n % 4 + 1],
      CASE WHEN n % 4 = 0 THEN 1 ELSE 0 END, CASE WHEN n % 4 = 1 THEN 1 ELSE 0 END, 3, created_at, created_at, created_at
    FROM bench_insights_seed WHERE way <> 'system' AND n % 2 = 0`)
  await knex.raw(`DROP TABLE bench_insights_seed`)
}

// The benchmark database's Insights roll-up and its mark (the bench store has no other orders to roll up).
async function clearRollup(knex: Knex) {
  await knex.raw(
    `DELETE FROM installments_insights_day; DELETE FROM installments_insights_funnel_day; DELETE FROM installments_insights_rolled_day`
  )
  await knex.raw(`DELETE FROM installments_sweep_mark WHERE name = 'insights'`)
}

async function clear(knex: Knex) {
  const like = `%${TAG}%`
  await clearRollup(knex)
  await knex.raw(`DROP TABLE IF EXISTS bench_insights_seed`)
  await knex.raw(`DELETE FROM installments_checkout WHERE id LIKE ?`, [like])
  await knex.raw(`DELETE FROM refund WHERE id LIKE ?`, [like])
  // The bench's rows only, and their foreign keys' cascades have nothing else to do: skipped for these statements.
  await knex.raw(`BEGIN; SET LOCAL session_replication_role = replica;
    DELETE FROM payment WHERE id LIKE '${like}'; DELETE FROM payment_session WHERE id LIKE '${like}';
    DELETE FROM order_payment_collection WHERE id LIKE '${like}'; DELETE FROM payment_collection WHERE id LIKE '${like}';
    DELETE FROM "order" WHERE id LIKE '${like}'; COMMIT`)
}

/**
 * Rows PostgreSQL read for the database's tables so far (sequential and index), after every backend
 * flushed its counters: an idle backend flushes them within 10 seconds (PGSTAT_IDLE_INTERVAL).
 */
async function tuplesRead(knex: Knex): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000))
  await knex.raw("SELECT pg_stat_clear_snapshot()")
  const { rows } = await knex.raw(
    "SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::bigint AS n FROM pg_stat_user_tables WHERE relname NOT LIKE 'pg_%'"
  )
  return Number(rows[0].n)
}
