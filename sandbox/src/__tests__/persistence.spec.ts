import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseAmount } from "../../../src/lib/money"
import { startSandbox } from "../index"
import { advance, call, control, createLink, pay, STORE_ID } from "./helpers"

describe("--data: state kept across restarts", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sandbox-data-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("reloads links, transactions, refunds, credentials and the clock; reschedules settlements", async () => {
    const dataFile = join(dir, "state.json")
    const first = await startSandbox({
      port: 0,
      dataFile,
      secretKey: "sk_test_sandbox_secret",
      publicKey: "sandbox-pk-test",
      storeId: STORE_ID,
      settlementDelayMs: 60_000,
    })
    const link = await createLink(first, { amount: 400 })
    const { transaction_id } = await pay(first, link, "4092010000000018")
    await call(first, "POST", `/transactions/refund/${transaction_id}/`, { body: { refund_amount: 10 } })
    await advance(first, { seconds: 10 })
    await first.stop()
    expect(statSync(dataFile).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(dataFile, "utf8")).version).toBe(1)

    // No credentials given: the file's are used.
    const second = await startSandbox({ port: 0, dataFile })
    try {
      expect(second.secretKey).toBe("sk_test_sandbox_secret")
      expect(second.storeId).toBe(STORE_ID)
      const details = await call(second, "POST", `/payment_links/${link}/details`, { body: {} })
      expect(details.status).toBe(200)
      expect(details.body.payment_link.status).toBe("Paid")
      expect(parseAmount(details.body.transactions[0].refunded_amount)).toBe(1000n)
      expect((await control(second, "GET", "/clock")).body.offset_ms).toBeGreaterThanOrEqual(10_000)
      // The refund's settlement (due 60 s after acceptance) survived the restart.
      expect(details.body.transactions[0].refund_tracker[0].status).toBe("P")
      await advance(second, { minutes: 1 })
      const after = await call(second, "GET", `/transactions/${transaction_id}`)
      expect(after.body.refund_tracker[0].status).toBe("R")
    } finally {
      await second.stop()
    }
  })

  it("explicit keys override the file's", async () => {
    const dataFile = join(dir, "rotate.json")
    const first = await startSandbox({ port: 0, dataFile })
    await first.stop()
    const second = await startSandbox({ port: 0, dataFile, secretKey: "rotated" })
    try {
      expect(second.secretKey).toBe("rotated")
      expect(second.publicKey).toBe(first.publicKey)
      expect(second.storeId).toBe(first.storeId)
    } finally {
      await second.stop()
    }
  })

  it("names a data file that is not sandbox state", async () => {
    const dataFile = join(dir, "broken.json")
    writeFileSync(dataFile, "{not json")
    await expect(startSandbox({ port: 0, dataFile })).rejects.toThrow(/broken\.json is not a sandbox state file/)
  })

  it("refuses bad options", async () => {
    await expect(startSandbox({ port: 0, publicKey: "prod-abc" })).rejects.toThrow(/sandbox-/)
    await expect(startSandbox({ port: 0, storeId: "store-1" })).rejects.toThrow(/UUID/)
    await expect(startSandbox({ port: 0, merchantBalance: "1.234" })).rejects.toThrow(/2 places/)
  })

  it("generates random credentials when none are given", async () => {
    const sandbox = await startSandbox({ port: 0 })
    try {
      expect(sandbox.publicKey).toMatch(/^sandbox-[0-9a-f]{32}$/)
      expect(sandbox.storeId).toMatch(/^[0-9a-f-]{36}$/)
      expect(sandbox.secretKey.length).toBeGreaterThan(20)
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(sandbox.payUrl).toBe(sandbox.url)
    } finally {
      await sandbox.stop()
    }
  })
})
