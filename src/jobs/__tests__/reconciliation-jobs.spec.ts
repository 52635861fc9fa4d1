import { LONGEST_LINK_LIFE_MS } from "../../installments/links/timing"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { configWithPayment } from "../../installments/__tests__/medusa-shapes"

const reconcileRuns: { session_id: string }[] = []
const cancelRuns: { session_id: string }[] = []
const orphanRuns: { payment_link_id: string; provider_id: string; grace_ms?: number; now?: number }[] = []
const orphanResults: Record<string, Record<string, unknown>> = {}
const canceledOrderRuns: { session_id: string; payment_link_id: string; grace_ms?: number; now?: number }[] = []
const verdicts: Record<string, PaymentActions> = {}
// Sessions whose check takes this many ms (a slow service read), and those whose check fails.
const readDelays: Record<string, number> = {}
const unreachable = new Set<string>()
// Sessions whose link is paid and still settling (bank review): read again even past expiry.
const stillWaiting = new Set<string>()
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
        return {
          result: {
            action: verdicts[input.session_id] ?? PaymentActions.NOT_SUPPORTED,
            still_waiting: stillWaiting.has(input.session_id),
          },
        }
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
// Listed oldest first, 10 seconds apart, the last made an hour before the tests' clock.
const linkCreatedAt = (i: number) => new Date(Date.parse("2026-03-01T11:00:00Z") - (paidLinks.length - 1 - i) * 10_000).toISOString()
jest.mock("../../installments/registrations/lookup", () => ({
  ...jest.requireActual("../../installments/registrations/lookup"),
  clientForProvider: () => ({
    paymentLinks: {
      list: async (storeId: string, query: { page: number; limit: number; from_date: string }) => {
        listCalls.push({ storeId, query })
        const start = (query.page - 1) * query.limit
        const listed = paidLinks
          .map((id, i) => ({ payment_link_id: id, created_at: linkCreatedAt(i) }))
          .filter((link) => link.created_at >= query.from_date)
        return { total: listed.length, page: query.page, limit: query.limit, data: listed.slice(start, start + query.limit) }
      },
    },
  }),
}))

import { idFloor } from "../../lib/ulid-floor"
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
const configWith = (extra: Record<string, unknown> = {}, cardExtra: Record<string, unknown> = {}) =>
  configWithPayment({
    providers: [
      {
        resolve: "./src/providers/installments",
        id: "installments",
        options: { ...common, storeId: "0f8fad5b-d9cb-469f-a165-70867728950e", ...extra },
      },
      // Same merchant account under another registration: listed once.
      {
        resolve: "./src/providers/installments",
        id: "card",
        options: { ...common, storeId: "0f8fad5b-d9cb-469f-a165-70867728950e", checkoutMode: "pay_in_full", ...cardExtra },
      },
    ],
  })

type Session = { id: string; provider_id: string; status: string; data: Record<string, unknown>; created_at?: string }

/** The plugin module's sweep records, in memory, as the service keeps them in its tables. */
class FakeSweeps {
  items: { id: string; kind: string; subject_id: string; closed_at: Date | null; created_at: Date }[] = []
  marks = new Map<string, Date>()
  async followSweepItems(kind: string, ids: string[]) {
    const fresh = [...new Set(ids)].filter((id) => !this.items.some((item) => item.kind === kind && item.subject_id === id))
    for (const subject_id of fresh) {
      this.items.push({
        id: `iswi_${String(this.items.length).padStart(6, "0")}`,
        kind,
        subject_id,
        closed_at: null,
        created_at: new Date(),
      })
    }
    return fresh.length
  }
  async listOpenSweepItems(kind: string, page: { after?: string; take: number }) {
    return this.items
      .filter((item) => item.kind === kind && !item.closed_at && (!page.after || item.id > page.after))
      .slice(0, page.take)
  }
  async closeSweepItems(ids: string[], at: Date) {
    this.items.filter((item) => ids.includes(item.id)).forEach((item) => (item.closed_at = at))
  }
  async sweptTo(name: string) {
    return this.marks.get(name)
  }
  async markSweptTo(name: string, at: Date) {
    this.marks.set(name, at)
  }
  open(kind = "session") {
    return this.items.filter((item) => item.kind === kind && !item.closed_at).map((item) => item.subject_id)
  }
}
type Checkout = {
  data: { payment_link_id: string }
  payment: { captured_at: string | null; canceled_at: string | null } | null
  payment_collection: { order: { id: string; status: string } | null }
}

// The checkouts the settled-links query finds, by the link their session holds.
const checkouts: Checkout[] = []
const checkoutQueries: string[][] = []
// The session-id floor each of those queries carried.
const checkoutFloors: unknown[] = []

// What the jobs pass query.graph, read as loosely as the fake answers it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the filters' shapes differ per query; the fake reads each by name
type GraphArgs = Record<string, any>

function container(sessions: Session[], config = configWith(), sweeps = new FakeSweeps()) {
  const graphCalls: { filters: GraphArgs; pagination: GraphArgs }[] = []
  const query = {
    graph: async ({ filters, pagination }: { filters: GraphArgs; pagination: GraphArgs }) => {
      if (filters.data) {
        const links: string[] = filters.data.payment_link_id
        checkoutQueries.push(links)
        checkoutFloors.push(filters.id?.$gte)
        return { data: checkouts.filter((checkout) => links.includes(checkout.data.payment_link_id)) }
      }
      graphCalls.push({ filters, pagination })
      if (Array.isArray(filters.id)) {
        // The followed sessions of a page, by id.
        return { data: sessions.filter((s) => filters.id.includes(s.id)).map((s) => ({ created_at: hoursAgo(2), ...s })) }
      }
      // What the database would answer: the provider filter, the statuses, the keyset cursor, a page.
      const like = String(filters.provider_id.$like).replace(/%$/, "")
      const rows = sessions
        .filter((s) => s.provider_id.startsWith(like) && filters.status.includes(s.status))
        .filter((s) => (filters.id.$gt ? s.id > filters.id.$gt : s.id >= filters.id.$gte))
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
    resolve: (name: string) => ({ query, logger, configModule: config, [Modules.PAYMENT]: payment, installments: sweeps })[name],
  }
  return { c: c as never, graphCalls, logger, sweeps }
}

beforeEach(() => {
  checkouts.length = 0
  checkoutQueries.length = 0
  checkoutFloors.length = 0
  reconcileRuns.length = 0
  cancelRuns.length = 0
  orphanRuns.length = 0
  canceledOrderRuns.length = 0
  for (const key of Object.keys(orphanResults)) delete orphanResults[key]
  listCalls.length = 0
  for (const key of Object.keys(verdicts)) delete verdicts[key]
  for (const key of Object.keys(readDelays)) delete readDelays[key]
  unreachable.clear()
  stillWaiting.clear()
  inFlight.now = 0
  inFlight.max = 0
})

describe("reconcilePendingSessions: sessions", () => {
  // Ids as Medusa makes them: the prefix, then a ULID whose first characters are the creation time.
  const idAt = (hours: number, suffix: string) => `${idFloor("payses", new Date(hoursAgo(hours)))}${suffix}`
  const ours = (suffix: string, status: string, expires_at = hoursAgo(-1), createdHoursAgo = 1) => ({
    id: idAt(createdHoursAgo, suffix),
    provider_id: "pp_installments_installments",
    status,
    data: { expires_at },
    created_at: hoursAgo(createdHoursAgo),
  })
  const readIds = () => reconcileRuns.map((run) => run.session_id)

  it("finds the plugin's sessions by id since the lookback, page by page, follows each once and reads each", async () => {
    const sessions = Array.from({ length: 5 }, (_, i) => ours(`A${i}`, "pending"))
    const stripe = { ...ours("S", "pending"), provider_id: "pp_stripe_stripe" }
    const { c, graphCalls, sweeps } = container([...sessions, stripe])
    await reconcilePendingSessions(c, { now: NOW, pageSize: 2 })
    const discovery = graphCalls.filter((call) => !Array.isArray(call.filters.id))
    expect(discovery[0].filters).toMatchObject({
      provider_id: { $like: "pp_installments_%" },
      id: { $gte: idFloor("payses", new Date(hoursAgo(8 * 24))) },
    })
    expect(discovery.map((call) => call.filters.id.$gt)).toEqual([undefined, sessions[1].id, sessions[3].id])
    expect(readIds()).toEqual(sessions.map((s) => s.id))
    expect(sweeps.open()).toEqual(sessions.map((s) => s.id))
    // Every page of followed sessions is loaded by id, never by a scan.
    expect(graphCalls.filter((call) => Array.isArray(call.filters.id)).map((call) => call.filters.id)).toEqual([
      sessions.slice(0, 2).map((s) => s.id),
      sessions.slice(2, 4).map((s) => s.id),
      sessions.slice(4).map((s) => s.id),
    ])
  })

  it("after a run, looks for new sessions only since that run (less 10 minutes), whatever clock it judges by", async () => {
    const { c, graphCalls, sweeps } = container([ours("A", "pending")])
    const before = Date.now()
    await reconcilePendingSessions(c, { now: NOW })
    const mark = sweeps.marks.get("sessions")!
    expect(mark.getTime()).toBeGreaterThanOrEqual(before)
    graphCalls.length = 0
    await reconcilePendingSessions(c, { now: new Date(NOW.getTime() + 3 * 3_600_000) })
    expect(graphCalls[0].filters.id).toEqual({ $gte: idFloor("payses", new Date(mark.getTime() - 10 * 60_000)) })
  })

  it("a waiting session whose link expired past the grace gets one final read, then is never read again", async () => {
    const { c, sweeps } = container([ours("E", "pending", hoursAgo(1.5), 3), ours("R", "requires_more", hoursAgo(-0.5))])
    for (const hours of [0, 0.2, 0.4]) {
      await reconcilePendingSessions(c, { now: new Date(NOW.getTime() + hours * 3_600_000) })
    }
    expect(readIds().filter((id) => id.endsWith("E"))).toHaveLength(1)
    expect(readIds().filter((id) => id.endsWith("R"))).toHaveLength(3)
    expect(sweeps.open()).toEqual([idAt(1, "R")])
  })

  it("a final read the service did not answer, or that finds a payment still settling, is made again next run", async () => {
    const down = ours("D", "pending", hoursAgo(2))
    const review = ours("B", "requires_more", hoursAgo(2))
    unreachable.add(down.id)
    stillWaiting.add(review.id)
    const { c, sweeps } = container([down, review])
    await reconcilePendingSessions(c, { now: NOW })
    expect(sweeps.open().sort()).toEqual([down.id, review.id].sort())
    unreachable.clear()
    stillWaiting.clear()
    await reconcilePendingSessions(c, { now: NOW })
    await reconcilePendingSessions(c, { now: NOW })
    expect(readIds().sort()).toEqual([down.id, down.id, review.id, review.id].sort())
    expect(sweeps.open()).toEqual([])
  })

  it("closes unread the error/canceled sessions past the grace, and reads those whose link may still be paid", async () => {
    const sessions = [
      ours("a", "error", hoursAgo(3)),
      ours("b", "canceled", hoursAgo(0.5)),
      ours("c", "canceled", hoursAgo(-2)),
      ours("d", "pending_authorization", hoursAgo(3)),
      ours("e", "error", "not a date"),
    ]
    const { c, sweeps } = container(sessions)
    await reconcilePendingSessions(c, { now: NOW })
    expect(readIds()).toEqual([sessions[1].id, sessions[2].id, sessions[3].id])
    // A bank review outlives its link: it stays followed.
    expect(sweeps.open()).toEqual([sessions[1].id, sessions[2].id, sessions[3].id])
  })

  it("closes unread a followed session that was deleted or authorized since", async () => {
    const pending = ours("P", "pending")
    const sessions: Session[] = [pending, ours("G", "pending")]
    const { c, sweeps } = container(sessions)
    await reconcilePendingSessions(c, { now: NOW })
    sessions.pop()
    pending.status = "authorized"
    reconcileRuns.length = 0
    await reconcilePendingSessions(c, { now: NOW })
    expect(readIds()).toEqual([])
    expect(sweeps.open()).toEqual([])
  })

  it("a session read as failed or expired goes on to the unpaid-order cancellation", async () => {
    const [f, s, x] = [ours("f", "pending_authorization"), ours("s", "pending"), ours("x", "pending_authorization")]
    verdicts[f.id] = PaymentActions.FAILED
    verdicts[x.id] = PaymentActions.CANCELED
    verdicts[s.id] = PaymentActions.SUCCESSFUL
    const { c } = container([f, s, x])
    await reconcilePendingSessions(c, { now: NOW })
    expect(cancelRuns.map((run) => run.session_id)).toEqual([f.id, x.id])
  })

  it("logs each paid session it settled, so the process that ran the sweep shows in its log", async () => {
    const [s, p] = [ours("s", "pending"), ours("p", "pending")]
    verdicts[s.id] = PaymentActions.SUCCESSFUL
    const { c, logger } = container([s, p])
    await reconcilePendingSessions(c, { now: NOW })
    expect(logger.info.mock.calls).toEqual([[`installments: the reconciliation job settled paid session ${s.id}`]])
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
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules needs a synchronous load under a replaced clock
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
      id: `payses_Z${String(i).padStart(3, "0")}`,
      provider_id: "pp_installments_installments",
      status: "pending",
      data: { expires_at: hoursAgo(-1) },
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
    unreachable.add("payses_Z001")
    verdicts.payses_Z005 = PaymentActions.FAILED
    const { c, logger } = container(sessions, configWith({ reconcileConcurrency: 2 }, { reconcileConcurrency: 2 }))
    await reconcilePendingSessions(c, { now: NOW })
    expect(reconcileRuns).toHaveLength(8)
    expect(inFlight.max).toBe(2)
    // The later sessions still went on to their follow-up.
    expect(cancelRuns.map((run) => run.session_id)).toEqual(["payses_Z005"])
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("could not reconcile session payses_Z001: service unreachable"))
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
      // Oldest first: a sweep that stops at its page limit continues from there next time.
      query: { status: "Paid", from_date: hoursAgo(24), limit: 100, sort_by: "created_at", sort_order: "asc" },
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
    // Only the sessions made since an hour before the window: a primary-key range, not the history.
    expect(checkoutFloors).toEqual([idFloor("payses", new Date(hoursAgo(25))), idFloor("payses", new Date(hoursAgo(25)))])
    expect(orphanRuns.map((run) => run.payment_link_id)).toEqual(paidLinks.slice(100))
  })

  it("without a since, lists links back to the longest link lifetime plus a day", async () => {
    const { c } = container([])
    await refundStrayPayments(c, { now: NOW })
    // The longest life of any link (7 days: order-payment links), whatever linkTtlMinutes (60 here).
    expect(listCalls[0].query.from_date).toBe(hoursAgo(7 * 24 + 24))
    expect(orphanRuns[0]).toMatchObject({ grace_ms: 10 * 60_000 })
  })
})

describe("refundStrayPayments: the account's mark", () => {
  const MARK = "paid-links:0f8fad5b-d9cb-469f-a165-70867728950e@https://installments.test"

  it("a complete sweep marks when it began; the next lists from that mark less the link lifetime and 30 minutes", async () => {
    const { c, sweeps } = container([])
    const before = Date.now()
    await refundStrayPayments(c, { now: NOW })
    const mark = sweeps.marks.get(MARK)!
    expect(mark.getTime()).toBeGreaterThanOrEqual(before)
    listCalls.length = 0
    await refundStrayPayments(c, { now: NOW })
    expect(listCalls[0].query.from_date).toBe(new Date(mark.getTime() - LONGEST_LINK_LIFE_MS - 30 * 60_000).toISOString())
  })

  it("a mark an hour (or a day) old is where the next sweep, in a new process, lists from", async () => {
    const sweeps = new FakeSweeps()
    sweeps.marks.set(MARK, new Date(hoursAgo(25)))
    const { c } = container([], configWith(), sweeps)
    await refundStrayPayments(c, { now: NOW })
    expect(listCalls[0].query.from_date).toBe(hoursAgo(25.5 + 7 * 24))
    expect(sweeps.marks.get(MARK)!.getTime()).toBeGreaterThan(Date.parse(hoursAgo(1)))
  })

  it("an explicit since neither reads nor moves the mark", async () => {
    const sweeps = new FakeSweeps()
    sweeps.marks.set(MARK, new Date(hoursAgo(2)))
    const { c } = container([], configWith(), sweeps)
    await refundStrayPayments(c, { now: NOW, since: new Date(hoursAgo(48)) })
    expect(listCalls[0].query.from_date).toBe(hoursAgo(48))
    expect(sweeps.marks.get(MARK)).toEqual(new Date(hoursAgo(2)))
  })

  it("a sweep that stops at its page limit marks the last link it checked, and the next continues from it", async () => {
    const extra = Array.from({ length: 5100 - paidLinks.length }, (_, i) => `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`)
    paidLinks.unshift(...extra)
    try {
      const { c, sweeps } = container([])
      await refundStrayPayments(c, { now: NOW })
      expect(listCalls).toHaveLength(50)
      listCalls.length = 0
      await refundStrayPayments(c, { now: NOW })
      // Listed on from the 5,000th link (index 4999), the last the first sweep checked.
      expect(listCalls[0].query.from_date).toBe(linkCreatedAt(4999))
      expect(sweeps.marks.get(MARK)!.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 60_000)
    } finally {
      paidLinks.splice(0, extra.length)
    }
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
