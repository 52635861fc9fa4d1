import { Modules, PaymentActions } from "@medusajs/framework/utils"

const reconcileRuns: { session_id: string }[] = []
const cancelRuns: { session_id: string }[] = []
const orphanRuns: { payment_link_id: string; provider_id: string; grace_ms?: number; now?: number }[] = []
const orphanResults: Record<string, Record<string, unknown>> = {}
const canceledOrderRuns: { session_id: string; payment_link_id: string; grace_ms?: number; now?: number }[] = []
const verdicts: Record<string, PaymentActions> = {}
// Sessions whose check takes this many ms (a slow service read), and those whose check fails.
const readDelays: Record<string, number> = {}
const unreachable = new Set<string>()
const inFlight = { now: 0, max: 0 }

jest.mock("../../workflows/place-paid-order", () => ({
  reconcileInstallmentsSessionWorkflow: () => ({
    run: async ({ input }: { input: { session_id: string } }) => {
      reconcileRuns.push(input)
      inFlight.now++
      inFlight.max = Math.max(inFlight.max, inFlight.now)
      try {
        await new Promise((resolve) => setTimeout(resolve, readDelays[input.session_id] ?? 0))
        if (unreachable.has(input.session_id)) {
          throw new Error("service unreachable")
        }
        return { result: { action: verdicts[input.session_id] ?? PaymentActions.NOT_SUPPORTED } }
      } finally {
        inFlight.now--
      }
    },
  }),
}))
jest.mock("../../workflows/cancel-unpaid-order", () => ({
  cancelUnpaidInstallmentsOrderWorkflow: () => ({
    run: async ({ input }: { input: { session_id: string } }) => {
      cancelRuns.push(input)
      return { result: { cancel: false } }
    },
  }),
}))
jest.mock("../../workflows/refund-orphan-payment", () => ({
  refundInstallmentsOrphanPaymentWorkflow: () => ({
    run: async ({ input }: { input: (typeof orphanRuns)[number] }) => {
      orphanRuns.push(input)
      return { result: orphanResults[input.payment_link_id] ?? { orphan: false } }
    },
  }),
}))
jest.mock("../../workflows/refund-canceled-order-payment", () => ({
  refundInstallmentsCanceledOrderPaymentWorkflow: () => ({
    run: async ({ input }: { input: (typeof canceledOrderRuns)[number] }) => {
      canceledOrderRuns.push(input)
      if (input.session_id === "payses_broken") {
        throw new Error("service unreachable")
      }
      return { result: { refund: false } }
    },
  }),
}))

const listCalls: { storeId: string; query: Record<string, unknown> }[] = []
const paidLinks = Array.from({ length: 130 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`)
jest.mock("../../installments/registrations", () => ({
  ...jest.requireActual("../../installments/registrations"),
  clientForProvider: () => ({
    paymentLinks: {
      list: async (storeId: string, query: { page: number; limit: number }) => {
        listCalls.push({ storeId, query })
        const start = (query.page - 1) * query.limit
        return {
          total: paidLinks.length,
          page: query.page,
          limit: query.limit,
          data: paidLinks.slice(start, start + query.limit).map((id) => ({ payment_link_id: id })),
        }
      },
    },
  }),
}))

import reconcilePendingSessions from "../reconcile-pending-sessions"
import refundStrayPayments from "../refund-stray-payments"

const NOW = new Date("2026-03-01T12:00:00Z")
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString()

const common = {
  secretKey: "sk_x",
  publicKey: "sandbox-pk",
  baseUrl: "https://installments.test",
  callbackUrl: "https://shop.test/return?s={session_id}",
}
const configWith = (extra: Record<string, unknown> = {}, cardExtra: Record<string, unknown> = {}) => ({
  modules: {
    [Modules.PAYMENT]: {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "./src/providers/installments", id: "installments", options: { ...common, storeId: "0f8fad5b-d9cb-469f-a165-70867728950e", ...extra } },
          // Same merchant account under another registration: listed once.
          { resolve: "./src/providers/installments", id: "card", options: { ...common, storeId: "0f8fad5b-d9cb-469f-a165-70867728950e", checkoutMode: "pay_in_full", ...cardExtra } },
        ],
      },
    },
  },
})

type Session = { id: string; provider_id: string; status: string; data: Record<string, unknown> }
type Checkout = {
  data: { payment_link_id: string }
  payment: { captured_at: string | null; canceled_at: string | null } | null
  payment_collection: { order: { id: string; status: string } | null }
}

// The checkouts the settled-links query finds, by the link their session holds.
const checkouts: Checkout[] = []
const checkoutQueries: string[][] = []

function container(sessions: Session[], config = configWith()) {
  const graphCalls: { filters: Record<string, any>; pagination: Record<string, any> }[] = []
  const query = {
    graph: async ({ filters, pagination }: { filters: Record<string, any>; pagination: Record<string, any> }) => {
      if (filters.data) {
        const links: string[] = filters.data.payment_link_id
        checkoutQueries.push(links)
        return { data: checkouts.filter((checkout) => links.includes(checkout.data.payment_link_id)) }
      }
      graphCalls.push({ filters, pagination })
      // What the database would answer: the provider filter, the statuses, the keyset cursor, a page.
      const like = String(filters.provider_id.$like).replace(/%$/, "")
      const rows = sessions
        .filter((s) => s.provider_id.startsWith(like) && filters.status.includes(s.status))
        .filter((s) => !filters.id || s.id > filters.id.$gt)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
      return { data: rows.slice(0, pagination.take) }
    },
  }
  const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() }
  const payment = {
    listPaymentProviders: async () => [
      { id: "pp_installments_installments" },
      { id: "pp_installments_card" },
      { id: "pp_stripe_stripe" },
    ],
  }
  const c = {
    resolve: (name: string) => ({ query, logger, configModule: config, [Modules.PAYMENT]: payment })[name],
  }
  return { c: c as never, graphCalls, logger }
}

beforeEach(() => {
  checkouts.length = 0
  checkoutQueries.length = 0
  reconcileRuns.length = 0
  cancelRuns.length = 0
  orphanRuns.length = 0
  canceledOrderRuns.length = 0
  for (const key of Object.keys(orphanResults)) delete orphanResults[key]
  listCalls.length = 0
  for (const key of Object.keys(verdicts)) delete verdicts[key]
  for (const key of Object.keys(readDelays)) delete readDelays[key]
  unreachable.clear()
  inFlight.now = 0
  inFlight.max = 0
})

describe("reconcilePendingSessions: sessions", () => {
  const ours = (id: string, status: string, expires_at = hoursAgo(-1)) => ({
    id,
    provider_id: "pp_installments_installments",
    status,
    data: { expires_at },
  })

  it("asks only for the plugin's sessions, page by page, and settles each once", async () => {
    const sessions = Array.from({ length: 5 }, (_, i) => ours(`payses_${i}`, "pending"))
    const { c, graphCalls } = container([...sessions, { id: "payses_stripe", provider_id: "pp_stripe_stripe", status: "pending", data: {} }])
    await reconcilePendingSessions(c, { now: NOW, pageSize: 2 })
    expect(graphCalls[0].filters.provider_id).toEqual({ $like: "pp_installments_%" })
    expect(graphCalls.map((call) => call.pagination.take)).toEqual([2, 2, 2])
    expect(graphCalls.map((call) => call.filters.id?.$gt)).toEqual([undefined, "payses_1", "payses_3"])
    expect(reconcileRuns.map((run) => run.session_id)).toEqual(sessions.map((s) => s.id))
  })

  it("skips error/canceled sessions once their link expired more than the grace period ago", async () => {
    const { c } = container([
      ours("payses_a", "error", hoursAgo(3)),
      ours("payses_b", "canceled", hoursAgo(0.5)),
      ours("payses_c", "canceled", hoursAgo(-2)),
      ours("payses_d", "pending_authorization", hoursAgo(3)),
      ours("payses_e", "error", "not a date"),
    ])
    await reconcilePendingSessions(c, { now: NOW })
    expect(reconcileRuns.map((run) => run.session_id)).toEqual(["payses_b", "payses_c", "payses_d"])
  })

  it("a session read as failed or expired goes on to the unpaid-order cancellation", async () => {
    verdicts.payses_f = PaymentActions.FAILED
    verdicts.payses_x = PaymentActions.CANCELED
    verdicts.payses_s = PaymentActions.SUCCESSFUL
    const { c } = container([ours("payses_f", "pending_authorization"), ours("payses_s", "pending"), ours("payses_x", "pending_authorization")])
    await reconcilePendingSessions(c, { now: NOW })
    expect(cancelRuns.map((run) => run.session_id)).toEqual(["payses_f", "payses_x"])
  })

  it("logs each paid session it settled, so the process that ran the sweep shows in its log", async () => {
    verdicts.payses_s = PaymentActions.SUCCESSFUL
    const { c, logger } = container([ours("payses_s", "pending"), ours("payses_p", "pending")])
    await reconcilePendingSessions(c, { now: NOW })
    expect(logger.info.mock.calls).toEqual([["installments: the reconciliation job settled paid session payses_s"]])
  })
})

describe("reconcilePendingSessions: schedule", () => {
  const scheduleWith = (value: string | undefined) => {
    const before = process.env.INSTALLMENTS_RECONCILE_SCHEDULE
    if (value === undefined) {
      delete process.env.INSTALLMENTS_RECONCILE_SCHEDULE
    } else {
      process.env.INSTALLMENTS_RECONCILE_SCHEDULE = value
    }
    try {
      let schedule = ""
      jest.isolateModules(() => {
        schedule = require("../reconcile-pending-sessions").config.schedule
      })
      return schedule
    } finally {
      if (before === undefined) {
        delete process.env.INSTALLMENTS_RECONCILE_SCHEDULE
      } else {
        process.env.INSTALLMENTS_RECONCILE_SCHEDULE = before
      }
    }
  }

  it("runs every 10 minutes unless INSTALLMENTS_RECONCILE_SCHEDULE sets another cron expression", () => {
    expect(scheduleWith(undefined)).toBe("*/10 * * * *")
    expect(scheduleWith("")).toBe("*/10 * * * *")
    expect(scheduleWith("*/2 * * * *")).toBe("*/2 * * * *")
  })
})

describe("reconcilePendingSessions: concurrency", () => {
  const pending = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `payses_${String(i).padStart(3, "0")}`,
      provider_id: "pp_installments_installments",
      status: "pending",
      data: {},
    }))

  it("checks at most reconcileConcurrency sessions at once, the smallest among the registrations", async () => {
    const sessions = pending(12)
    sessions.forEach((s, i) => (readDelays[s.id] = 5 + (i % 3) * 5))
    const { c } = container(sessions, configWith({ reconcileConcurrency: 5 }, { reconcileConcurrency: 3 }))
    await reconcilePendingSessions(c, { now: NOW, pageSize: 100 })
    expect(reconcileRuns.map((run) => run.session_id)).toEqual(sessions.map((s) => s.id))
    expect(inFlight.max).toBe(3)
  })

  it("defaults to 4 at once", async () => {
    const sessions = pending(10)
    sessions.forEach((s) => (readDelays[s.id] = 10))
    const { c } = container(sessions)
    await reconcilePendingSessions(c, { now: NOW })
    expect(inFlight.max).toBe(4)
  })

  it("a failing session does not stop the others, and is logged", async () => {
    const sessions = pending(8)
    sessions.forEach((s) => (readDelays[s.id] = 5))
    unreachable.add("payses_001")
    verdicts.payses_005 = PaymentActions.FAILED
    const { c, logger } = container(sessions, configWith({ reconcileConcurrency: 2 }, { reconcileConcurrency: 2 }))
    await reconcilePendingSessions(c, { now: NOW })
    expect(reconcileRuns).toHaveLength(8)
    expect(inFlight.max).toBe(2)
    // The later sessions still went on to their follow-up.
    expect(cancelRuns.map((run) => run.session_id)).toEqual(["payses_005"])
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("could not reconcile session payses_001: service unreachable"))
    // The paid links are the other job's: this one reads none.
    expect(orphanRuns).toHaveLength(0)
  })
})

describe("refundStrayPayments: orphan payments", () => {
  it("lists paid links once per merchant account, page by page, and checks each with the sweep's clock and grace", async () => {
    const { c } = container([])
    await refundStrayPayments(c, { now: NOW, orphanGraceMs: 1234, since: new Date(hoursAgo(24)) })
    expect(listCalls.map((call) => call.query.page)).toEqual([1, 2])
    expect(listCalls[0]).toMatchObject({
      storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      // Newest first: a sweep that stops at its page limit leaves out the oldest links.
      query: { status: "Paid", from_date: hoursAgo(24), limit: 100, sort_by: "created_at", sort_order: "desc" },
    })
    expect(orphanRuns).toHaveLength(130)
    expect(new Set(orphanRuns.map((run) => run.payment_link_id)).size).toBe(130)
    expect(orphanRuns[0]).toMatchObject({ provider_id: "installments", grace_ms: 1234, now: NOW.getTime() })
  })

  it("skips the paid links of settled checkouts, found with one query per page; every other link is checked", async () => {
    const placed = (link: string, order: { id: string; status: string } | null = { id: "order_1", status: "pending" }): Checkout => ({
      data: { payment_link_id: link },
      payment: { captured_at: "2026-03-01T10:00:00Z", canceled_at: null },
      payment_collection: { order },
    })
    // 100 completed checkouts; one canceled order, one uncaptured payment, one with no order, and 27 no session holds.
    checkouts.push(...paidLinks.slice(0, 100).map((link) => placed(link)))
    checkouts.push(placed(paidLinks[100], { id: "order_2", status: "canceled" }))
    checkouts.push({ ...placed(paidLinks[101]), payment: { captured_at: null, canceled_at: null } })
    checkouts.push(placed(paidLinks[102], null))
    const { c } = container([])
    await refundStrayPayments(c, { now: NOW, since: new Date(hoursAgo(24)) })
    // The listed ids are lowercase already: asked once each.
    expect(checkoutQueries).toEqual([paidLinks.slice(0, 100), paidLinks.slice(100)])
    expect(orphanRuns.map((run) => run.payment_link_id)).toEqual(paidLinks.slice(100))
  })

  it("without a since, lists links back to the longest link lifetime plus a day", async () => {
    const { c } = container([])
    await refundStrayPayments(c, { now: NOW })
    // linkTtlMinutes defaults to 60.
    expect(listCalls[0].query.from_date).toBe(hoursAgo(25))
    expect(orphanRuns[0]).toMatchObject({ grace_ms: 10 * 60_000 })
  })
})

describe("refundStrayPayments: payments on canceled orders", () => {
  it("a paid link its session still holds goes on to the canceled-order refund, with the sweep's clock and grace", async () => {
    orphanResults[paidLinks[0]] = { orphan: false, session_id: "payses_held", session_holds_link: true }
    orphanResults[paidLinks[1]] = { orphan: false, session_id: "payses_moved" }
    orphanResults[paidLinks[2]] = { orphan: true, session_id: "payses_gone" }
    const { c } = container([])
    await refundStrayPayments(c, { now: NOW, orphanGraceMs: 1234, since: new Date(hoursAgo(24)) })
    expect(canceledOrderRuns).toEqual([
      { session_id: "payses_held", payment_link_id: paidLinks[0], now: NOW.getTime(), grace_ms: 1234 },
    ])
  })

  it("defaults to the 10-minute grace, and one failing link does not stop the sweep", async () => {
    orphanResults[paidLinks[0]] = { orphan: false, session_id: "payses_broken", session_holds_link: true }
    orphanResults[paidLinks[1]] = { orphan: false, session_id: "payses_held", session_holds_link: true }
    const { c, logger } = container([])
    await refundStrayPayments(c, { now: NOW })
    expect(canceledOrderRuns.map((run) => [run.session_id, run.grace_ms])).toEqual([
      ["payses_broken", 10 * 60_000],
      ["payses_held", 10 * 60_000],
    ])
    expect(orphanRuns).toHaveLength(130)
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining(`could not check payment link ${paidLinks[0]}`))
  })
})
