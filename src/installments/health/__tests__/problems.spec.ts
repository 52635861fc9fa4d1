import { CALL_OUTCOMES } from "../../../lib/client/call-stats"
import type { HealthCallWindow, HealthJob, HealthRefund, HealthRefunds, HealthRegistration } from "../answer"
import { healthProblems } from "../problems"

const NOW = new Date("2026-12-01T10:00:00.000Z")
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()

const calls = (outcomes: Partial<HealthCallWindow["outcomes"]> = {}): HealthCallWindow => {
  const all = { ...Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, 0])), ...outcomes } as HealthCallWindow["outcomes"]
  const total = Object.values(all).reduce((sum, count) => sum + count, 0)
  const failed = total - all.ok - all.refused
  return { calls: total, failed, error_rate: total ? failed / total : 0, outcomes: all, average_ms: null, slowest_ms: null }
}

const registration = (overrides: Partial<HealthRegistration> = {}): HealthRegistration => ({
  provider_id: "installments",
  environment: "sandbox",
  connection: null,
  webhook_path: "/hooks/payment/installments_installments",
  webhooks_registered: 1,
  webhook_keys_configured: 0,
  last_verified_delivery_at: ago(30),
  refused_deliveries: [],
  service_calls: calls({ ok: 40 }),
  ...overrides,
})

const job = (overrides: Partial<HealthJob> = {}): HealthJob => ({
  name: "installments-retry-failed-refunds",
  schedule: "*/5 * * * *",
  period_ms: 5 * 60_000,
  last_started_at: ago(3),
  last_finished_at: ago(3),
  outcome: "ok",
  error: null,
  duration_ms: 40,
  last_ok_at: ago(3),
  worker: "worker-1:42",
  running: false,
  next_run_at: ago(-2),
  ...overrides,
})

const refund = (overrides: Partial<HealthRefund> = {}): HealthRefund => ({
  id: "iref_1",
  provider_id: "installments",
  order_id: "order_1",
  amount: "100.25",
  status: "failed",
  created_at: ago(60),
  updated_at: ago(60),
  failure_reason: "The merchant balance is too low for this refund.",
  next_retry_at: null,
  attempts: 1,
  ...overrides,
})

const noRefunds: HealthRefunds = {
  waiting: { count: 0, oldest_at: null, rows: [] },
  retrying: { count: 0, next_retry_at: null, rows: [] },
  failed: { count: 0, rows: [] },
}

const codes = (input: Parameters<typeof healthProblems>[0]) => healthProblems(input, NOW).map((problem) => problem.code)

describe("what needs a person, from the health figures", () => {
  it("nothing when every registration answers and receives, every job ran in time and no refund waits", () => {
    expect(codes({ registrations: [registration()], jobs: [job()], refunds: noRefunds })).toEqual([])
  })

  it("the service: a failed connection check, a refused key, one call in five failing over five calls or more", () => {
    const problems = healthProblems(
      {
        registrations: [
          registration({ connection: { ok: false, message: "The secret key was refused.", latency_ms: 80 } }),
          registration({ provider_id: "card", service_calls: calls({ ok: 3, unauthorized: 1, server_error: 1 }) }),
          // Four failures of four calls: too few calls to say.
          registration({ provider_id: "quiet", service_calls: calls({ timeout: 4 }) }),
          // A 404 is the service answering.
          registration({ provider_id: "answers", service_calls: calls({ ok: 5, refused: 5 }) }),
        ],
        jobs: [],
        refunds: noRefunds,
      },
      NOW
    )
    expect(problems).toEqual([
      {
        code: "connection_failed",
        severity: "error",
        provider_id: "installments",
        params: { message: "The secret key was refused." },
      },
      { code: "service_unauthorized", severity: "error", provider_id: "card", params: { count: 1 } },
      { code: "service_errors", severity: "error", provider_id: "card", params: { failed: 2, calls: 5, percent: 40 } },
    ])
  })

  it("deliveries: no endpoint and no key, none received yet, refused in the last hours (an error) or earlier today (a warning)", () => {
    const problems = healthProblems(
      {
        registrations: [
          registration({ webhooks_registered: 0, last_verified_delivery_at: null }),
          registration({ provider_id: "card", last_verified_delivery_at: null, webhooks_registered: 0, webhook_keys_configured: 1 }),
          registration({
            provider_id: "live",
            refused_deliveries: [
              { reason: "unknown_key", count: 12, last_hour: 3, last_at: ago(5) },
              { reason: "empty_body", count: 1, last_hour: 0, last_at: ago(600) },
            ],
          }),
        ],
        jobs: [],
        refunds: noRefunds,
      },
      NOW
    )
    expect(problems.map(({ code, severity, provider_id }) => [code, severity, provider_id])).toEqual([
      ["webhook_not_registered", "error", "installments"],
      ["deliveries_refused", "error", "live"],
      ["no_delivery_yet", "warning", "card"],
      ["deliveries_refused", "warning", "live"],
    ])
    expect(problems[1].params).toEqual({ reason: "unknown_key", count: 12, last_at: ago(5) })
  })

  it("jobs: none ever ran, one never ran while others do, late by twice its period, stuck in a run, failed", () => {
    expect(codes({ registrations: [], jobs: [job({ last_started_at: null, running: false })], refunds: noRefunds })).toEqual([
      "jobs_not_running",
    ])
    const problems = healthProblems(
      {
        registrations: [],
        jobs: [
          job({ name: "a", last_started_at: ago(60) }),
          job({ name: "never", last_started_at: null, last_finished_at: null, outcome: null }),
          // Hourly, last started 70 minutes ago: not late yet (twice its period is two hours).
          job({ name: "hourly", schedule: "17 * * * *", period_ms: 3_600_000, last_started_at: ago(70) }),
          job({ name: "stuck", last_started_at: ago(30), running: true }),
          job({ name: "failed", outcome: "failed", error: "connect ECONNREFUSED 10.0.0.5:5432" }),
        ],
        refunds: noRefunds,
      },
      NOW
    )
    expect(problems.map(({ code, job }) => [code, job])).toEqual([
      ["job_late", "a"],
      ["job_never_ran", "never"],
      ["job_stuck", "stuck"],
      ["job_failed", "failed"],
    ])
    expect(problems[0].params).toEqual({ started_at: ago(60), worker: "worker-1:42", schedule: "*/5 * * * *" })
    expect(problems[3].params.error).toBe("connect ECONNREFUSED 10.0.0.5:5432")
  })

  it("refunds: unconfirmed for more than 15 minutes, refused and retried, failed for good", () => {
    const fresh: HealthRefunds = { ...noRefunds, waiting: { count: 1, oldest_at: ago(3), rows: [refund({ status: "confirming" })] } }
    expect(codes({ registrations: [], jobs: [], refunds: fresh })).toEqual([])
    const problems = healthProblems(
      {
        registrations: [],
        jobs: [],
        refunds: {
          waiting: { count: 2, oldest_at: ago(40), rows: [refund({ status: "confirming", created_at: ago(40) })] },
          retrying: { count: 1, next_retry_at: ago(-4), rows: [refund({ next_retry_at: ago(-4) })] },
          failed: { count: 3, rows: [refund()] },
        },
      },
      NOW
    )
    expect(problems).toEqual([
      { code: "refunds_waiting", severity: "error", params: { count: 2, oldest_at: ago(40), minutes: 40 } },
      { code: "refunds_failed", severity: "error", params: { count: 3 } },
      {
        code: "refunds_retrying",
        severity: "warning",
        params: { count: 1, next_retry_at: ago(-4), reason: "The merchant balance is too low for this refund." },
      },
    ])
  })
})
