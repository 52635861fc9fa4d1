import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startSandbox } from "../index"
import { STORE_ID, SECRET, PUBLIC, boot, control, createLink, waitFor } from "./helpers"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("stop(): nothing runs or is written afterwards", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sandbox-stop-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("clears fault-latency waits on stop: the delayed request is closed and its wait cleared", async () => {
    const sb = await boot()
    // The longest latency the control API takes: had stop() waited it out, the request would have
    // answered 503 "stopping" at its end instead of being closed. How long stop() takes is measured
    // in bench/sandbox.ts, not asserted here.
    await control(sb, "POST", "/faults", { latency_ms: 60_000 })
    const inFlight = fetch(`${sb.url}/payment_links/${STORE_ID}/list`, {
      method: "POST",
      headers: { authorization: SECRET, "x-service-key": PUBLIC, accept: "application/json" },
    }).then(
      (response) => response.status,
      () => "closed"
    )
    await waitFor(() => sb.core.pendingDelays === 1)
    await sb.stop()
    expect(sb.core.pendingDelays).toBe(0)
    expect(await inFlight).toBe("closed")
    // A delay asked for after stop never starts.
    let ran = false
    expect(sb.core.delay(1, () => (ran = true))).toBe(false)
    await sleep(20)
    expect(ran).toBe(false)
  })

  it("never rewrites the data file after stop resolved", async () => {
    const dataFile = join(dir, "state.json")
    const sb = await startSandbox({ port: 0, dataFile, secretKey: SECRET, publicKey: PUBLIC, storeId: STORE_ID })
    await createLink(sb)
    await sb.stop()
    const saved = readFileSync(dataFile, "utf8")
    expect(Object.keys(JSON.parse(saved).links)).toHaveLength(1)
    // Late work (a delivery finishing, a timer firing) still changes memory, but not the file.
    const store = sb.core.ctx.store
    store.state.merchantBalance = "1.00"
    store.changed()
    sb.core.advanceClock(1000)
    store.save()
    await sleep(120)
    expect(readFileSync(dataFile, "utf8")).toBe(saved)
    expect(store.isClosed()).toBe(true)
  })
})
