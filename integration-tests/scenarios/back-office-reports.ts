import type { Readable } from "node:stream"
import v8 from "node:v8"
import vm from "node:vm"
import { toHalalas, formatAmount } from "../../src/lib/money"
import type { SuiteContext } from "../helpers/context"
import { installmentOrder } from "../helpers/orders"
import { everyPage } from "../helpers/pages"
import { withRegistrationOptions } from "../helpers/registrations"
import { CARDS, payLink, waitFor, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"

type Totals = { gross: string; fees: string; vat: string; refunds: string; net: string }
type Row = {
  type: string
  transaction_id: string
  net_amount: string
  refund_amount: string
  order: null | { id: string; display_id: number; amount: string; customer: { name: string; email: string } | null }
  flag: string | null
  payment_link_id: string | null
}
type Settlement = { settlement_id: string; payout_date: string; net_amount: string; totals: Totals; row_count: number }

/** Issue 8: statements and settlements joined to orders, against one booted Medusa. */
export function backOfficeReportScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const admin = (params: Record<string, unknown> = {}) => ({ ...ctx.admin, params, validateStatus: () => true })
  const get = (path: string, params: Record<string, unknown>) => api.get(path, admin({ provider_id: "installments", ...params }))

  /** Adds settled payments (1200.00 VISA each) and refunds (120.00) straight to the sandbox's statement. */
  const seed = (body: { count: number; from: string; to: string; refund_every: number }) =>
    ctx.sandbox.control.post("/statements/seed", { amount: "1200.00", ...body })

  /** Every payout of a window, `limit` a page, each page checked to count the same. */
  const everySettlement = async (window: Record<string, unknown>, limit = 100) => {
    const read = await everyPage(limit, async (page) => {
      const { status, data } = await get("/admin/installments/settlements", { ...window, ...page })
      expect(status).toBe(200)
      return { items: data.settlements as Settlement[], count: data.count as number }
    })
    expect(new Set(read.counts).size).toBe(1)
    return read.items
  }

  /** Every row of one payout (`unsettled`: of none yet), `limit` a page, with the payout's totals. */
  const payoutRows = async (window: Record<string, unknown>, settlementId: string, limit = 100) => {
    let totals: Totals | undefined
    const read = await everyPage(limit, async (page) => {
      const { status, data } = await get(`/admin/installments/settlements/${settlementId}`, { ...window, ...page })
      expect(status).toBe(200)
      expect(data).toMatchObject(page)
      totals = data.settlement.totals
      return { items: data.rows as Row[], count: data.count as number }
    })
    expect(new Set(read.counts).size).toBe(1)
    return { rows: read.items, count: read.counts[0], totals: totals! }
  }

  /** Every row of a window read as the admin does: each payout opened, then the unsettled rows. */
  const windowRows = async (window: Record<string, unknown>) => {
    const settled: Row[] = []
    for (const settlement of await everySettlement(window)) {
      settled.push(...(await payoutRows(window, settlement.settlement_id)).rows)
    }
    return { settled, unsettled: (await payoutRows(window, "unsettled")).rows }
  }

  /**
   * At most how much the live heap grows while `work` runs, in MB, read every 100 ms. A reading under
   * `boundMb` is taken as it is (garbage only adds to it: the live heap is smaller still); one at or
   * over it is read again after a full collection, so garbage V8 has not collected yet never counts as
   * held. So the answer is under `boundMb` exactly when every reading's live heap was, as if each had
   * collected first, without a full collection of the whole store's heap ten times a second.
   */
  const liveHeapGrowthMb = async (boundMb: number, work: () => Promise<void>) => {
    v8.setFlagsFromString("--expose-gc")
    const gc = vm.runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void
    gc()
    const baseline = process.memoryUsage().heapUsed
    const growthMb = () => (process.memoryUsage().heapUsed - baseline) / 2 ** 20
    let peak = 0
    const sampler = setInterval(() => {
      // A young-generation collection costs about a millisecond and drops most of the fresh garbage.
      gc({ type: "minor" })
      let reading = growthMb()
      if (reading >= boundMb) {
        gc()
        reading = growthMb()
      }
      peak = Math.max(peak, reading)
    }, 100)
    try {
      await work()
    } finally {
      clearInterval(sampler)
    }
    gc()
    return Math.max(peak, growthMb())
  }

  const faultsLeft = async () => (await ctx.sandbox.control.get("/faults")).data.fail_next as number

  /** A window around the sandbox's clock (other scenarios move it), where live payments land. */
  const liveWindow = async () => {
    const now = Date.parse((await ctx.sandbox.control.get("/clock")).data.now)
    return { from_date: new Date(now - 86_400_000).toISOString(), to_date: new Date(now + 86_400_000).toISOString() }
  }

  describe("statements", () => {
    const march = { from_date: "2025-03-01", to_date: "2025-03-31" }
    beforeAll(async () => {
      await seed({ count: 40, from: "2025-03-02T08:00:00Z", to: "2025-03-28T08:00:00Z", refund_every: 4 })
    })

    it("json: the service's report for the window", async () => {
      const { status, data } = await get("/admin/installments/statements", march)
      expect(status).toBe(200)
      expect(data.statement.summary).toEqual({
        total_gross_sales: "48000.00",
        total_fees: "1240.00",
        total_vat: "186.00",
        total_refunds: "1200.00",
        net_payout_amount: "45374.00",
      })
      expect(data.statement.settlements.length).toBeGreaterThan(0)
    })

    it("csv and pdf: streamed downloads named after the window", async () => {
      const csv = await get("/admin/installments/statements", { ...march, format: "csv" })
      expect(csv.status).toBe(200)
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
      expect(csv.headers["content-disposition"]).toBe('attachment; filename="installments-statement-2025-03-01_2025-03-31.csv"')
      const lines = (csv.data as string).trim().split("\r\n")
      // The service's file re-written by the plugin's csv writer: text quoted, amounts bare numbers.
      expect(lines[0]).toBe(
        '"date","type","transaction_id","payment_option","bank_name","amount","service_fee","service_tax_vat","refund_amount","net_amount","settlement_id"'
      )
      expect(lines).toHaveLength(1 + 40 + 10)
      expect(lines[1]).toMatch(
        /^"[^"]+","payment","[0-9a-f-]{36}","[^"]*","[^"]*",\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},-?\d+\.\d{2},"[^"]*"$/
      )

      const pdf = await api.get("/admin/installments/statements", {
        ...admin({ provider_id: "installments", ...march, format: "pdf" }),
        responseType: "arraybuffer",
      })
      expect(pdf.status).toBe(200)
      expect(pdf.headers["content-type"]).toBe("application/pdf")
      expect(pdf.headers["content-disposition"]).toContain("installments-statement-2025-03-01_2025-03-31.pdf")
      expect(Buffer.from(pdf.data).subarray(0, 5).toString()).toBe("%PDF-")
    })

    it.each<[string, Record<string, unknown>, RegExp]>([
      ["from_date after to_date", { from_date: "2025-03-31", to_date: "2025-03-01" }, /from_date must not be after to_date/],
      [
        "a window longer than a year",
        { from_date: "2024-01-01", to_date: "2025-03-01" },
        /to_date must be at most 366 days after from_date/,
      ],
      ["an impossible date", { from_date: "2025-02-30", to_date: "2025-03-01" }, /from_date must be an ISO 8601 date/],
      ["no to_date", { from_date: "2025-03-01" }, /to_date/],
      ["an unknown format", { ...march, format: "xlsx" }, /format/],
      ["an unknown parameter", { ...march, store: "x" }, /Unrecognized fields: 'store'/],
    ])("400 before any call to the service: %s", async (_label, params, message) => {
      await ctx.sandbox.control.post("/faults", { fail_next: 1, error_status: 503 })
      try {
        const { status, data } = await get("/admin/installments/statements", params)
        expect(status).toBe(400)
        expect(data.type).toBe("invalid_data")
        expect(data.message).toMatch(message)
        expect(await faultsLeft()).toBe(1) // the service was never called
      } finally {
        await ctx.sandbox.control.delete("/faults")
      }
    })

    it("provider_id: required with several registrations, and must name one of them", async () => {
      const missing = await api.get("/admin/installments/statements", admin(march))
      expect(missing.status).toBe(400)
      expect(missing.data.message).toBe(
        "provider_id is required when several installments registrations exist; use one of: installments, bnpl, card"
      )
      const unknown = await get("/admin/installments/statements", { ...march, provider_id: "stripe" })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toMatch(
        /provider_id "stripe" is not an installments registration; use one of: installments, bnpl, card/
      )
    })

    it("the service's errors in words a merchant can act on: wrong keys, foreign store, no answer", async () => {
      const keys = await withRegistrationOptions(getContainer(), "card", { secretKey: "sk_wrong" }, () =>
        get("/admin/installments/statements", { ...march, provider_id: "card" })
      )
      // 403, not 401: the admin's own session is fine, and the dashboard logs out on a 401.
      expect(keys.status).toBe(403)
      expect(keys.data).toMatchObject({
        code: "installments_keys_refused",
        message:
          "The secret or public key of registration card is wrong: the installments service refused them. Check its secretKey and publicKey options.",
      })
      expect(JSON.stringify(keys.data)).not.toContain("sk_")

      const store = await withRegistrationOptions(getContainer(), "card", { storeId: "00000000-0000-4000-8000-000000000001" }, () =>
        get("/admin/installments/statements", { ...march, provider_id: "card", format: "csv" })
      )
      expect(store.status).toBe(403)
      expect(store.data).toMatchObject({
        code: "installments_store_not_found",
        message:
          "Store id 00000000-0000-4000-8000-000000000001 is not this merchant's: check the storeId option of registration card.",
      })

      await ctx.sandbox.control.post("/faults", { fail_next: 2, error_status: 503 }) // the call and its one retry
      try {
        const down = await get("/admin/installments/statements", march)
        expect(down.status).toBe(500)
        expect(down.data).toMatchObject({
          code: "installments_unavailable",
          message: "The installments service did not answer; try again.",
        })
      } finally {
        await ctx.sandbox.control.delete("/faults")
      }
    })
  })

  describe("settlements", () => {
    it("a seeded month with refunds: per-payout and window totals add up to the service's summary to the halala", async () => {
      await seed({ count: 40, from: "2025-07-02T08:00:00Z", to: "2025-07-28T08:00:00Z", refund_every: 4 })
      const july = { from_date: "2025-07-01", to_date: "2025-07-31" }
      const { status, data } = await get("/admin/installments/settlements", july)
      expect(status).toBe(200)
      expect(data).toMatchObject({
        from_date: "2025-07-01",
        to_date: "2025-07-31",
        currency: "SAR",
        difference: null,
        limit: 50,
        offset: 0,
      })
      const expected = { gross: "48000.00", fees: "1240.00", vat: "186.00", refunds: "1200.00", net: "45374.00" }
      expect(data.totals).toEqual(expected)
      expect(data.service_summary).toEqual(expected)
      // The summary answers payouts and their totals, never their rows.
      expect(data.settlements.every((settlement: Record<string, unknown>) => !("rows" in settlement))).toBe(true)
      expect(data.unsettled).toEqual({
        row_count: 0,
        totals: { gross: "0.00", fees: "0.00", vat: "0.00", refunds: "0.00", net: "0.00" },
      })

      const settlements = data.settlements as Settlement[]
      expect(data.count).toBe(settlements.length)
      expect(settlements.reduce((sum, settlement) => sum + settlement.row_count, 0)).toBe(50)
      const rows: Row[] = []
      for (const settlement of settlements) {
        // Pages of 3 rows: most payouts' rows straddle a page boundary.
        const read = await payoutRows(july, settlement.settlement_id, 3)
        expect(read.count).toBe(settlement.row_count)
        expect(read.rows).toHaveLength(settlement.row_count)
        expect(read.totals).toEqual(settlement.totals)
        const net = read.rows.reduce((sum, row) => sum + toHalalas(row.net_amount), 0n)
        expect(formatAmount(net)).toBe(settlement.totals.net)
        expect(settlement.totals.net).toBe(settlement.net_amount)
        rows.push(...read.rows)
      }
      // Every row read once: none twice across pages, none missed.
      expect(new Set(rows.map((row) => `${row.type}:${row.transaction_id}`)).size).toBe(50)
      expect(rows.filter((row) => row.type === "transaction")).toHaveLength(40)
      expect(rows.filter((row) => row.type === "refund")).toHaveLength(10)
      // Nothing here was paid through this store: every row says so instead of inventing an order.
      expect(rows.every((row) => row.order === null && row.flag === "not_this_store")).toBe(true)
      const daily = data.daily as { date: string; net: string }[]
      expect(formatAmount(daily.reduce((sum, day) => sum + toHalalas(day.net), 0n))).toBe("45374.00")
      expect(daily[0].date).toBe(settlements[0].payout_date)
      expect(new Set(daily.map((day) => day.date)).size).toBe(daily.length)
    })

    it("the payouts a page at a time: pages of 2 read every payout once, in the order of one page, the count unmoved", async () => {
      const july = { from_date: "2025-07-01", to_date: "2025-07-31" }
      const whole = await everySettlement(july, 100)
      expect(whole.length).toBeGreaterThan(4)
      const paged = await everySettlement(july, 2)
      expect(paged.map((settlement) => settlement.settlement_id)).toEqual(whole.map((settlement) => settlement.settlement_id))
      expect(paged).toEqual(whole)

      const past = await get("/admin/installments/settlements", { ...july, limit: 2, offset: whole.length })
      expect(past.data).toMatchObject({ settlements: [], count: whole.length, limit: 2, offset: whole.length })
      // The window's totals do not depend on the page.
      const first = await get("/admin/installments/settlements", { ...july, limit: 1 })
      expect(past.data.totals).toEqual(first.data.totals)
      expect(past.data.daily).toEqual(first.data.daily)
    })

    it("live rows joined to this store: an order, a link made in the admin, an orphan the plugin refunded; csv for accounting", async () => {
      const store = storefront(api, ctx.seed)
      // An order paid with a 0% plan.
      const { order, transactionId } = await installmentOrder(ctx, 30) // 1500.00
      const paid = { transaction_id: transactionId }

      // A link made in the admin for a phone sale.
      const made = await api.post(
        "/admin/installments/payment-links",
        { provider_id: "installments", amount: "250.00", title: "Phone order" },
        ctx.admin
      )
      const phone = await payLink(ctx.sandbox, made.data.payment_link.id, { card_number: CARDS.mada, payment_option: "Pay In Full" })

      // A customer pays an old link after the cart changed: the plugin refunds it as an orphan.
      const other = await store.createCart(10)
      const { session: old } = await store.startPayment(other.id)
      await store.setQuantity(other, 2)
      await store.startPayment(other.id)
      const orphan = await payLink(ctx.sandbox, old.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      await waitFor(async () => {
        const { data } = await api.get(`/admin/installments/refunds?transaction_id=${orphan.transaction_id}`, ctx.admin)
        return data.refunds.length > 0
      })
      // The orphan's refund settles shortly after (the sandbox's settlement delay): waited for, so the
      // summary and the payouts read after it see the same rows.
      await waitFor(async () => {
        const { data } = await api.get(`/admin/installments/refunds?transaction_id=${orphan.transaction_id}`, ctx.admin)
        return data.refunds.every((refund: { status: string }) => refund.status === "settled")
      })
      await webhooksIdle(ctx.sandbox)
      await waitFor(async () => {
        const { data } = await get(`/admin/installments/payment-links/${made.data.payment_link.id}`, {})
        return data.payment_link.transaction_id === phone.transaction_id
      })

      const window = await liveWindow()
      const { status, data } = await get("/admin/installments/settlements", window)
      expect(status).toBe(200)
      expect(data.difference).toBeNull()
      expect(data.totals).toEqual(data.service_summary)
      const { settled: rows, unsettled } = await windowRows(window)
      expect(unsettled).toHaveLength(data.unsettled.row_count)
      const orderRow = rows.find((row) => row.transaction_id === paid.transaction_id && row.type === "transaction")!
      expect(orderRow.flag).toBeNull()
      expect(orderRow.order).toEqual({
        id: order.id,
        display_id: order.display_id,
        amount: "1500.00",
        customer: { name: "", email: "guest@example.com" },
      })
      const phoneRow = rows.find((row) => row.transaction_id === phone.transaction_id)!
      expect(phoneRow).toMatchObject({ order: null, flag: null, payment_link_id: made.data.payment_link.id })
      const orphanRows = [...rows, ...unsettled].filter((row: Row) => row.transaction_id === orphan.transaction_id)
      expect(orphanRows.length).toBeGreaterThan(0)
      expect(orphanRows.every((row: Row) => row.flag === "orphan_refunded" && row.order === null)).toBe(true)

      const csv = await get("/admin/installments/settlements", { ...window, format: "csv" })
      expect(csv.status).toBe(200)
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
      expect(csv.headers["content-disposition"]).toMatch(
        /filename="installments-settlements-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/
      )
      const lines = (csv.data as string).trim().split("\r\n")
      expect(lines[0].split(",").map((name) => JSON.parse(name))).toEqual([
        "settlement_id",
        "payout_date",
        "bank_reference",
        "type",
        "date",
        "transaction_id",
        "payment_option",
        "bank_name",
        "amount",
        "service_fee",
        "service_tax_vat",
        "refund_amount",
        "net_amount",
        "order_id",
        "order_display_id",
        "customer_name",
        "customer_email",
        "order_amount",
        "payment_link_id",
        "flag",
      ])
      // The csv is the whole window, every payout's rows and the unsettled ones, not a page.
      expect(lines.length - 1).toBe(rows.length + unsettled.length)
      const orderLine = lines.find((line) => line.includes(paid.transaction_id) && line.includes(',"transaction",'))!
      expect(orderLine).toContain(`,"${order.id}",${order.display_id},"","guest@example.com",1500.00,"",`)
    })

    it("400s name the field and rule; csv is the only other format", async () => {
      const reversed = await get("/admin/installments/settlements", { from_date: "2025-07-31", to_date: "2025-07-01" })
      expect(reversed.status).toBe(400)
      expect(reversed.data.message).toBe("Invalid request: from_date must not be after to_date")
      const pdf = await get("/admin/installments/settlements", { from_date: "2025-07-01", to_date: "2025-07-31", format: "pdf" })
      expect(pdf.status).toBe(400)
      expect(pdf.data.message).toMatch(/format/)
      const unknown = await get("/admin/installments/settlements/STL-19990101-NOTHERE0", {
        from_date: "2025-07-01",
        to_date: "2025-07-31",
      })
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toBe("Settlement STL-19990101-NOTHERE0 is not in the window 2025-07-01 to 2025-07-31")
      const noWindow = await get("/admin/installments/settlements/unsettled", {})
      expect(noWindow.status).toBe(400)
      expect(noWindow.data.message).toMatch(/from_date/)
    })

    it("20,000 rows: the csv export streams and the JSON summary sums them, each within a memory bound", async () => {
      await seed({ count: 20_000, from: "2024-05-01T00:00:00Z", to: "2024-05-30T00:00:00Z", refund_every: 0 })
      const may = { provider_id: "installments", from_date: "2024-05-01", to_date: "2024-05-31" }
      let lines = 0
      let bytes = 0
      const csvGrowthMb = await liveHeapGrowthMb(16, async () => {
        // Connection: close: the collections sampled during the stream can outlast the server's
        // keep-alive, and a reused socket it closed meanwhile resets the next request.
        const csv = admin({ ...may, format: "csv" })
        const response = await api.get("/admin/installments/settlements", {
          ...csv,
          headers: { ...csv.headers, Connection: "close" },
          responseType: "stream",
        })
        expect(response.status).toBe(200)
        for await (const chunk of response.data as Readable) {
          bytes += chunk.length
          for (const byte of chunk as Buffer) lines += byte === 0x0a ? 1 : 0
        }
      })
      // The sandbox (in this process) builds its whole 20,000-row file in memory; the plugin holds one
      // batch of 100 rows. Holding the export whole would add its rows, their joins and its text.
      console.info(
        `settlements csv: ${lines - 1} rows, ${(bytes / 2 ** 20).toFixed(1)} MB, live heap growth at most ${csvGrowthMb.toFixed(1)} MB`
      )
      expect(lines).toBe(1 + 20_000)
      expect(csvGrowthMb).toBeLessThan(16)

      let summary: { settlements: Settlement[]; count: number } | undefined
      const jsonGrowthMb = await liveHeapGrowthMb(8, async () => {
        const response = await get("/admin/installments/settlements", { ...may, limit: 100 })
        expect(response.status).toBe(200)
        summary = response.data
      })
      // The window's rows are only summed: the answer is its payouts, not its 20,000 rows.
      console.info(`settlements json: ${summary!.count} payouts, live heap growth at most ${jsonGrowthMb.toFixed(1)} MB`)
      expect(summary!.settlements.reduce((sum, settlement) => sum + settlement.row_count, 0)).toBe(20_000)
      expect(jsonGrowthMb).toBeLessThan(8)
      const busiest = summary!.settlements.reduce((a, b) => (b.row_count > a.row_count ? b : a))
      const rows = await get(`/admin/installments/settlements/${busiest.settlement_id}`, { ...may, limit: 100, offset: 100 })
      expect(rows.data).toMatchObject({ count: busiest.row_count, limit: 100, offset: 100 })
      expect(rows.data.rows).toHaveLength(100)
    })
  })
}
