import { Modules } from "@medusajs/framework/utils"
import installmentsPaidDelivery from "../installments-paid-delivery"
import type { PaidDeliveryData } from "../../modules/installments/events"

const LINK = "7d444840-9dc0-11d1-b245-5ffdce74fad2"

interface Stored {
  session?: { data: Record<string, unknown>; payment_collection_id: string }
  payments?: { captured_at?: string | null; canceled_at?: string | null }[]
  orders?: { order: { id: string; status: string } | null }[]
}

/** A container whose Query answers from `stored` the three reads the subscriber makes, and an event bus that records. */
function container(stored: Stored) {
  const emitted: { event: { name: string; data: unknown }; options: unknown }[] = []
  const reads: string[] = []
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      reads.push(entity)
      const data = { payment_session: stored.session ? [stored.session] : [], payment: stored.payments ?? [], order_payment_collection: stored.orders ?? [] }[entity]
      return { data: data ?? [] }
    },
  }
  const services: Record<string, unknown> = {
    query,
    logger: { info: () => undefined },
    [Modules.EVENT_BUS]: { emit: async (event: { name: string; data: unknown }, options: unknown) => void emitted.push({ event, options }) },
    [Modules.PAYMENT]: { options: { webhook_retries: 5 } },
  }
  return { c: { resolve: (name: string) => services[name] } as never, emitted, reads }
}

function delivery(data: Partial<PaidDeliveryData> = {}): PaidDeliveryData {
  return {
    provider_id: "installments",
    event_id: "evt_1",
    event_name: "order.success",
    payment_link_id: LINK,
    session_id: "payses_1",
    webhook: { provider: "installments_installments", payload: { data: {}, rawData: Buffer.from("{}"), headers: { "x-api-key": "whk_1" } } },
    ...data,
  }
}

const run = (c: never, data: PaidDeliveryData) => installmentsPaidDelivery({ event: { name: "installments.paid_delivery", data }, container: c } as never)

const settled: Stored = {
  session: { data: { payment_link_id: LINK }, payment_collection_id: "pay_col_1" },
  payments: [{ captured_at: "2026-11-23T10:00:00Z", canceled_at: null }],
  orders: [{ order: { id: "order_1", status: "pending" } }],
}

describe("installments-paid-delivery", () => {
  it("ends a delivery whose checkout the customer's return already settled: Medusa is not asked", async () => {
    const { c, emitted, reads } = container(settled)
    await run(c, delivery())
    expect(emitted).toEqual([])
    expect(reads.sort()).toEqual(["order_payment_collection", "payment", "payment_session"])
  })

  it.each<[string, Stored]>([
    ["the session is gone", { ...settled, session: undefined }],
    ["the session holds another link", { ...settled, session: { data: { payment_link_id: "another" }, payment_collection_id: "pay_col_1" } }],
    ["no payment is recorded yet", { ...settled, payments: [] }],
    ["the payment is not captured", { ...settled, payments: [{ captured_at: null }] }],
    ["the payment was canceled (a completion rolled back)", { ...settled, payments: [{ captured_at: "2026-11-23T10:00:00Z", canceled_at: "2026-11-23T10:00:01Z" }] }],
    ["no order was placed", { ...settled, orders: [] }],
    ["the order was canceled", { ...settled, orders: [{ order: { id: "order_1", status: "canceled" } }] }],
  ])("hands the delivery to Medusa's webhook handling, as its route queues it, when %s", async (_case, stored) => {
    const { c, emitted } = container(stored)
    const data = delivery()
    await run(c, data)
    expect(emitted).toEqual([{ event: { name: "payment.webhook_received", data: data.webhook }, options: { attempts: 5 } }])
  })

  it("hands a delivery that names no session to Medusa without reading anything", async () => {
    const { c, emitted, reads } = container(settled)
    await run(c, delivery({ session_id: undefined }))
    expect(emitted).toHaveLength(1)
    expect(reads).toEqual([])
  })
})
