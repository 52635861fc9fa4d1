import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PaymentLinks } from "../../../../lib/client/resources/payment-links"
import { serviceCallStats } from "../../../../lib/client"
import { configWithPayment } from "../../../../installments/__tests__/medusa-shapes"
import { PLUGIN_JOBS } from "../../../../installments/health/jobs"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import { healthReport } from "../health/health-report"
import { AdminHealthQuery } from "../health/validators"

const SECRET = "sk_live_Hn3q9TzW5vRk2YpM"
const STORE_ID = "0f8fad5b-d9cb-469f-a165-70867728950e"
const NOW = new Date("2026-12-01T10:00:00.000Z")
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)

const options = {
  secretKey: SECRET,
  publicKey: "sandbox-pk_1",
  baseUrl: "https://installments.test",
  storeId: STORE_ID,
  callbackUrl: "https://shop.test/return?s={session_id}",
}

/** The plugin's module and its tables as the route reads them, each read counted. */
function storeWith() {
  const reads: string[] = []
  const refund = (overrides: Record<string, unknown>) => ({
    id: "iref_01",
    provider_id: "installments",
    order_id: "order_1",
    amount: 100.25,
    raw_amount: { value: "100.25", precision: 20 },
    status: "unknown",
    created_at: ago(40),
    updated_at: ago(40),
    failure_reason: null,
    next_retry_at: null,
    attempts: 0,
    ...overrides,
  })
  const module = {
    listWebhookKeys: jest.fn(async () => {
      reads.push("webhook keys")
      return [{ url: "https://shop.test/hooks/payment/installments_installments", provider_id: "installments" }]
    }),
    listWebhookEvents: jest.fn(async (filters: { provider_id: string }) => {
      reads.push(`last delivery of ${filters.provider_id}`)
      return filters.provider_id === "installments" ? [{ created_at: ago(90) }] : []
    }),
    listAndCountInstallmentsRefunds: jest.fn(async (filters: { status: unknown; retryable?: boolean }) => {
      reads.push(`refunds ${JSON.stringify(filters.status)}${filters.retryable ? " retryable" : ""}`)
      if (Array.isArray(filters.status)) return [[refund({})], 1]
      if (filters.retryable) return [[], 0]
      return [[refund({ id: "iref_02", status: "failed", failure_reason: "The transaction cannot be refunded." })], 1]
    }),
  }
  const knex = {
    raw: jest.fn(async (sql: string) => {
      reads.push(sql.includes("installments_job_run") ? "job runs" : "refused deliveries")
      if (sql.includes("installments_job_run")) {
        return {
          rows: [
            {
              name: "installments-resolve-refund-intents",
              schedule: "* * * * *",
              worker: "worker-1:7",
              started_at: ago(30),
              finished_at: ago(30),
              outcome: "failed",
              error: "connect ECONNREFUSED",
              duration_ms: 12,
              last_ok_at: ago(31),
            },
          ],
        }
      }
      return { rows: [{ provider_id: "installments", reason: "unknown_key", count: 4, last_at: ago(10), last_hour: 4 }] }
    }),
  }
  const config = configWithPayment({
    providers: [
      { resolve: "./src/providers/installments", id: "installments", options },
      { resolve: "./src/providers/installments", id: "card", options: { ...options, checkoutMode: "pay_in_full" } },
    ],
  })
  const registry: Record<string, unknown> = {
    [INSTALLMENTS_MODULE]: module,
    [ContainerRegistrationKeys.PG_CONNECTION]: knex,
    [ContainerRegistrationKeys.CONFIG_MODULE]: config,
    [ContainerRegistrationKeys.LOGGER]: { debug() {}, info() {}, warn() {}, error() {} },
  }
  return { reads, container: { resolve: (key: string) => registry[key] } as never }
}

afterEach(() => jest.restoreAllMocks())

describe("GET /admin/installments/health", () => {
  it("reads the store's records only: no service call, 3 + 1 per registration reads of the plugin's tables, 3 of the ledger", async () => {
    const list = jest.spyOn(PaymentLinks.prototype, "list")
    const { container, reads } = storeWith()
    const answer = await healthReport(container, { now: NOW })
    expect(list).not.toHaveBeenCalled()
    expect(reads.sort()).toEqual(
      [
        "webhook keys",
        "refused deliveries",
        "job runs",
        "last delivery of installments",
        "last delivery of card",
        'refunds ["sending","unknown"]',
        'refunds "failed" retryable',
        'refunds "failed"',
      ].sort()
    )
    expect(answer.connection_checked).toBe(false)
    expect(answer.registrations.map((registration) => registration.connection)).toEqual([null, null])
    const [installments, card] = answer.registrations
    expect(installments).toMatchObject({
      provider_id: "installments",
      environment: "sandbox",
      webhook_path: "/hooks/payment/installments_installments",
      webhooks_registered: 1,
      last_verified_delivery_at: ago(90).toISOString(),
      refused_deliveries: [{ reason: "unknown_key", count: 4, last_hour: 4, last_at: ago(10).toISOString() }],
    })
    expect(card).toMatchObject({ webhooks_registered: 0, last_verified_delivery_at: null, refused_deliveries: [] })
    // Money exact, the ledger's status in words.
    expect(answer.refunds.waiting).toMatchObject({ count: 1, oldest_at: ago(40).toISOString() })
    expect(answer.refunds.waiting.rows[0]).toMatchObject({ amount: "100.25", status: "confirming" })
    expect(answer.refunds.failed.rows[0]).toMatchObject({ status: "failed", failure_reason: "The transaction cannot be refunded." })
    const resolver = answer.jobs.find((job) => job.name === "installments-resolve-refund-intents")!
    expect(resolver).toMatchObject({ outcome: "failed", worker: "worker-1:7", running: false, period_ms: 60_000 })
    expect(resolver.next_run_at).toBe("2026-12-01T10:01:00.000Z")
    // Every plugin job, the ones never run included.
    expect(answer.jobs.map((job) => job.name)).toEqual(PLUGIN_JOBS.map((job) => job.name))
    expect(answer.problems.map((problem) => problem.code)).toEqual(
      expect.arrayContaining([
        "deliveries_refused",
        "webhook_not_registered",
        "job_late",
        "job_failed",
        "refunds_waiting",
        "refunds_failed",
      ])
    )
    expect(JSON.stringify(answer)).not.toContain(SECRET)
    expect(JSON.stringify(answer)).not.toContain("sandbox-pk_1")
  })

  it("calls the service once per registration when asked to check the connection, and says how long it took", async () => {
    const list = jest
      .spyOn(PaymentLinks.prototype, "list")
      .mockResolvedValueOnce({} as never)
      .mockRejectedValueOnce(Object.assign(new Error(`401 for ${SECRET}`), { status: 401 }))
    const { container } = storeWith()
    const answer = await healthReport(container, { now: NOW, checkConnection: true })
    expect(list).toHaveBeenCalledTimes(2)
    expect(answer.connection_checked).toBe(true)
    expect(answer.registrations[0].connection).toEqual({ ok: true, message: null, latency_ms: expect.any(Number) })
    expect(answer.registrations[1].connection).toMatchObject({ ok: false, message: expect.any(String) })
    expect(JSON.stringify(answer)).not.toContain(SECRET)
  })

  it("gives this process's error rate per registration", async () => {
    serviceCallStats.clear()
    const account = "https://installments.test|sandbox-pk_1"
    for (let i = 0; i < 4; i++) serviceCallStats.record(account, "server_error", 200, NOW.getTime())
    serviceCallStats.record(account, "ok", 100, NOW.getTime())
    const { container } = storeWith()
    const answer = await healthReport(container, { now: NOW })
    expect(answer.registrations[0].service_calls).toMatchObject({ calls: 5, failed: 4, error_rate: 0.8 })
    expect(answer.problems).toContainEqual(
      expect.objectContaining({ code: "service_errors", provider_id: "installments", params: { failed: 4, calls: 5, percent: 80 } })
    )
    serviceCallStats.clear()
  })

  it("takes only check=connection", () => {
    expect(AdminHealthQuery.parse({})).toEqual({})
    expect(AdminHealthQuery.parse({ check: "connection" })).toEqual({ check: "connection" })
    expect(AdminHealthQuery.safeParse({ check: "everything" }).success).toBe(false)
  })
})
