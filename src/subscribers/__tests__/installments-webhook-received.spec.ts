import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import installmentsWebhookReceived, { WEBHOOK_TRIGGERS } from "../installments-webhook-received"
import type { WebhookReceivedData } from "../../modules/installments/events"
import { checkoutStates } from "../../installments/sessions/paid-checkout-state"
import { asRegistrationId, providerIdOf, type ProviderId } from "../../installments/registrations/provider-ids"

// Every workflow a delivery can trigger, recorded by name with its input; `failing` makes one throw.
const runs: [string, unknown][] = []
const failing = new Set<string>()
function recorded(name: string, result: unknown = {}, resultNow?: () => unknown) {
  return () => ({
    run: async ({ input }: { input: unknown }) => {
      runs.push([name, input])
      if (failing.has(name)) {
        throw new Error(`${name} failed`)
      }
      return { result: resultNow ? resultNow() : result }
    },
  })
}
jest.mock("../../workflows/place-paid-order", () => ({
  reconcileInstallmentsSessionWorkflow: recorded("place-paid-order", { action: "captured" }),
}))
// What the orphan check decides (its workflow's result, an OrphanDecision); a test may change it.
const orphanDecision = { orphan: true, reason: "the link's payment session is gone" }
jest.mock("../../workflows/refund-orphan-payment", () => ({
  refundInstallmentsOrphanPaymentWorkflow: recorded("refund-orphan", undefined, () => orphanDecision),
}))
jest.mock("../../workflows/cancel-unpaid-order", () => ({
  cancelUnpaidInstallmentsOrderWorkflow: recorded("cancel-unpaid", { cancel: false, reason: "no order" }),
}))
jest.mock("../../workflows/record-dispute", () => ({ recordInstallmentsDisputeWorkflow: recorded("record-dispute") }))
jest.mock("../../workflows/sync-refund-ledger", () => ({ syncInstallmentsRefundLedgerWorkflow: recorded("sync-refund-ledger") }))

// The service's answer to a read of a link, by link id (its metadata); every read is counted.
const linkMetadata = new Map<string, Record<string, unknown>>()
const linkReads: string[] = []
jest.mock("../../installments/links/read-link", () => ({
  readLink: async (_client: unknown, linkId: string) => {
    linkReads.push(linkId)
    return { payment_link: { id: linkId, status: "Paid", metadata: linkMetadata.get(linkId) ?? null }, transactions: [] }
  },
}))
jest.mock("../../installments/registrations/lookup", () => ({
  clientForProvider: (_container: unknown, id: string) => (id === "installments" ? { account: "a" } : undefined),
}))

const LINK = "7d444840-9dc0-11d1-b245-5ffdce74fad2"

interface StoredSession {
  id?: string
  provider_id?: string
  data: Record<string, unknown>
  payment: { captured_at?: string | null; canceled_at?: string | null } | null
  payment_collection: { order: { id: string; status: string } | null } | null
}

/**
 * The rows pg answers the session read with: one per order of the session's collection (one row
 * without an order when there is none), the payment's columns null when it has none.
 */
function sessionRows(id: string, stored: StoredSession) {
  const orders = [stored.payment_collection?.order ?? null]
  return orders.map((order) => ({
    id,
    provider_id: stored.provider_id ?? "pp_installments_card",
    data: stored.data,
    payment_id: stored.payment ? "pay_1" : null,
    captured_at: stored.payment?.captured_at ? new Date(stored.payment.captured_at) : null,
    canceled_at: stored.payment?.canceled_at ? new Date(stored.payment.canceled_at) : null,
    order_id: order?.id ?? null,
    order_status: order?.status ?? null,
  }))
}

/** A container whose database answers the session read from `stored` (undefined: deleted), and whose module knows `adminLinks`. */
function container(stored: StoredSession | undefined, adminLinks: string[] = []) {
  const reads: { sql: string; filters: { id: unknown } }[] = []
  const recordedLinks: unknown[] = []
  const logged: string[] = []
  const services: Record<string, unknown> = {
    // Medusa's knex connection: raw() answers pg's result.
    [ContainerRegistrationKeys.PG_CONNECTION]: {
      raw: async (sql: string, [id]: unknown[]) => {
        reads.push({ sql, filters: { id } })
        return { rows: stored ? sessionRows(String(id), stored) : [] }
      },
    },
    logger: { info: (line: string) => void logged.push(line), debug: () => undefined },
    installments: {
      listInstallmentsPaymentLinks: async ({ payment_link_id }: { payment_link_id: string }) =>
        adminLinks.includes(payment_link_id) ? [{ provider_id: "installments" }] : [],
      recordPaymentLinkState: async (input: unknown) => void recordedLinks.push(input),
    },
  }
  return { c: { resolve: (name: string) => services[name] } as never, reads, recordedLinks, logged }
}

let sessions = 0
function delivery(data: Partial<WebhookReceivedData> = {}): WebhookReceivedData {
  return {
    provider_id: providerIdOf(asRegistrationId("installments")),
    event_id: "evt_1",
    event_name: "order.success",
    payment_link_id: LINK,
    // A session of its own per test: settled checkouts are remembered by the process.
    session_id: `payses_${++sessions}`,
    ...data,
  }
}

const run = (c: never, data: WebhookReceivedData) =>
  installmentsWebhookReceived({ event: { name: "installments.webhook_received", data }, container: c } as never)

const settled: StoredSession = {
  data: { payment_link_id: LINK, session_id: "payses_x" },
  payment: { captured_at: "2026-11-23T10:00:00Z", canceled_at: null },
  payment_collection: { order: { id: "order_1", status: "pending" } },
}

/** The place-paid-order run a delivery of an open checkout makes: the session's own provider and data, the shopper's read shared. */
const placed = (data: WebhookReceivedData, stored: StoredSession) => [
  "place-paid-order",
  { session_id: data.session_id, provider_id: "pp_installments_card", data: stored.data, reuse_paid_verdict: true },
]

beforeEach(() => {
  runs.length = 0
  linkReads.length = 0
  failing.clear()
  linkMetadata.clear()
  checkoutStates.clear()
})

describe("installments-webhook-received: a paid delivery", () => {
  it("ends a delivery whose checkout the customer's return already settled, after one query: nothing runs", async () => {
    const { c, reads } = container(settled)
    const data = delivery()
    await run(c, data)
    expect(runs).toEqual([])
    expect(linkReads).toEqual([])
    // One statement: the session with its payment and its collection's orders.
    expect(reads).toEqual([
      {
        sql: expect.stringMatching(
          /from payment_session ps[\s\S]*join payment p[\s\S]*join order_payment_collection[\s\S]*join "order"/
        ),
        filters: { id: data.session_id },
      },
    ])
  })

  it("reads a checkout once for both of its paid deliveries, at once or one after the other", async () => {
    const { c, reads } = container(settled)
    const approved = delivery({ event_name: "installment.tracker.approved", event_id: "evt_1" })
    const success = { ...approved, event_name: "order.success" as const, event_id: "evt_2" }
    await Promise.all([run(c, approved), run(c, success)])
    await run(c, { ...success, event_id: "evt_3" })
    expect(reads).toHaveLength(1)
    expect(runs).toEqual([])
  })

  it.each<[string, StoredSession]>([
    ["no payment is recorded yet", { ...settled, payment: null }],
    ["the payment is not captured", { ...settled, payment: { captured_at: null } }],
    [
      "the payment was canceled (a completion rolled back)",
      { ...settled, payment: { captured_at: "2026-11-23T10:00:00Z", canceled_at: "2026-11-23T10:00:01Z" } },
    ],
    ["no order was placed", { ...settled, payment_collection: { order: null } }],
    ["the order was canceled", { ...settled, payment_collection: { order: { id: "order_1", status: "canceled" } } }],
  ])("places the order through the sweep's workflow when %s, reading the checkout again next time", async (_case, stored) => {
    const { c, reads } = container(stored)
    const data = delivery()
    await run(c, data)
    await run(c, data)
    expect(runs).toEqual([placed(data, stored), placed(data, stored)])
    expect(reads).toHaveLength(2)
  })

  it("places nothing for a session that now holds another link: the sweep judges the old link after the grace", async () => {
    const { c } = container({ ...settled, payment: null, data: { payment_link_id: "8d444840-9dc0-11d1-b245-5ffdce74fad2" } })
    await run(c, delivery())
    expect(runs).toEqual([])
  })

  it("compares the session's link to the delivery's ignoring case", async () => {
    const stored = { ...settled, payment: null, data: { payment_link_id: LINK.toUpperCase() } }
    const { c } = container(stored)
    const data = delivery()
    await run(c, data)
    expect(runs).toEqual([placed(data, stored)])
  })

  it("refunds the payment of an order.success whose session is gone (an old link), through the orphan check", async () => {
    const { c } = container(undefined)
    const data = delivery()
    await run(c, data)
    expect(runs).toEqual([
      [
        "refund-orphan",
        { provider_id: "installments", payment_link_id: LINK, require_session_gone: true, session_id: data.session_id },
      ],
    ])
  })

  it("says in the log why the orphan check left a paid link alone (a staging copy's view of production's sale)", async () => {
    const reason = "the link carries this store's identity but this database has no record of making it"
    Object.assign(orphanDecision, { orphan: false, reason })
    try {
      const { c, logged } = container(undefined)
      const data = delivery()
      await run(c, data)
      expect(logged).toContain(`installments: paid link ${LINK} of session ${data.session_id} not refunded: ${reason}`)
    } finally {
      Object.assign(orphanDecision, { orphan: true, reason: "the link's payment session is gone" })
    }
  })

  it("leaves an installment.tracker.approved whose session is gone to its order.success", async () => {
    const { c } = container(undefined)
    await run(c, delivery({ event_name: "installment.tracker.approved" }))
    expect(runs).toEqual([])
  })

  it("reads the link for its session when the delivery names none, and places that checkout", async () => {
    const stored = { ...settled, payment: null }
    const { c, reads } = container(stored)
    linkMetadata.set(LINK, { session_id: "payses_from_link" })
    await run(c, delivery({ session_id: undefined, event_name: "installment.tracker.approved" }))
    expect(linkReads).toEqual([LINK])
    expect(reads.map((read) => read.filters)).toEqual([{ id: "payses_from_link" }])
    expect(runs).toEqual([
      [
        "place-paid-order",
        { session_id: "payses_from_link", provider_id: "pp_installments_card", data: stored.data, reuse_paid_verdict: true },
      ],
    ])
  })

  it("records the payment of a link made in the admin (no session anywhere), and places nothing", async () => {
    const { c, reads, recordedLinks } = container(settled, [LINK])
    await run(c, delivery({ session_id: undefined }))
    expect(reads).toEqual([])
    expect(runs).toEqual([])
    expect(recordedLinks).toEqual([{ payment_link_id: LINK, status: "Paid", transaction: undefined }])
  })

  it("leaves a paid link of no session that this admin did not make alone", async () => {
    const { c, recordedLinks } = container(settled)
    await run(c, delivery({ session_id: undefined }))
    expect(runs).toEqual([])
    expect(recordedLinks).toEqual([])
  })
})

describe("installments-webhook-received: the table", () => {
  it("names a trigger list for every event the service documents, and none for the ones with nothing to do", () => {
    expect(Object.keys(WEBHOOK_TRIGGERS).sort()).toEqual(
      [
        "installment.tracker.approved",
        "installment.tracker.rejected",
        "modal.closed",
        "order.created",
        "order.disputed",
        "order.failed",
        "order.success",
        "order.updated",
        "payment_link.expired",
      ].sort()
    )
    expect(WEBHOOK_TRIGGERS["order.created"]).toEqual([])
    expect(WEBHOOK_TRIGGERS["modal.closed"]).toEqual([])
  })

  it.each(["order.failed", "installment.tracker.rejected", "payment_link.expired"] as const)(
    "cancels the unpaid order of the session a %s names",
    async (name) => {
      const { c } = container(settled)
      const data = delivery({ event_name: name })
      await run(c, data)
      expect(runs).toEqual([["cancel-unpaid", { session_id: data.session_id }]])
    }
  )

  it("records an order.failed or an expiry of a link made in the admin", async () => {
    const { c, recordedLinks } = container(undefined, [LINK])
    await run(c, delivery({ event_name: "payment_link.expired", session_id: undefined }))
    // The link names no session: nothing to cancel, and the admin's link records its state.
    expect(runs).toEqual([])
    expect(recordedLinks).toEqual([{ payment_link_id: LINK, status: "Paid", transaction: undefined }])
  })

  it("records a dispute with the disputed transaction and when it was reported", async () => {
    const { c } = container(settled)
    const data = delivery({ event_name: "order.disputed", transaction_id: "tx_1", occurred_at: "2026-11-23T10:00:00Z" })
    await run(c, data)
    expect(runs).toEqual([
      [
        "record-dispute",
        {
          provider_id: "installments",
          event_id: "evt_1",
          transaction_id: "tx_1",
          payment_link_id: LINK,
          session_id: data.session_id,
          occurred_at: "2026-11-23T10:00:00Z",
        },
      ],
    ])
  })

  it("syncs the refund ledger of the transaction an order.updated names, if it is this store's", async () => {
    const { c } = container(settled)
    await run(c, delivery({ event_name: "order.updated", transaction_id: "tx_1", payment_link_id: undefined }))
    expect(runs).toEqual([["sync-refund-ledger", { provider_id: "installments", transaction_id: "tx_1", only_if_ours: true }]])
  })

  it.each(["order.created", "modal.closed"] as const)("does nothing for %s, reading nothing", async (name) => {
    const { c, reads } = container(settled)
    await run(c, delivery({ event_name: name }))
    expect(runs).toEqual([])
    expect(reads).toEqual([])
  })

  it("runs every trigger of a delivery even when one fails, then throws so the event bus retries it", async () => {
    const { c, recordedLinks } = container(undefined, [LINK])
    linkMetadata.set(LINK, { session_id: "payses_gone" })
    failing.add("cancel-unpaid")
    // Named by the link's metadata only: the cancel check fails, and the admin's record of the link still runs.
    await expect(run(c, delivery({ event_name: "order.failed", session_id: undefined }))).rejects.toThrow("cancel-unpaid failed")
    expect(runs).toEqual([["cancel-unpaid", { session_id: "payses_gone" }]])
    expect(recordedLinks).toEqual([{ payment_link_id: LINK, status: "Paid", transaction: undefined }])
  })

  it("ignores a delivery for a provider that is not an installments registration", async () => {
    const { c, reads } = container(settled)
    // Another provider's id where Medusa's provider id is typed: the event bus carries whatever was emitted.
    await run(c, delivery({ provider_id: "pp_stripe_stripe" as ProviderId }))
    expect(runs).toEqual([])
    expect(reads).toEqual([])
  })
})
