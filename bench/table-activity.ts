import { Client } from "pg"
import { BENCH_DATABASE_URL } from "./store"

/** Per table: scans (index and sequential), rows read by them, rows written (inserted, updated, deleted). */
export interface TableCounts {
  scans: number
  rows: number
  writes: number
}

/** Per table, and the database's commits under "(commits)" (as scans). */
export type Activity = Map<string, TableCounts>

const ZERO: TableCounts = { scans: 0, rows: 0, writes: 0 }
const KEYS = ["scans", "rows", "writes"] as const

/**
 * PostgreSQL's own counters for the benchmark database (pg_stat_user_tables, pg_stat_database),
 * so two runs can be compared by the work they made the database do, table by table, whatever
 * code caused it. Rows read are those sequential scans read and index scans fetched from the
 * table. Backends flush them within a second of going idle: read after a run settles.
 */
export async function tableActivity(): Promise<Activity> {
  const client = new Client({ connectionString: BENCH_DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ relname: string; scans: string; rows: string; writes: string }>(
      "SELECT relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS scans, " +
        "coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS rows, n_tup_ins + n_tup_upd + n_tup_del AS writes " +
        "FROM pg_stat_user_tables"
    )
    const { rows: db } = await client.query<{ commits: string }>(
      "SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()"
    )
    const activity: Activity = new Map(
      rows.map((row) => [row.relname, { scans: Number(row.scans), rows: Number(row.rows), writes: Number(row.writes) }])
    )
    activity.set("(commits)", { scans: Number(db[0]?.commits ?? 0), rows: 0, writes: 0 })
    return activity
  } finally {
    await client.end()
  }
}

/** What happened between two readings, per table. */
export function activityBetween(before: Activity, after: Activity): Activity {
  const between: Activity = new Map()
  for (const [table, now] of after) {
    const then = before.get(table) ?? ZERO
    between.set(table, { scans: now.scans - then.scans, rows: now.rows - then.rows, writes: now.writes - then.writes })
  }
  return between
}

/** Adds `run` into `total`. */
export function addActivity(total: Activity, run: Activity): void {
  for (const [table, counts] of run) {
    const sum = total.get(table) ?? ZERO
    total.set(table, { scans: sum.scans + counts.scans, rows: sum.rows + counts.rows, writes: sum.writes + counts.writes })
  }
}

/** The tables whose work per checkout differs most between A and B (rows read first), as printable lines; `names` labels the pair. */
export function formatActivityDifference(
  a: Activity,
  aCheckouts: number,
  b: Activity,
  bCheckouts: number,
  { top = 15, names = "A vs B" } = {}
): string {
  const per = (activity: Activity, table: string, count: number): TableCounts => {
    const counts = activity.get(table) ?? ZERO
    return { scans: counts.scans / count, rows: counts.rows / count, writes: counts.writes / count }
  }
  const tables = [...new Set([...a.keys(), ...b.keys()])].filter((table) => table !== "(commits)")
  const rows = tables
    .map((table) => ({ table, a: per(a, table, aCheckouts), b: per(b, table, bCheckouts) }))
    .map((row) => ({ ...row, gap: KEYS.reduce((sum, key) => sum + Math.abs(row.a[key] - row.b[key]), 0) }))
    .filter((row) => row.gap >= 0.05)
    .sort((x, y) => Math.abs(y.a.rows - y.b.rows) - Math.abs(x.a.rows - x.b.rows) || y.gap - x.gap)
    .slice(0, top)
  const total = (activity: Activity, count: number, key: keyof TableCounts) =>
    ([...activity].filter(([table]) => table !== "(commits)").reduce((sum, [, counts]) => sum + counts[key], 0) / count).toFixed(1)
  const pair = (x: number, y: number, width: number) => `${x.toFixed(1).padStart(width)} vs ${y.toFixed(1).padStart(width)}`
  const lines = rows.map(
    (row) =>
      `  ${row.table.padEnd(40)} rows read ${pair(row.a.rows, row.b.rows, 7)}   scans ${pair(row.a.scans, row.b.scans, 6)}   writes ${pair(row.a.writes, row.b.writes, 5)}`
  )
  const commits = (activity: Activity, count: number) => ((activity.get("(commits)")?.scans ?? 0) / count).toFixed(1)
  return [
    `database work per checkout, ${names}: rows read ${total(a, aCheckouts, "rows")} vs ${total(b, bCheckouts, "rows")}, ` +
      `scans ${total(a, aCheckouts, "scans")} vs ${total(b, bCheckouts, "scans")}, rows written ${total(a, aCheckouts, "writes")} vs ${total(b, bCheckouts, "writes")}, ` +
      `commits ${commits(a, aCheckouts)} vs ${commits(b, bCheckouts)}`,
    ...lines,
  ].join("\n")
}
