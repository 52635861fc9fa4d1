import type { HealthJob } from "../../health/answer"
import type { RefusalCount } from "../../health/delivery-refusals"
import { healthJobs } from "../../health/jobs"
import { decideAlerts, MIN_REFUSALS, REPEAT_MS, type Alert, type AlertInput } from "../decide"
import { raiseAlerts } from "../raise"

const NOW = new Date("2026-12-01T10:30:00Z")
const MINUTE = 60_000
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE)

/** Every plugin job last started a minute ago: none is late. */
function jobsOnTime(): HealthJob[] {
  const runs = healthJobs([], NOW).map((job) => ({
    name: job.name,
    schedule: job.schedule,
    worker: "worker-1:4711",
    started_at: ago(1),
    finished_at: ago(1),
    outcome: "ok" as const,
    error: null,
    duration_ms: 40,
    last_ok_at: ago(1),
  }))
  return healthJobs(runs, NOW)
}

function refusal(reason: RefusalCount["reason"], count: number, lastAt: Date, provider = "installments"): RefusalCount {
  return { provider_id: provider, reason, count, last_at: lastAt, last_hour: count }
}

function input(overrides: Partial<AlertInput> = {}): AlertInput {
  return { jobs: jobsOnTime(), refusals: [], verified: new Map(), failed: { since: ago(60), count: 0, rows: [] }, ...overrides }
}

const kinds = (alerts: Alert[]) => alerts.map((alert) => alert.kind)

describe("what needs a person, decided from the health figures", () => {
  it("nothing when every job ran on time, no delivery was refused and no refund failed", () => {
    expect(decideAlerts(input(), NOW)).toEqual([])
  })

  it("deliveries failing: at least 3 refused in the hour, the last within it, none verified; said with its reasons, most frequent first", () => {
    const refusals = [refusal("bad_signature", 1, ago(50)), refusal("unknown_key", 4, ago(2))]
    const [alert] = decideAlerts(input({ refusals, verified: new Map([["installments", ago(180)]]) }), NOW)
    expect(alert).toMatchObject({
      kind: "deliveries_failing",
      key: "deliveries:installments",
      repeat_ms: REPEAT_MS,
      data: {
        provider_id: "pp_installments_installments",
        refused: 5,
        reasons: ["unknown_key", "bad_signature"],
        last_refused_at: ago(2).toISOString(),
        last_verified_at: ago(180).toISOString(),
      },
    })
    expect(alert.data.message).toMatch(
      /^5 webhook deliveries on the webhook path of pp_installments_installments were refused in the last hour/
    )
  })

  it.each([
    ["fewer than 3 refused (a probe, a replay)", [refusal("bad_signature", MIN_REFUSALS - 1, ago(5))], new Map()],
    ["a delivery verified within the hour", [refusal("bad_signature", 9, ago(5))], new Map([["installments", ago(20)]])],
    ["the last refusal over an hour ago", [refusal("bad_signature", 9, ago(61))], new Map()],
  ])("deliveries are not failing with %s", (_name, refusals, verified) => {
    expect(decideAlerts(input({ refusals, verified }), NOW)).toEqual([])
  })

  it("deliveries on a path that names no registration are an alert of their own, without a provider", () => {
    const [alert] = decideAlerts(input({ refusals: [refusal("unknown_registration", 3, ago(1), "")] }), NOW)
    expect(alert).toMatchObject({ kind: "deliveries_failing", key: "deliveries:", data: { provider_id: null } })
    expect(alert.data.message).toContain("a webhook path that names no registration")
  })

  it("a job late, stuck or never run by the health page's rule (twice its period and the scheduler's margin), one alert per job", () => {
    const jobs = jobsOnTime().map((job): HealthJob => {
      if (job.name === "installments-retry-failed-refunds") {
        // Every 5 minutes: late from 2 x 5 + 2 minutes without a start.
        return { ...job, last_started_at: ago(13).toISOString(), running: false }
      }
      if (job.name === "installments-sync-pending-refunds") {
        return { ...job, last_started_at: ago(40).toISOString(), last_finished_at: ago(45).toISOString(), running: true }
      }
      if (job.name === "installments-roll-up-insights") {
        return { ...job, last_started_at: null, last_finished_at: null, worker: null, running: false }
      }
      // Every 10 minutes, last started 21 minutes ago: not yet late (2 x 10 + 2).
      return job.name === "installments-refund-stray-payments" ? { ...job, last_started_at: ago(21).toISOString() } : job
    })
    // The never-run one counts only once the others have been recorded for twice its period (an hour).
    const earliest = jobs.map((job) =>
      job.name === "installments-resolve-refund-intents" ? { ...job, last_started_at: ago(200).toISOString() } : job
    )
    const alerts = decideAlerts(input({ jobs: earliest }), NOW)
    expect(alerts.map((alert) => [alert.key, alert.kind === "job_late" && alert.data.reason])).toEqual([
      ["job:installments-resolve-refund-intents", "late"],
      ["job:installments-retry-failed-refunds", "late"],
      ["job:installments-sync-pending-refunds", "stuck"],
      ["job:installments-roll-up-insights", "never_ran"],
    ])
    expect(alerts[1].data).toMatchObject({
      job: "installments-retry-failed-refunds",
      schedule: "*/5 * * * *",
      worker: "worker-1:4711",
    })
    expect(alerts[1].data.message).toMatch(
      /^The installments job installments-retry-failed-refunds \(\*\/5 \* \* \* \*\) has not started since/
    )
  })

  it("refunds failed for good since the last such alert: one alert with their count and the newest rows", () => {
    const rows = [{ id: "iref_1", order_id: "order_1", amount: "120.00", reason: "The transaction cannot be refunded." }]
    const alerts = decideAlerts(input({ failed: { since: ago(90), count: 1, rows } }), NOW)
    expect(kinds(alerts)).toEqual(["refunds_failed_for_good"])
    expect(alerts[0].data).toMatchObject({ count: 1, since: ago(90).toISOString(), refunds: rows })
    expect(alerts[0].data.message).toMatch(/^1 refund failed for good: the plugin will not send it again/)
  })
})

/**
 * The database as the alerts read and write it: the job runs, the refusal counts, the ledger's
 * refunds failed for good, and the alerts' own records (kind `alert` of installments_health_count),
 * each statement answered by its table.
 */
function fakeDatabase(state: { refusals: Record<string, unknown>[]; failed: number }) {
  const sent: { key: string; at: Date }[] = []
  const statements: string[] = []
  const raw = async (sql: string, bindings: unknown[] = []) => {
    const text = sql.replace(/\s+/g, " ")
    statements.push(text)
    if (text.includes(`from "installments_job_run"`)) {
      return { rows: [] }
    }
    if (text.startsWith("select") && text.includes(`"kind" = ? and "hour" >= ?`)) {
      return { rows: state.refusals }
    }
    if (text.includes(`from "installments_webhook_event"`)) {
      return { rows: [] }
    }
    if (text.includes(`count(*)::int as "count" from "installments_refund"`)) {
      return { rows: [{ count: state.failed }] }
    }
    if (text.includes(`from "installments_refund"`)) {
      return { rows: [] }
    }
    if (text.startsWith(`select max("last_at")`)) {
      const mine = sent.filter((row) => row.key === bindings[1])
      return { rows: [{ at: mine.length ? new Date(Math.max(...mine.map((row) => row.at.getTime()))) : null }] }
    }
    if (text.startsWith(`insert into "installments_health_count"`)) {
      const [, key, , at, , , , , after] = bindings as [string, string, string, Date, Date, string, string, string, Date]
      if (sent.some((row) => row.key === key && row.at > after)) {
        return { rows: [] }
      }
      sent.push({ key, at })
      return { rows: [{ last_at: at }] }
    }
    if (text.startsWith(`delete from "installments_health_count"`) && text.includes(`"hour" = ?`)) {
      sent.splice(
        sent.findIndex((row) => row.key === bindings[1] && row.at.getTime() === (bindings[3] as Date).getTime()),
        1
      )
      return { rows: [] }
    }
    if (text.startsWith(`delete from "installments_health_count"`)) {
      return { rows: [] }
    }
    throw new Error(`unexpected statement: ${text}`)
  }
  return { knex: { raw }, sent, statements }
}

function containerWith(knex: unknown) {
  return { resolve: (key: string) => ({ __pg_connection__: knex, logger: { warn: jest.fn() } })[key] } as never
}

describe("raiseAlerts: each condition emitted at most once per period while it lasts", () => {
  const failing = [{ provider_id: "installments", reason: "unknown_key", count: 6, last_at: ago(1), last_hour: 6 }]

  it("emits a lasting condition once, again only after its period, and a new refund failure after the previous hour's", async () => {
    const state = { refusals: failing, failed: 2 }
    const db = fakeDatabase(state)
    const container = containerWith(db.knex)
    const emitted: string[] = []
    const emit = async (alert: Alert) => void emitted.push(alert.kind)

    expect(await raiseAlerts(container, emit, NOW)).toEqual(["deliveries_failing", "refunds_failed_for_good"])
    // Five minutes on, the same condition: nothing again.
    expect(await raiseAlerts(container, emit, new Date(NOW.getTime() + 5 * MINUTE))).toEqual([])
    // An hour on, refunds failed since the last alert are announced (each refund once); the deliveries wait a day.
    expect(await raiseAlerts(container, emit, new Date(NOW.getTime() + 61 * MINUTE))).toEqual(["refunds_failed_for_good"])
    // A day on, the deliveries still refused (the last a minute ago): announced again.
    const dayLater = new Date(NOW.getTime() + REPEAT_MS + MINUTE)
    state.refusals = [{ ...failing[0], last_at: new Date(dayLater.getTime() - MINUTE) }]
    expect(await raiseAlerts(container, emit, dayLater)).toContain("deliveries_failing")
    expect(emitted.filter((kind) => kind === "deliveries_failing")).toHaveLength(2)
    // Only reads of the plugin's tables and the alerts' own records are written.
    expect(
      db.statements.filter((sql) => /^(insert|update|delete)/.test(sql)).every((sql) => sql.includes(`"installments_health_count"`))
    ).toBe(true)
  })

  it("gives a claim back when the event bus fails, so the next run emits it", async () => {
    const db = fakeDatabase({ refusals: failing, failed: 0 })
    const container = containerWith(db.knex)
    const failingBus = async () => {
      throw new Error("event bus unavailable")
    }
    expect(await raiseAlerts(container, failingBus, NOW)).toEqual([])
    expect(db.sent).toEqual([])
    expect(await raiseAlerts(container, async () => undefined, new Date(NOW.getTime() + 5 * MINUTE))).toEqual(["deliveries_failing"])
  })

  it("does nothing without a database", async () => {
    const emit = jest.fn()
    expect(await raiseAlerts(containerWith(undefined), emit, NOW)).toEqual([])
    expect(emit).not.toHaveBeenCalled()
  })
})
