import { Client } from "pg"
import { BENCH_DATABASE_URL } from "./store"

/** Reads (index and sequential scans) and writes (rows inserted, updated, deleted) per table, and the database's commits. */
export type Activity = Map<string, { reads: number; writes: number }>

/**
 * PostgreSQL's own counters for the benchmark database (pg_stat_user_tables, pg_stat_database),
 * so two runs can be compared by the work they made the database do, table by table, whatever
 * code caused it. Backends flush them within a second of going idle: read after a run settles.
 */
export async function tableActivity(): Promise<Activity> {
  const client = new Client({ connectionString: BENCH_DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ relname: string; reads: string; writes: string }>(
      "SELECT relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS reads, n_tup_ins + n_tup_upd + n_tup_del AS writes FROM pg_stat_user_tables"
    )
    const { rows: db } = await client.query<{ commits: string }>(
      "SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()"
    )
    const activity: Activity = new Map(rows.map((row) => [row.relname, { reads: Number(row.reads), writes: Number(row.writes) }]))
    activity.set("(commits)", { reads: Number(db[0]?.commits ?? 0), writes: 0 })
    return activity
  } finally {
    await client.end()
  }
}

/** What happened between two readings, per table. */
export function activityBetween(before: Activity, after: Activity): Activity {
  const between: Activity = new Map()
  for (const [table, now] of after) {
    const then = before.get(table) ?? { reads: 0, writes: 0 }
    between.set(table, { reads: now.reads - then.reads, writes: now.writes - then.writes })
  }
  return between
}

/** Adds `run` into `total`. */
export function addActivity(total: Activity, run: Activity): void {
  for (const [table, counts] of run) {
    const sum = total.get(table) ?? { reads: 0, writes: 0 }
    total.set(table, { reads: sum.reads + counts.reads, writes: sum.writes + counts.writes })
  }
}

/** The tables whose reads or writes per checkout differ most between A and B, as printable lines. */
export function formatActivityDifference(a: Activity, aCheckouts: number, b: Activity, bCheckouts: number, top = 15): string {
  const per = (activity: Activity, table: string, count: number) => {
    const counts = activity.get(table) ?? { reads: 0, writes: 0 }
    return { reads: counts.reads / count, writes: counts.writes / count }
  }
  const tables = [...new Set([...a.keys(), ...b.keys()])]
  const rows = tables
    .map((table) => ({ table, a: per(a, table, aCheckouts), b: per(b, table, bCheckouts) }))
    .map((row) => ({ ...row, gap: Math.abs(row.a.reads - row.b.reads) + Math.abs(row.a.writes - row.b.writes) }))
    .filter((row) => row.gap >= 0.05)
    .sort((x, y) => y.gap - x.gap)
    .slice(0, top)
  const total = (activity: Activity, count: number, key: "reads" | "writes") =>
    ([...activity].filter(([table]) => table !== "(commits)").reduce((sum, [, counts]) => sum + counts[key], 0) / count).toFixed(1)
  const lines = rows.map(
    (row) =>
      `  ${row.table.padEnd(40)} reads ${row.a.reads.toFixed(1).padStart(6)} vs ${row.b.reads.toFixed(1).padStart(6)}   writes ${row.a.writes
        .toFixed(1)
        .padStart(5)} vs ${row.b.writes.toFixed(1).padStart(5)}`
  )
  return [
    `database work per checkout, A vs B: table reads ${total(a, aCheckouts, "reads")} vs ${total(b, bCheckouts, "reads")}, rows written ${total(a, aCheckouts, "writes")} vs ${total(b, bCheckouts, "writes")}`,
    ...lines,
  ].join("\n")
}
