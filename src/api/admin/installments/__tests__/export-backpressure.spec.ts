import { PassThrough, Readable, Writable } from "node:stream"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Reports } from "../../../../lib/client/resources/reports"
import type { StatementReport } from "../../../../lib/client"
import { containerWithRegistration, silentLogger } from "../../../../installments/__tests__/fixtures"
import { GET as settlementsRoute } from "../settlements/route"
import { GET as statementsRoute } from "../statements/route"

// Issue 39, item 4: every export reads the service's statement only as fast as the admin takes the
// download. Proven by bytes, not by memory or time: what the route has pulled from the service while
// the admin reads nothing, and what reached the admin while the service had not finished.

const HEADER =
  "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id\n"
const row = (i: number) =>
  `2026-10-01T10:00:00Z,payment,5e1f0c2a-0000-4000-8000-${String(i).padStart(12, "0")},Installment,RAJHI,1200.00,31.00,4.65,0.00,1164.35,STL-1\n`
const MB = 1024 * 1024
/** What may be in flight between the service and a paused admin: chunks buffered, one join batch. */
const BUDGET = 4 * MB

const report = {
  currency: "SAR",
  summary: { total_gross_sales: 0, total_fees: 0, total_vat: 0, total_refunds: 0, net_payout_amount: 0 },
  settlements: [{ settlement_id: "STL-1", payout_date: "2026-10-02", bank_reference: "SARIE1", net_amount: "0", status: "completed" }],
} as unknown as StatementReport

/** A statement of `bytes` made as it is read, counting what was pulled; never more than asked for. */
function statementOf(bytes: number) {
  let next = 0
  let made = 0
  const source = new Readable({
    read() {
      if (made >= bytes) {
        this.push(null)
        return
      }
      let chunk = made === 0 ? HEADER : ""
      while (chunk.length < 64 * 1024) chunk += row(next++)
      made += chunk.length
      this.push(chunk)
    },
  })
  return { source, pulled: () => made }
}

/** The admin's end of the download: takes bytes at once, or holds every write until `resume`. */
class AdminDownload extends Writable {
  statusCode = 0
  headers: Record<string, string> = {}
  headersSent = false
  received = 0
  lines = 0
  head = ""
  #held: Array<() => void> = []
  #paused: boolean

  constructor({ paused }: { paused: boolean }) {
    super()
    this.#paused = paused
  }

  status(code: number) {
    this.statusCode = code
    return this
  }

  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.headersSent = true
    this.received += chunk.length
    for (const byte of chunk) this.lines += byte === 10 ? 1 : 0
    if (this.head.length < 1000) this.head += chunk.toString("utf8", 0, 1000)
    if (this.#paused) this.#held.push(done)
    else done()
  }
}

/** A container with one registration and a database that holds no order, ledger row or link for any row. */
function container() {
  const base: { resolve: (name: string) => unknown } = containerWithRegistration()
  const services: Record<string, unknown> = {
    [ContainerRegistrationKeys.PG_CONNECTION]: { raw: async () => ({ rows: [] }) },
    [ContainerRegistrationKeys.QUERY]: { graph: async () => ({ data: [] }) },
    [ContainerRegistrationKeys.LOGGER]: silentLogger,
  }
  return { resolve: (name: string) => (name in services ? services[name] : base.resolve(name)) }
}

function request(format: "csv" | "pdf") {
  return {
    validatedQuery: { provider_id: "installments", from_date: "2026-10-01", to_date: "2026-10-31", format, limit: 50, offset: 0 },
    scope: container(),
    params: {},
  } as unknown as AuthenticatedMedusaRequest<unknown, never>
}

/** Lets every stream, generator and stubbed query run until nothing more moves. */
async function settled(progress: () => number): Promise<void> {
  let last = -1
  let still = 0
  while (still < 20) {
    await new Promise((resolve) => setImmediate(resolve))
    const now = progress()
    still = now === last ? still + 1 : 0
    last = now
  }
}

function serviceAnswers(stream: Readable, format: "csv" | "pdf" = "csv") {
  jest.spyOn(Reports.prototype, "statements").mockResolvedValue(report as never)
  jest
    .spyOn(Reports.prototype, "streamStatement")
    .mockResolvedValue({ format, contentType: format === "csv" ? "text/csv" : "application/pdf", stream })
}

afterEach(() => jest.restoreAllMocks())

const ROUTES = [
  ["settlements csv", settlementsRoute, "csv"],
  ["statement csv", statementsRoute, "csv"],
  ["statement pdf", statementsRoute, "pdf"],
] as const

describe("exports stream with backpressure (issue 39, item 4)", () => {
  it.each(ROUTES)("%s: an admin who reads nothing stops the route reading the statement", async (_name, route, format) => {
    const statement = statementOf(64 * MB)
    serviceAnswers(statement.source, format)
    const res = new AdminDownload({ paused: true })
    const done = route(request(format), res as unknown as MedusaResponse)
    await settled(statement.pulled)

    expect(res.headersSent).toBe(true)
    expect(statement.pulled()).toBeLessThan(BUDGET)

    // The admin leaves: the route stops, and the service's answer is not read further.
    res.destroy()
    await done
    await settled(statement.pulled)
    expect(statement.source.destroyed).toBe(true)
    expect(statement.pulled()).toBeLessThan(BUDGET)
  })

  it.each(ROUTES.filter(([, , format]) => format === "csv"))(
    "%s: the first rows reach the admin while the service is still sending",
    async (_name, route, format) => {
      const service = new PassThrough()
      serviceAnswers(service, format)
      const res = new AdminDownload({ paused: false })
      const done = route(request(format), res as unknown as MedusaResponse)
      service.write(HEADER)
      for (let i = 0; i < 1500; i++) service.write(row(i))
      await settled(() => res.received)

      expect(service.writableEnded).toBe(false)
      // The rows of the first join batch, less what waits for the next 64 KiB chunk.
      expect(res.lines).toBeGreaterThanOrEqual(500)
      expect(res.head).toMatch(/^"(settlement_id|date)"/)

      service.end()
      await done
      expect(res.lines).toBe(1501)
    }
  )
})
