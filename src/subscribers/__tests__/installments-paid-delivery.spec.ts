import { Modules } from "@medusajs/framework/utils"
import installmentsPaidDelivery from "../installments-paid-delivery"
import type { PaidDeliveryData } from "../../modules/installments/events"
import { checkoutStates } from "../../installments/sessions/paid-checkout-state"
import { paymentServiceWith } from "../../installments/__tests__/medusa-shapes"

const orphanRuns: unknown[] = []
jest.mock("../../workflows/refund-orphan-payment", () => ({
  refundInstallmentsOrphanPaymentWorkflow: () => ({
    run: async ({ input }: { input: unknown }) => {
      orphanRuns.push(input)
      return { result: {} }
    },
  }),
}))

const LINK = "7d444840-9dc0-11d1-b245-5ffdce74fad2"

interface StoredSession {
  data: Record<string, unknown>
  payment: { captured_at?: string | null; canceled_at?: string | null } | null
  payment_collection: { order: { id: string; status: string } | null } | null
}

/** A container whose Query answers the session read from `stored` (undefined: deleted), and an event bus that records. */
function container(stored: StoredSession | undefined) {
  const emitted: { event: { name: string; data: unknown }; options: unknown }[] = []
  const reads: { entity: string; fields: string[]; filters: unknown }[] = []
  const query = {
    graph: async (config: { entity: string; fields: string[]; filters: unknown }) => {
      reads.push(config)
      return { data: config.entity === "payment_session" && stored ? [stored] : [] }
    },
  }
  const services: Record<string, unknown> = {
    query,
    logger: { info: () => undefined },
    [Modules.EVENT_BUS]: {
      emit: async (event: { name: string; data: unknown }, options: unknown) => void emitted.push({ event, options }),
    },
    [Modules.PAYMENT]: paymentServiceWith({ webhook_retries: 5 }),
  }
  return { c: { resolve: (name: string) => services[name] } as never, emitted, reads }
}

let sessions = 0
function delivery(data: Partial<PaidDeliveryData> = {}): PaidDeliveryData {
  return {
    provider_id: "pp_installments_installments",
    event_id: "evt_1",
    event_name: "order.success",
    payment_link_id: LINK,
    // A session of its own per test: settled checkouts are remembered by the process.
    session_id: `payses_${++sessions}`,
    webhook: {
      provider: "installments_installments",
      payload: { data: {}, rawData: Buffer.from("{}"), headers: { "x-api-key": "whk_1" } },
    },
    ...data,
  }
}

const run = (c: never, data: PaidDeliveryData) =>
  installmentsPaidDelivery({ event: { name: "installments.paid_delivery", data }, container: c } as never)

const settled: StoredSession = {
  data: { payment_link_id: LINK },
  payment: { captured_at: "2026-11-23T10:00:00Z", canceled_at: null },
  payment_collection: { order: { id: "order_1", status: "pending" } },
}

const toMedusa = (data: PaidDeliveryData) => [
  { event: { name: "payment.webhook_received", data: data.webhook }, options: { attempts: 5 } },
]

beforeEach(() => {
  orphanRuns.length = 0
  checkoutStates.clear()
})

describe("installments-paid-delivery", () => {
  it("ends a delivery whose checkout the customer's return already settled, after one read: Medusa is not asked", async () => {
    const { c, emitted, reads } = container(settled)
    const data = delivery()
    await run(c, data)
    expect(emitted).toEqual([])
    expect(orphanRuns).toEqual([])
    expect(reads).toEqual([
      {
        entity: "payment_session",
        fields: expect.arrayContaining(["data", "payment.captured_at", "payment.canceled_at", "payment_collection.order.status"]),
        filters: { id: data.session_id },
      },
    ])
  })

  it("reads a checkout once for both of its paid deliveries, at once or one after the other", async () => {
    const { c, emitted, reads } = container(settled)
    const approved = delivery({ event_name: "installment.tracker.approved", event_id: "evt_1" })
    const success = { ...approved, event_name: "order.success", event_id: "evt_2" }
    await Promise.all([run(c, approved), run(c, success)])
    await run(c, { ...success, event_id: "evt_3" })
    expect(reads).toHaveLength(1)
    expect(emitted).toEqual([])
  })

  it("reads again a checkout that was not settled: only a settled one is remembered", async () => {
    const { c, emitted, reads } = container({ ...settled, payment: null })
    const data = delivery()
    await run(c, data)
    await run(c, data)
    expect(reads).toHaveLength(2)
    expect(emitted).toEqual([...toMedusa(data), ...toMedusa(data)])
  })

  it.each<[string, StoredSession]>([
    ["the session holds another link", { ...settled, data: { payment_link_id: "another" } }],
    ["no payment is recorded yet", { ...settled, payment: null }],
    ["the payment is not captured", { ...settled, payment: { captured_at: null } }],
    [
      "the payment was canceled (a completion rolled back)",
      { ...settled, payment: { captured_at: "2026-11-23T10:00:00Z", canceled_at: "2026-11-23T10:00:01Z" } },
    ],
    ["no order was placed", { ...settled, payment_collection: { order: null } }],
    ["the order was canceled", { ...settled, payment_collection: { order: { id: "order_1", status: "canceled" } } }],
  ])("hands the delivery to Medusa's webhook handling, as its route queues it, when %s", async (_case, stored) => {
    const { c, emitted } = container(stored)
    const data = delivery()
    await run(c, data)
    expect(emitted).toEqual(toMedusa(data))
    expect(orphanRuns).toEqual([])
  })

  it("refunds the payment of an order.success whose session is gone (an old link), and does not ask Medusa, which could only fail", async () => {
    const { c, emitted } = container(undefined)
    const data = delivery()
    await run(c, data)
    expect(orphanRuns).toEqual([
      { provider_id: "installments", payment_link_id: LINK, require_session_gone: true, session_id: data.session_id },
    ])
    expect(emitted).toEqual([])
  })

  it("leaves an installment.tracker.approved whose session is gone to its order.success: no refund, no Medusa", async () => {
    const { c, emitted } = container(undefined)
    await run(c, delivery({ event_name: "installment.tracker.approved" }))
    expect(orphanRuns).toEqual([])
    expect(emitted).toEqual([])
  })

  it("hands a delivery that names no session to Medusa without reading anything", async () => {
    const { c, emitted, reads } = container(settled)
    const data = delivery({ session_id: undefined })
    await run(c, data)
    expect(emitted).toEqual(toMedusa(data))
    expect(reads).toEqual([])
    expect(orphanRuns).toEqual([])
  })
})
