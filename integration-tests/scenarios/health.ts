import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import retryFailedRefunds from "../../src/jobs/retry-failed-refunds"
import { raiseAlerts } from "../../src/installments/alerts/raise"
import type { Alert } from "../../src/installments/alerts/decide"
import { countRefundIntents } from "../../src/installments/telemetry/refund-intents"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { SuiteContext } from "../helpers/context"
import { SECRET_KEY } from "../helpers/sandbox"
import { sendToWebhookRoute, signedByService } from "../helpers/webhooks"

/** Issue 42: the health route in the booted store, over its real tables. */
export function healthScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const get = (params: Record<string, unknown> = {}) =>
    api.get("/admin/installments/health", { ...ctx.admin, params, validateStatus: () => true })

  it("counts refused deliveries by reason, records a job's run, costs no service call and a dozen queries, and says the fix", async () => {
    const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    // Two refusals of each kind a merchant meets: a key this store does not hold, a proxy that drops the body.
    const body = JSON.stringify({ id: "evt_health", event: "order.success", created_at: new Date().toISOString(), data: {} })
    const forged = { ...signedByService(ctx.sandbox, body), "x-api-key": "whk_not_ours", "content-type": "application/json" }
    for (let i = 0; i < 2; i++) {
      expect((await sendToWebhookRoute(api, body, forged)).status).toBe(401)
      expect((await sendToWebhookRoute(api, "", { "content-type": "application/json" })).status).toBe(400)
    }
    await retryFailedRefunds(getContainer())

    const { data: before } = await ctx.sandbox.control.get("/requests")
    const queries: string[] = []
    const count = (query: { sql: string }) => queries.push(query.sql)
    ;(knex as unknown as { on: (event: string, fn: (query: { sql: string }) => void) => void }).on("query", count)
    const { status, data } = await get()
    ;(knex as unknown as { off: (event: string, fn: unknown) => void }).off("query", count)
    const { data: after } = await ctx.sandbox.control.get("/requests")

    expect(status).toBe(200)
    expect(after.last).toBe(before.last)
    // 3 reads of the plugin's tables, 1 per registration, 3 pages and 3 counts of the ledger.
    expect(queries.length).toBeLessThanOrEqual(12)
    expect(data.connection_checked).toBe(false)
    const installments = data.registrations.find(
      (registration: { provider_id: string }) => registration.provider_id === "installments"
    )
    expect(installments.connection).toBeNull()
    expect(installments.refused_deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: "unknown_key", count: expect.any(Number), last_hour: expect.any(Number) }),
        expect.objectContaining({ reason: "empty_body" }),
      ])
    )
    const unknownKey = installments.refused_deliveries.find((refused: { reason: string }) => refused.reason === "unknown_key")
    expect(unknownKey.count).toBeGreaterThanOrEqual(2)
    expect(data.problems).toContainEqual(
      expect.objectContaining({
        code: "deliveries_refused",
        severity: "error",
        provider_id: "installments",
        params: expect.objectContaining({ reason: "unknown_key" }),
      })
    )
    const job = data.jobs.find((entry: { name: string }) => entry.name === "installments-retry-failed-refunds")
    expect(job).toMatchObject({
      outcome: "ok",
      running: false,
      worker: expect.stringMatching(/:\d+$/),
      next_run_at: expect.any(String),
    })
    expect(Date.now() - Date.parse(job.last_started_at)).toBeLessThan(60_000)
    expect(data.refunds).toMatchObject({
      waiting: { count: expect.any(Number) },
      retrying: { count: expect.any(Number) },
      failed: { count: expect.any(Number) },
    })
    expect(JSON.stringify(data)).not.toContain(SECRET_KEY)

    // Asked, it calls the service once per registration and says how fast it answered.
    const checked = await get({ check: "connection" })
    expect(checked.status).toBe(200)
    expect(
      checked.data.registrations.find((registration: { provider_id: string }) => registration.provider_id === "installments")
        .connection
    ).toEqual({
      ok: true,
      message: null,
      latency_ms: expect.any(Number),
    })
    const { data: afterCheck } = await ctx.sandbox.control.get("/requests", { params: { since: after.last } })
    expect(afterCheck.count).toBe(checked.data.registrations.length)
    expect((await get({ check: "everything" })).status).toBe(400)
  })

  it("one rule for a failed refund in the database: on the retry schedule it is retrying everywhere, refused for good it is failed and raises its alert once", async () => {
    const container = getContainer()
    const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const suffix = Date.now()
    const [forGood, retrying] = await module.createInstallmentsRefunds([
      {
        provider_id: "installments",
        transaction_id: `txn_health_good_${suffix}`,
        amount: 12,
        status: "failed",
        retryable: false,
        failure_reason: "The bank refused the refund.",
      },
      {
        provider_id: "installments",
        transaction_id: `txn_health_retry_${suffix}`,
        amount: 13,
        status: "failed",
        retryable: true,
        next_retry_at: new Date(Date.now() + 60 * 60_000),
      },
    ])
    try {
      const { data } = await get()
      const ids = (group: { rows: { id: string }[] }) => group.rows.map((row) => row.id)
      expect(ids(data.refunds.failed)).toContain(forGood.id)
      expect(ids(data.refunds.failed)).not.toContain(retrying.id)
      expect(ids(data.refunds.retrying)).toContain(retrying.id)
      expect(ids(data.refunds.retrying)).not.toContain(forGood.id)

      const counts = await countRefundIntents(knex)
      expect(counts.failed).toBeGreaterThanOrEqual(1)
      expect(counts.retrying).toBeGreaterThanOrEqual(1)

      const raised: Alert[] = []
      await raiseAlerts(container, async (alert) => void raised.push(alert))
      const failedAlerts = raised.filter((alert) => alert.kind === "refunds_failed_for_good")
      expect(failedAlerts).toHaveLength(1)
      const named = (failedAlerts[0].data as { refunds: { id: string }[] }).refunds.map((refund) => refund.id)
      expect(named).toContain(forGood.id)
      expect(named).not.toContain(retrying.id)
      // Once: the next run within the period raises nothing more for it.
      const again: Alert[] = []
      await raiseAlerts(container, async (alert) => void again.push(alert))
      expect(again.filter((alert) => alert.kind === "refunds_failed_for_good")).toHaveLength(0)
    } finally {
      await module.deleteInstallmentsRefunds([forGood.id, retrying.id])
    }
  })
}
