import { randomUUID } from "node:crypto"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { SuiteContext } from "../helpers/context"
import { everyPage } from "../helpers/pages"

const UNKNOWN_UUID = "0b8f2a44-1c2d-4e5f-9a6b-7c8d9e0f1a2b"
const WINDOW = { from_date: "2025-07-01", to_date: "2025-07-31" }

/** Issue 21: every back-office list route answers a page, never the whole history. */
export function backOfficePageScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const get = (path: string, params: Record<string, unknown> = {}) =>
    api.get(path, { ...ctx.admin, params: { provider_id: "installments", ...params }, validateStatus: () => true })
  const faultsLeft = async () => (await ctx.sandbox.control.get("/faults")).data.fail_next as number

  const LIST_ROUTES: Array<[string, Record<string, unknown>]> = [
    ["/admin/installments/refunds", { provider_id: undefined }],
    ["/admin/installments/webhooks", { provider_id: undefined }],
    ["/admin/installments/payment-links", {}],
    [`/admin/installments/payment-links/${UNKNOWN_UUID}`, {}],
    ["/admin/installments/settlements", WINDOW],
    ["/admin/installments/settlements/STL-20250702-ABCDEF12", WINDOW],
    ["/admin/installments/insights/checkouts", { ...WINDOW, provider_id: undefined }],
  ]

  it.each(LIST_ROUTES)(
    "%s refuses limit=1000 and a negative offset with a 400 naming the field, before any call to the service",
    async (path, query) => {
      await ctx.sandbox.control.post("/faults", { fail_next: 1, error_status: 503 })
      try {
        const tooMany = await get(path, { ...query, limit: 1000 })
        expect(tooMany.status).toBe(400)
        expect(tooMany.data).toEqual({
          type: "invalid_data",
          message: "Invalid request: Value for field 'limit' too big, expected at most: '100'",
        })
        const backwards = await get(path, { ...query, offset: -1 })
        expect(backwards.status).toBe(400)
        expect(backwards.data.message).toBe("Invalid request: Value for field 'offset' too small, expected at least: '0'")
        expect(await faultsLeft()).toBe(1) // the service was never called
      } finally {
        await ctx.sandbox.control.delete("/faults")
      }
    }
  )

  describe("the refund ledger", () => {
    const module = () => getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    let transactionId: string
    let seeded: string[]

    // Each test starts from the suite's store (the runner restores it), so each writes its own rows:
    // settled refunds of one transaction, in one statement. They share a created_at, so the order
    // within it comes from the id alone.
    beforeEach(async () => {
      transactionId = randomUUID()
      const rows = await module().createInstallmentsRefunds(
        Array.from({ length: 7 }, (_, index) => ({
          tracker_id: `trk_${randomUUID()}`,
          provider_id: "installments",
          transaction_id: transactionId,
          amount: 10 + index,
          status: "R" as const,
          rrn: `RRN${index}`,
          source: "admin" as const,
        }))
      )
      seeded = rows.map((row) => row.id)
    })

    it("answers 50 rows unless told, with Medusa's count, limit and offset", async () => {
      const { status, data } = await get("/admin/installments/refunds", { provider_id: undefined })
      expect(status).toBe(200)
      expect(data).toMatchObject({ limit: 50, offset: 0 })
      expect(data.count).toBeGreaterThanOrEqual(7)
      expect(data.refunds).toHaveLength(Math.min(50, data.count))

      const filtered = await get("/admin/installments/refunds", { provider_id: undefined, transaction_id: transactionId })
      expect(filtered.data).toMatchObject({ count: 7, limit: 50, offset: 0 })
      expect(filtered.data.refunds.map((refund: { id: string }) => refund.id).sort()).toEqual([...seeded].sort())
    })

    it("pages of 3: the count never moves, no refund is read twice or missed, in the same order as one page", async () => {
      const read = (query: Record<string, unknown>) =>
        get("/admin/installments/refunds", { provider_id: undefined, transaction_id: transactionId, ...query })
      const whole = (await read({ limit: 100 })).data.refunds.map((refund: { id: string }) => refund.id)
      const paged = await everyPage(3, async (page) => {
        const { status, data } = await read(page)
        expect(status).toBe(200)
        expect(data).toMatchObject(page)
        return { items: data.refunds.map((refund: { id: string }) => refund.id) as string[], count: data.count }
      })
      expect(paged.sizes).toEqual([3, 3, 1])
      expect(paged.counts).toEqual([7, 7, 7])
      expect(paged.items).toEqual(whole)
      expect(new Set(paged.items).size).toBe(7)

      // A page past the end is empty, and still counts.
      const past = await read({ limit: 3, offset: 9 })
      expect(past.data).toMatchObject({ refunds: [], count: 7, limit: 3, offset: 9 })
    })

    it("the whole ledger pages the same way as its filter", async () => {
      const read = (query: Record<string, unknown>) => get("/admin/installments/refunds", { provider_id: undefined, ...query })
      const count = (await read({})).data.count as number
      const paged = await everyPage(100, async (page) => {
        const { data } = await read(page)
        return { items: data.refunds.map((refund: { id: string }) => refund.id) as string[], count: data.count }
      })
      expect(paged.counts.every((each) => each === count)).toBe(true)
      expect(new Set(paged.items).size).toBe(count)
      expect(paged.items).toEqual(expect.arrayContaining(seeded))
    })
  })

  it("webhook registrations: a page with Medusa's count, limit and offset", async () => {
    const all = await get("/admin/installments/webhooks", { provider_id: undefined })
    expect(all.status).toBe(200)
    expect(all.data).toMatchObject({ count: all.data.webhooks.length, limit: 50, offset: 0 })
    expect(all.data.count).toBeGreaterThanOrEqual(1) // the suite registers one
    const past = await get("/admin/installments/webhooks", { provider_id: undefined, limit: 1, offset: all.data.count })
    expect(past.data).toMatchObject({ webhooks: [], count: all.data.count, limit: 1, offset: all.data.count })
  })

  it("payment links answer 50 unless told", async () => {
    const links = await get("/admin/installments/payment-links")
    expect(links.status).toBe(200)
    expect(links.data).toMatchObject({ limit: 50, offset: 0 })
    expect(links.data.payment_links.length).toBe(Math.min(50, links.data.count))
    // A link's transactions: the default is checked on a paid link in back-office-payments.ts.
  })
}
