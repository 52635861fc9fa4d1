import { twoDecimals } from "./amounts"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { RunningSandbox } from "../index"
import { STORE_ID, boot, call, control, createLink } from "./helpers"

const ROOT = join(__dirname, "..", "..", "..")

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const statement = (body: Record<string, unknown>) => call(sb, "POST", "/reports/statements", { body: { store_id: STORE_ID, ...body } })
const list = (body: Record<string, unknown>) => call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body })

describe("statement window on the instants the filter uses (D17)", () => {
  it("a date-only to_date counts its whole day: 2025-01-01..2026-01-01 is 366 days, ..2026-01-02 is 367", async () => {
    expect((await statement({ from_date: "2025-01-01", to_date: "2026-01-01" })).status).toBe(200)
    const over = await statement({ from_date: "2025-01-01", to_date: "2026-01-02" })
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({ error: "invalid_date_range", status_code: 400 })
    expect(over.body.message).toMatch(/at most 366 days/)
    expect((await statement({ from_date: "2025-01-01T00:00:00Z", to_date: "2026-01-02" })).status).toBe(400)
    // 2024 is a leap year: Jan 1 2024 to Jan 1 2025 inclusive is 367 days.
    expect((await statement({ from_date: "2024-01-01", to_date: "2024-12-31" })).status).toBe(200)
    expect((await statement({ from_date: "2024-01-01", to_date: "2025-01-01" })).status).toBe(400)
  })

  it("from_date later the same day as a date-only to_date is in order (to_date means the end of that day)", async () => {
    const answer = await statement({ from_date: "2026-01-01T12:00:00Z", to_date: "2026-01-01" })
    expect(answer.status).toBe(200)
    expect(twoDecimals(answer.body).summary.total_gross_sales).toBe("0.00")
    const reversed = await statement({ from_date: "2026-01-02T00:00:00Z", to_date: "2026-01-01" })
    expect(reversed.status).toBe(400)
    expect(reversed.body).toMatchObject({ error: "invalid_date_range" })
  })

  it("offset-less date-times are UTC for the window rules too", async () => {
    expect((await statement({ from_date: "2026-01-01T10:00:00", to_date: "2026-01-01T10:00:00Z" })).status).toBe(200)
    expect((await statement({ from_date: "2026-01-01T10:00:01", to_date: "2026-01-01T10:00:00Z" })).status).toBe(400)
    expect((await statement({ from_date: "2025-01-01 00:00", to_date: "2026-01-02T00:00:00" })).status).toBe(200)
    expect((await statement({ from_date: "2025-01-01 00:00", to_date: "2026-01-02T00:00:01" })).status).toBe(400)
  })

  it("a field error stays invalid_request, and the window is judged before the store", async () => {
    expect((await statement({ from_date: "2026-01-01", to_date: "soon" })).body).toMatchObject({ error: "invalid_request" })
    const otherStore = await call(sb, "POST", "/reports/statements", {
      body: { from_date: "2026-02-01", to_date: "2026-01-01", store_id: "00000000-0000-4000-8000-000000000000" },
    })
    expect(otherStore.body).toMatchObject({ error: "invalid_date_range" })
  })
})

describe("list from_date/to_date on the instants the filter uses", () => {
  it("from_date later the same day as a date-only to_date is in order and finds that day's links", async () => {
    const id = await createLink(sb)
    const today = new Date(Date.now()).toISOString().slice(0, 10)
    const answer = await list({ from_date: `${today}T00:00:01Z`, to_date: today })
    expect(answer.status).toBe(200)
    // The link was created today after 00:00:01 unless the test runs in that very second.
    expect(answer.body.total).toBeLessThanOrEqual(1)
    const start = await list({ from_date: `${today}T00:00:00Z`, to_date: today })
    expect(start.body.data.map((row: { payment_link_id: string }) => row.payment_link_id)).toEqual([id])
  })

  it("answers 400 invalid_parameters when from_date is after to_date as instants", async () => {
    const reversed = await list({ from_date: "2026-01-02T00:00:00Z", to_date: "2026-01-01" })
    expect(reversed.status).toBe(400)
    expect(reversed.body).toMatchObject({ error: "invalid_parameters", status_code: 400 })
    expect(reversed.body.message).toMatch(/from_date must not be after to_date/)
    expect((await list({ from_date: "2026-01-01T23:59:59Z", to_date: "2026-01-01" })).status).toBe(200)
    expect((await list({ from_date: "2026-01-01T10:00:00", to_date: "2026-01-01T10:00:00Z" })).status).toBe(200)
    expect((await list({ from_date: "2026-01-01T10:00:01", to_date: "2026-01-01T10:00:00Z" })).status).toBe(400)
  })
})

// Date.parse reads an offset-less date-time as local time; the rules must not depend on the machine's zone.
describe("window rules do not depend on the machine's time zone", () => {
  it("a sandbox running in America/New_York reads offset-less bounds as UTC", async () => {
    const script = `
      const { startSandbox } = require("./sandbox/src/index.ts")
      ;(async () => {
        const sb = await startSandbox({ port: 0, secretKey: "sk", publicKey: "sandbox-tz", storeId: "${STORE_ID}" })
        const headers = { authorization: "sk", "x-service-key": "sandbox-tz", "content-type": "application/json", accept: "application/json" }
        const post = async (path, body) => (await fetch(sb.url + path, { method: "POST", headers, body: JSON.stringify(body) })).status
        const results = [
          await post("/reports/statements", { store_id: "${STORE_ID}", from_date: "2026-01-01T10:00:00", to_date: "2026-01-01T10:00:00Z" }),
          await post("/reports/statements", { store_id: "${STORE_ID}", from_date: "2025-01-01T00:00:00Z", to_date: "2026-01-01T20:00:00" }),
          await post("/payment_links/${STORE_ID}/list", { from_date: "2026-01-01T10:00:00", to_date: "2026-01-01T10:00:00Z" }),
        ]
        await sb.stop()
        process.stdout.write(JSON.stringify({ offset: new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset(), results }))
      })().catch((error) => { process.stderr.write(String(error)); process.exit(1) })
    `
    const child = spawn(process.execPath, ["-r", "ts-node/register", "-e", script], {
      cwd: ROOT,
      env: { ...process.env, TZ: "America/New_York", TS_NODE_TRANSPILE_ONLY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    let errors = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
    expect({ code, errors }).toEqual({ code: 0, errors: "" })
    const { offset, results } = JSON.parse(output) as { offset: number; results: number[] }
    expect(offset).toBe(300) // the child really runs 5 hours behind UTC
    expect(results).toEqual([200, 200, 200])
  }, 30_000)
})
