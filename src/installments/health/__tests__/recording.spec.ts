import { readdirSync } from "node:fs"
import path from "node:path"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { configWithPayment } from "../../__tests__/medusa-shapes"
import { countDeliveryRefusal, readDeliveryRefusals, REFUSAL_RETENTION_MS } from "../delivery-refusals"
import { PLUGIN_JOBS } from "../jobs"
import { readJobRuns, recordedJob, WORKER } from "../job-runs"

const SECRET = "sk_live_Yq2n8RfT4wPz6LbK"

/** Medusa's Knex connection, reduced to `raw`: each statement and its bindings, answered with `rows`. */
function fakeKnex(rows: Record<string, unknown>[] = [], fail = false) {
  const statements: { sql: string; bindings: unknown[] }[] = []
  return {
    statements,
    raw: jest.fn(async (sql: string, bindings: unknown[] = []) => {
      statements.push({ sql: sql.replace(/\s+/g, " "), bindings })
      if (fail) {
        throw new Error('relation "installments_job_run" does not exist')
      }
      return { rows }
    }),
  }
}

function containerWith(knex: unknown) {
  const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() }
  const config = configWithPayment({
    providers: [
      {
        resolve: "./src/providers/installments",
        id: "installments",
        options: { secretKey: SECRET, publicKey: "prod-pk", baseUrl: "https://installments.test", storeId: "s" },
      },
    ],
  })
  const registry: Record<string, unknown> = {
    [ContainerRegistrationKeys.PG_CONNECTION]: knex,
    [ContainerRegistrationKeys.LOGGER]: logger,
    [ContainerRegistrationKeys.CONFIG_MODULE]: config,
  }
  return {
    logger,
    container: {
      resolve: (key: string) => {
        if (!(key in registry)) throw new Error(`no ${key}`)
        return registry[key]
      },
    } as never,
  }
}

const CONFIG = { name: "installments-retry-failed-refunds", schedule: "*/5 * * * *" }

describe("each job's last run, for the health page", () => {
  it("records the start, then the end and outcome, and hands the job's result back", async () => {
    const knex = fakeKnex()
    const { container } = containerWith(knex)
    const job = recordedJob(CONFIG, async (_container, options: { now?: Date }) => ({ retried: 2, at: options.now }))
    const now = new Date("2026-12-01T10:00:00Z")
    await expect(job(container, { now })).resolves.toEqual({ retried: 2, at: now })
    expect(knex.statements).toHaveLength(2)
    expect(knex.statements[0].sql).toMatch(/^insert into "installments_job_run" .* on conflict \("name"\) do update/)
    expect(knex.statements[0].bindings.slice(0, 3)).toEqual([CONFIG.name, CONFIG.schedule, WORKER])
    expect(knex.statements[1].sql).toMatch(/^update "installments_job_run" set "finished_at"/)
    expect(knex.statements[1].bindings).toEqual([
      expect.any(Date),
      "ok",
      null,
      expect.any(Number),
      true,
      expect.any(Date),
      CONFIG.name,
    ])
  })

  it("records a failed run with its error, without any registration's secret key, and throws the job's error", async () => {
    const knex = fakeKnex()
    const { container } = containerWith(knex)
    const failure = new Error(`the service refused Authorization: ${SECRET}`)
    const job = recordedJob(CONFIG, async () => {
      throw failure
    })
    await expect(job(container)).rejects.toBe(failure)
    const end = knex.statements[1].bindings
    expect(end[1]).toBe("failed")
    expect(end[2]).toBe("the service refused Authorization: [REDACTED]")
    expect(JSON.stringify(knex.statements)).not.toContain(SECRET)
  })

  it("never fails a job because its run could not be recorded, nor records without a database", async () => {
    const { container, logger } = containerWith(fakeKnex([], true))
    await expect(recordedJob(CONFIG, async () => "done")(container)).resolves.toBe("done")
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/could not record a job's run/))
    const bare = { resolve: () => undefined } as never
    await expect(recordedJob(CONFIG, async () => "done")(bare)).resolves.toBe("done")
  })

  it("reads the runs back as dates and outcomes", async () => {
    const started = new Date("2026-12-01T10:00:00Z")
    const knex = fakeKnex([
      {
        name: "a",
        schedule: "* * * * *",
        worker: "w:1",
        started_at: started,
        finished_at: null,
        outcome: "bogus",
        error: null,
        duration_ms: null,
        last_ok_at: null,
      },
    ])
    expect(await readJobRuns(knex)).toEqual([
      {
        name: "a",
        schedule: "* * * * *",
        worker: "w:1",
        started_at: started,
        finished_at: null,
        outcome: null,
        error: null,
        duration_ms: null,
        last_ok_at: null,
      },
    ])
  })

  it("knows every job of src/jobs, with the schedule its file gives Medusa, and records each", async () => {
    const dir = path.join(__dirname, "../../../jobs")
    const files = readdirSync(dir).filter((file) => file.endsWith(".ts"))
    const configs = await Promise.all(
      files.map(async (file) => {
        const job = (await import(path.join(dir, file))) as { config: { name: string; schedule: string }; default: unknown }
        // Wrapped: the default export is recordedJob's function, not the job's own (its name is empty).
        expect(typeof job.default).toBe("function")
        expect((job.default as { name: string }).name).toBe("")
        return job.config
      })
    )
    expect([...configs].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...PLUGIN_JOBS].sort((a, b) => a.name.localeCompare(b.name))
    )
  })
})

describe("refused deliveries, counted per registration, reason and hour", () => {
  it("adds one to the hour's row, and deletes rows older than two days once an hour per process", async () => {
    const knex = fakeKnex()
    const at = new Date("2026-12-01T10:25:13Z")
    await countDeliveryRefusal(knex, "installments", "unknown_key", at)
    await countDeliveryRefusal(knex, "installments", "unknown_key", new Date(at.getTime() + 60_000))
    await countDeliveryRefusal(knex, "installments", "bad_signature", new Date("2026-12-01T11:00:01Z"))
    const sql = knex.statements.map((statement) => statement.sql.slice(0, 40))
    expect(sql).toEqual([
      expect.stringMatching(/^insert into "installments_health_count"/),
      expect.stringMatching(/^delete from "installments_health_count"/),
      expect.stringMatching(/^insert into/),
      expect.stringMatching(/^insert into/),
      expect.stringMatching(/^delete from/),
    ])
    expect(knex.statements[0].bindings).toEqual([
      "webhook_refusal",
      "installments",
      "unknown_key",
      new Date("2026-12-01T10:00:00Z"),
      at,
    ])
    expect(knex.statements[1].bindings).toEqual([new Date(at.getTime() - REFUSAL_RETENTION_MS)])
  })

  it("reads a day's counts, leaving out a reason it does not know", async () => {
    const last = new Date("2026-12-01T09:59:00Z")
    const knex = fakeKnex([
      { provider_id: "installments", reason: "unknown_key", count: "7", last_at: last, last_hour: "2" },
      { provider_id: "installments", reason: "<script>", count: 1, last_at: last, last_hour: 0 },
    ])
    const now = new Date("2026-12-01T10:30:00Z")
    expect(await readDeliveryRefusals(knex, new Date(now.getTime() - 24 * 3_600_000), now)).toEqual([
      { provider_id: "installments", reason: "unknown_key", count: 7, last_at: last, last_hour: 2 },
    ])
    // From the hour a day ago began; "the last hour" from the previous hour's start.
    expect(knex.statements[0].bindings).toEqual([
      new Date("2026-12-01T09:00:00Z"),
      "webhook_refusal",
      new Date("2026-11-30T10:00:00Z"),
    ])
  })
})
