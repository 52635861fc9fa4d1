import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentLinkDetails } from "../../lib/client"
import { linkVerdict } from "../../installments/links/verdict"
import { canceledOrderRefundKey, orphanRefundKey } from "../../installments/refunds/keys"
import { decideCanceledOrderPayment } from "../../installments/refunds/canceled-order-decision"
import { decideOrphan, sessionStillExists } from "../../installments/refunds/orphan-decision"
import { PAID_LINK_GRACE_MS } from "../../installments/links/transactions"
import type { SessionContext } from "../../installments/sessions/records"
import { decideUnpaidOrder } from "../cancel-unpaid-order/unpaid-order-decision"
import { confirmedDisputeSession, disputedPayment } from "../record-dispute/disputed-payment"

const LINK = "7d444840-9dc0-11d1-b245-5ffdce74fad2"
const OTHER_LINK = "8d444840-9dc0-11d1-b245-5ffdce74fad2"
const TX = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
const PAID_AT = Date.parse("2026-01-01T10:00:00Z")
// This store's identity, and another Medusa's on the same merchant account (D33).
const OURS = "inst_0b4c7f0e-8a44-4d8e-9a51-3f1c2b9d7e60"
const THEIRS = "inst_5e2d9c1a-7b36-4f0e-b8d2-6a9c4e1f3b27"

function tx(overrides: Record<string, unknown> = {}) {
  return {
    id: TX,
    status: "success",
    type: "SANDBOX",
    created_at: "2026-01-01T10:00:00Z",
    is_refundable: true,
    amount: "150.00",
    refunded_amount: "0.00",
    refund_tracker: [],
    installment_tracker: null,
    ...overrides,
  }
}

function details(transactions: unknown[], link: Record<string, unknown> = {}): PaymentLinkDetails {
  return {
    payment_link: {
      id: LINK,
      status: "Paid",
      amount: "150.00",
      created_at: "2026-01-01T09:55:00Z",
      is_expired: false,
      metadata: { session_id: "payses_1", instance_id: OURS, currency: "SAR" },
      ...link,
    },
    transactions,
    pagination: { count: transactions.length, page: 1, page_size: 100, total_pages: 1, next: false, previous: false },
  } as never
}

const session = (linkId = LINK, status = "pending") =>
  ({
    id: "payses_1",
    provider_id: "pp_installments_installments",
    status,
    data: { session_id: "payses_1", payment_link_id: linkId, amount: "150.00", currency_code: "sar" },
    amount: 150,
    currency_code: "sar",
    payment_collection_id: "paycol_1",
  }) as SessionContext["session"]

const later = PAID_AT + PAID_LINK_GRACE_MS + 1

/** decideOrphan as this store runs it. */
// A store that made its own links: its database records each (madeHere), unless a test says otherwise.
const decide = (input: Omit<Parameters<typeof decideOrphan>[0], "instanceId">) =>
  decideOrphan({ instanceId: OURS, madeHere: true, ...input })

describe("decideOrphan", () => {
  it("a paid link whose session no longer exists is refunded in full once the grace period has passed", () => {
    const decision = decide({ details: details([tx()]), context: { payments: [] }, now: later, graceMs: PAID_LINK_GRACE_MS })
    expect(decision).toMatchObject({ orphan: true, transaction_id: TX, amount: "150.00", session_id: "payses_1" })
  })

  it("a session that now holds another link makes the old link's payment an orphan", () => {
    const context: SessionContext = { session: session(OTHER_LINK), payments: [] }
    expect(decide({ details: details([tx()]), context, now: later, graceMs: PAID_LINK_GRACE_MS }).orphan).toBe(true)
  })

  it("refunds what is left after a partial refund", () => {
    const decision = decide({
      details: details([tx({ status: "partially refunded", refunded_amount: "50.25" })]),
      context: { payments: [] },
      now: later,
      graceMs: PAID_LINK_GRACE_MS,
    })
    expect(decision).toMatchObject({ orphan: true, amount: "99.75" })
  })

  it.each([
    ["the session still holds the link", { session: session(), payments: [] }],
    ["a Medusa payment records the transaction", { payments: [{ id: "pay_1", data: { transaction_id: TX } }] }],
    [
      "a Medusa payment records the link",
      { session: session(OTHER_LINK), payments: [{ id: "pay_1", data: { payment_link_id: LINK } }] },
    ],
  ] as [string, SessionContext][])("not an orphan when %s", (_case, context) => {
    expect(decide({ details: details([tx()]), context, now: later, graceMs: PAID_LINK_GRACE_MS }).orphan).toBe(false)
  })

  it.each([
    ["holds this link", session()],
    ["holds another link", session(OTHER_LINK)],
  ])("webhook path, a session that %s: the answer without a read is the one a read gives", (_case, existing) => {
    const context: SessionContext = { session: existing, payments: [] }
    const read = decide({
      details: details([tx()]),
      context,
      now: PAID_AT,
      graceMs: PAID_LINK_GRACE_MS,
      requireSessionGone: true,
    })
    const unread = sessionStillExists(LINK, "payses_1", context)
    expect(unread).toEqual({ ...read, transaction_id: undefined })
    expect(unread.orphan).toBe(false)
  })

  it("leaves a payment younger than the grace period alone", () => {
    const decision = decide({
      details: details([tx()]),
      context: { payments: [] },
      now: PAID_AT + 60_000,
      graceMs: PAID_LINK_GRACE_MS,
    })
    expect(decision).toMatchObject({ orphan: false, reason: expect.stringMatching(/too recently/) })
  })

  it.each(orphanRefundKey(TX).known)("does not refund again what an earlier sweep refunded (under %s)", (key) => {
    const refunded = tx({
      status: "refunded",
      refunded_amount: "150.00",
      refund_tracker: [{ id: "r1", status: "P", amount: "150.00", rrn: null, idempotency_key: key }],
    })
    const decision = decide({ details: details([refunded]), context: { payments: [] }, now: later, graceMs: PAID_LINK_GRACE_MS })
    expect(decision).toMatchObject({ orphan: false, already_refunded: true })
  })

  it.each([
    ["a link not made for a Medusa session", details([tx()], { metadata: { session_id: "someone-else" } })],
    ["a link without metadata", details([tx()], { metadata: null })],
    ["a link with no successful payment", details([tx({ status: "fail" })], { status: "Unpaid" })],
    ["a bank-rejected installment", details([tx({ status: "fail", installment_tracker: { id: null, status: "R", message: null } })])],
  ])("ignores %s", (_case, linkDetails) => {
    expect(decide({ details: linkDetails, context: { payments: [] }, now: later, graceMs: 0 }).orphan).toBe(false)
  })

  describe("whose link it is (D33)", () => {
    const paidLink = (metadata: Record<string, unknown> | null) => details([tx()], { metadata })
    const gone: SessionContext = { payments: [] }

    it("never refunds a link another Medusa on the same merchant account made, however orphaned it looks", () => {
      const theirs = paidLink({ session_id: "payses_1", instance_id: THEIRS, cart_id: "cart_1" })
      for (const requireSessionGone of [false, true]) {
        const decision = decide({ details: theirs, context: gone, now: later, graceMs: 0, requireSessionGone, cartKnown: true })
        expect(decision).toMatchObject({ orphan: false, reason: expect.stringContaining(`another Medusa`) })
        expect(decision.reason).toContain(THEIRS)
      }
    })

    it("refunds this store's order-payment or draft-order link (no cart) whose session is gone, on its identity alone", () => {
      const ours = paidLink({ session_id: "payses_1", instance_id: OURS, medusa_order_id: "order_1" })
      expect(decide({ details: ours, context: gone, now: later, graceMs: 0 })).toMatchObject({ orphan: true, amount: "150.00" })
      expect(
        decide({ details: ours, context: gone, now: PAID_AT, graceMs: PAID_LINK_GRACE_MS, requireSessionGone: true }).orphan
      ).toBe(true)
    })

    it("a link with this store's identity that this database never recorded making (a copy of it made it) is never refunded", () => {
      const copied = paidLink({ session_id: "payses_1", instance_id: OURS, cart_id: "cart_1" })
      for (const requireSessionGone of [false, true]) {
        for (const madeHere of [false, undefined]) {
          expect(
            decide({ details: copied, context: gone, now: later, graceMs: 0, requireSessionGone, cartKnown: true, madeHere })
          ).toMatchObject({ orphan: false, reason: expect.stringMatching(/no record of making it: another store booted from a copy/) })
        }
      }
    })

    it("a link without an identity (made before links carried one) is judged only when its cart is in this database", () => {
      const legacy = paidLink({ session_id: "payses_1", cart_id: "cart_1" })
      expect(decide({ details: legacy, context: gone, now: later, graceMs: 0, cartKnown: true }).orphan).toBe(true)
      expect(decide({ details: legacy, context: gone, now: later, graceMs: 0, cartKnown: false })).toMatchObject({
        orphan: false,
        reason: expect.stringMatching(/not in this store's database/),
      })
    })

    it("an order-payment or draft-order link without an identity (no cart) is never refunded on its own", () => {
      const legacy = paidLink({ session_id: "payses_1", medusa_order_id: "order_1" })
      for (const requireSessionGone of [false, true]) {
        expect(decide({ details: legacy, context: gone, now: later, graceMs: 0, requireSessionGone })).toMatchObject({
          orphan: false,
          reason: expect.stringMatching(/not refunded automatically/),
        })
      }
    })

    it.each([
      ["an empty identity", ""],
      ["an identity that is not text", 42],
    ])("reads %s as none", (_case, instanceId) => {
      const odd = paidLink({ session_id: "payses_1", instance_id: instanceId })
      expect(decide({ details: odd, context: gone, now: later, graceMs: 0 }).orphan).toBe(false)
      expect(decide({ details: odd, context: gone, now: later, graceMs: 0, cartKnown: true }).orphan).toBe(true)
    })
  })

  it("webhook path: no grace, but only a session that no longer exists counts", () => {
    const now = PAID_AT + 1000
    const gone = decide({
      details: details([tx()]),
      context: { payments: [] },
      now,
      graceMs: PAID_LINK_GRACE_MS,
      requireSessionGone: true,
    })
    expect(gone.orphan).toBe(true)
    const moved = decide({
      details: details([tx()]),
      context: { session: session(OTHER_LINK), payments: [] },
      now,
      graceMs: PAID_LINK_GRACE_MS,
      requireSessionGone: true,
    })
    expect(moved.orphan).toBe(false)
  })

  it("a session that still holds the paid link is flagged for the canceled-order check", () => {
    const decision = decide({ details: details([tx()]), context: { session: session(), payments: [] }, now: later, graceMs: 0 })
    expect(decision).toMatchObject({ orphan: false, session_holds_link: true, session_id: "payses_1", transaction_id: TX })
    const moved = decide({
      details: details([tx()]),
      context: { session: session(OTHER_LINK), payments: [] },
      now: later,
      graceMs: 0,
    })
    expect(moved.session_holds_link).toBeUndefined()
  })
})

describe("decideUnpaidOrder", () => {
  const expected = { session_id: "payses_1", amount: 15000n, currency_code: "sar" }
  const pendingOrder: SessionContext = {
    session: session(LINK, "pending_authorization"),
    cart_id: "cart_1",
    order: { id: "order_1", status: "pending", display_id: 12 },
    payments: [],
  }
  const rejected = details([tx({ status: "fail", installment_tracker: { id: "f1", status: "R", message: "Rejected" } })], {
    status: "Unpaid",
  })
  const expired = details([], { status: "Expired", is_expired: true })

  it("cancels an order placed during a bank review when the bank then rejects, marking the session error", () => {
    const decision = decideUnpaidOrder("payses_1", pendingOrder, linkVerdict(rejected, expected))
    expect(decision).toMatchObject({ cancel: true, order_id: "order_1", session_status: PaymentSessionStatus.ERROR })
  })

  it("cancels it when the link expired unpaid, marking the session canceled", () => {
    const decision = decideUnpaidOrder("payses_1", pendingOrder, linkVerdict(expired, expected))
    expect(decision).toMatchObject({ cancel: true, session_status: PaymentSessionStatus.CANCELED })
  })

  it.each([
    ["no order was placed", { ...pendingOrder, order: undefined }],
    ["the order is already canceled", { ...pendingOrder, order: { id: "order_1", status: "canceled" } }],
    ["a Medusa payment is recorded", { ...pendingOrder, payments: [{ id: "pay_1", data: {} }] }],
    ["the session is gone", { payments: [] }],
  ] as [string, SessionContext][])("leaves the order alone when %s", (_case, context) => {
    expect(decideUnpaidOrder("payses_1", context, linkVerdict(rejected, expected)).cancel).toBe(false)
  })

  it("leaves the order alone while the review is pending or once paid", () => {
    const pending = details([tx({ status: "pending", installment_tracker: { id: "f1", status: "P", message: null } })], {
      status: "Unpaid",
    })
    expect(decideUnpaidOrder("payses_1", pendingOrder, linkVerdict(pending, expected)).cancel).toBe(false)
    expect(decideUnpaidOrder("payses_1", pendingOrder, linkVerdict(details([tx()]), expected)).cancel).toBe(false)
  })

  it("never cancels when a transaction paid a different amount: a person decides", () => {
    const mismatch = details([tx({ amount: "149.00" })])
    const decision = decideUnpaidOrder("payses_1", pendingOrder, linkVerdict(mismatch, expected))
    expect(decision).toMatchObject({ cancel: false, reason: expect.stringMatching(/needs attention/) })
  })
})

describe("decideCanceledOrderPayment", () => {
  const CANCELED_AT = "2026-01-01T09:58:00Z"
  // The bank rejected the 0% request (order canceled), then the customer paid the same link with another card.
  const rejectedAttempt = tx({
    id: "2b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
    status: "fail",
    created_at: "2026-01-01T09:56:00Z",
    installment_tracker: { id: "f1", status: "R", message: "Rejected" },
  })
  const paidAfterCancel = (overrides: Record<string, unknown> = {}) => details([rejectedAttempt, tx(overrides)])
  const canceledOrder = (payments: SessionContext["payments"] = []): SessionContext => ({
    session: session(LINK, "error"),
    cart_id: "cart_1",
    order: { id: "order_1", status: "canceled", display_id: 12, canceled_at: CANCELED_AT },
    payments,
  })
  const capturedPayment = (overrides: Record<string, unknown> = {}) => ({
    id: "pay_1",
    data: { transaction_id: TX, payment_link_id: LINK },
    currency_code: "sar",
    captured_at: "2026-01-01T10:00:06Z",
    canceled_at: null,
    captures: [{ id: "capt_1", raw_amount: { value: "150", precision: 20 }, amount: 150, created_at: "2026-01-01T10:00:06Z" }],
    refunds: [],
    ...overrides,
  })
  const decide = (context: SessionContext, linkDetails = paidAfterCancel(), now = PAID_AT + 6_000, graceMs = PAID_LINK_GRACE_MS) =>
    decideCanceledOrderPayment({ session_id: "payses_1", details: linkDetails, context, now, graceMs })

  it("Medusa captured the payment on the canceled order: refunded in full through Medusa, at once", () => {
    const decision = decide(canceledOrder([capturedPayment()]))
    expect(decision).toMatchObject({
      refund: true,
      via: "medusa",
      payment_id: "pay_1",
      order_id: "order_1",
      order_display_id: 12,
      transaction_id: TX,
      payment_link_id: LINK,
      provider_id: "pp_installments_installments",
      amount: "150.00",
      medusa_amount: "150",
    })
    expect(decision.idempotency_key).toBeUndefined()
  })

  it("refunds Medusa's exact remainder when its total is finer than a halala", () => {
    const payment = capturedPayment({
      captures: [{ id: "capt_1", raw_amount: { value: "149.9995", precision: 20 }, created_at: "2026-01-01T10:00:06Z" }],
    })
    expect(decide(canceledOrder([payment]))).toMatchObject({
      refund: true,
      via: "medusa",
      amount: "150.00",
      medusa_amount: "149.9995",
    })
  })

  it("never refunds through Medusa more than the service still holds (part refunded outside Medusa)", () => {
    const decision = decide(
      canceledOrder([capturedPayment()]),
      paidAfterCancel({ status: "partially refunded", refunded_amount: "50.00" })
    )
    expect(decision).toMatchObject({ refund: true, via: "medusa", amount: "100.00", medusa_amount: "100.00" })
  })

  it("Medusa recorded no captured payment: refunded directly with the service, keyed by the name-based UUID of its transaction, after the grace", () => {
    const decision = decide(canceledOrder(), paidAfterCancel(), later)
    expect(decision).toMatchObject({
      refund: true,
      via: "service",
      amount: "150.00",
      transaction_id: TX,
      idempotency_key: canceledOrderRefundKey(TX).key,
      known_keys: [canceledOrderRefundKey(TX).key, `canceled-order-${TX}`],
    })
    // An uncaptured or canceled Medusa payment is no captured payment either.
    const uncaptured = capturedPayment({ captured_at: null, captures: [] })
    expect(decide(canceledOrder([uncaptured]), paidAfterCancel(), later)).toMatchObject({ refund: true, via: "service" })
    const voided = capturedPayment({ canceled_at: "2026-01-01T10:01:00Z" })
    expect(decide(canceledOrder([voided]), paidAfterCancel(), later)).toMatchObject({ refund: true, via: "service" })
  })

  it("waits while Medusa may still be recording the payment (grace), but the webhook path that waited passes 0", () => {
    expect(decide(canceledOrder(), paidAfterCancel(), PAID_AT + 60_000)).toMatchObject({
      refund: false,
      reason: expect.stringMatching(/too recently/),
    })
    expect(decide(canceledOrder(), paidAfterCancel(), PAID_AT + 6_000, 0)).toMatchObject({ refund: true, via: "service" })
  })

  describe("refunds once", () => {
    it("not again once Medusa refunded the payment in full", () => {
      const refunded = capturedPayment({ refunds: [{ id: "ref_1", raw_amount: { value: "150", precision: 20 } }] })
      const decision = decide(canceledOrder([refunded]), paidAfterCancel({ status: "refunded", refunded_amount: "150.00" }))
      expect(decision).toMatchObject({
        refund: false,
        already_refunded: true,
        reason: expect.stringMatching(/already refunded in full/),
      })
    })

    it.each(canceledOrderRefundKey(TX).known)(
      "not again once the service refund was made (its key %s is on the transaction), whatever Medusa recorded since",
      (key) => {
        const refundedAtService = paidAfterCancel({
          status: "refunded",
          refunded_amount: "150.00",
          refund_tracker: [{ id: "r1", status: "P", amount: "150.00", rrn: null, idempotency_key: key }],
        })
        expect(decide(canceledOrder(), refundedAtService, later)).toMatchObject({ refund: false, already_refunded: true })
        // Medusa recorded the payment late (after the direct refund): still nothing more.
        expect(decide(canceledOrder([capturedPayment()]), refundedAtService, later)).toMatchObject({
          refund: false,
          already_refunded: true,
        })
      }
    )

    it("not through Medusa when the service holds nothing more (refunded outside Medusa)", () => {
      const decision = decide(canceledOrder([capturedPayment()]), paidAfterCancel({ status: "refunded", refunded_amount: "150.00" }))
      expect(decision).toMatchObject({ refund: false, already_refunded: true, reason: expect.stringMatching(/outside Medusa/) })
    })

    it("not directly when nothing is left at the service", () => {
      const decision = decide(canceledOrder(), paidAfterCancel({ status: "refunded", refunded_amount: "150.00" }), later)
      expect(decision).toMatchObject({ refund: false, already_refunded: true })
    })
  })

  it("leaves a payment captured before the order was canceled to Medusa's own cancellation refund", () => {
    const early = capturedPayment({
      captured_at: "2026-01-01T09:50:00Z",
      captures: [{ id: "capt_1", raw_amount: { value: "150", precision: 20 }, created_at: "2026-01-01T09:50:00Z" }],
    })
    expect(decide(canceledOrder([early]))).toMatchObject({ refund: false, reason: expect.stringMatching(/captured before/) })
  })

  it.each([
    ["the order is not canceled", { ...canceledOrder(), order: { id: "order_1", status: "pending" } }],
    ["no order was placed", { ...canceledOrder(), order: undefined }],
    ["the session is gone (the orphan refund's case)", { payments: [] }],
    ["the session now holds another link (the orphan refund's case)", { ...canceledOrder(), session: session(OTHER_LINK, "error") }],
    [
      "the session is another provider's",
      { ...canceledOrder(), session: { ...session(LINK, "error")!, provider_id: "pp_stripe_stripe" } },
    ],
  ] as [string, SessionContext][])("refunds nothing when %s", (_case, context) => {
    expect(decide(context, paidAfterCancel(), later).refund).toBe(false)
  })

  it.each([
    ["the link has no successful payment", details([rejectedAttempt], { status: "Unpaid" })],
    ["the link belongs to another session", details([tx()], { metadata: { session_id: "payses_2" } })],
    ["no link could be read", undefined],
  ])("refunds nothing when %s", (_case, linkDetails) => {
    expect(
      decideCanceledOrderPayment({ session_id: "payses_1", details: linkDetails, context: canceledOrder(), now: later, graceMs: 0 })
        .refund
    ).toBe(false)
  })
})

describe("disputedPayment", () => {
  const order = { id: "order_1", status: "completed" }
  const payment = (id: string, data: Record<string, unknown>) => ({ id, data })

  it("is the payment that records the disputed transaction, with its order", () => {
    const context: SessionContext = {
      order,
      payments: [
        payment("pay_other", { transaction_id: "another-tx", payment_link_id: LINK }),
        payment("pay_1", { transaction_id: TX, payment_link_id: LINK }),
      ],
    }
    expect(disputedPayment({ transaction_id: TX, payment_link_id: LINK }, context)).toEqual({
      payment_id: "pay_1",
      order_id: "order_1",
    })
  })

  it("a payment that recorded no transaction yet is matched by the link it paid", () => {
    const context: SessionContext = { order, payments: [payment("pay_1", { payment_link_id: LINK })] }
    expect(disputedPayment({ transaction_id: TX, payment_link_id: LINK }, context)).toEqual({
      payment_id: "pay_1",
      order_id: "order_1",
    })
  })

  it("no payment records the transaction: recorded unmatched, never against the order's first payment", () => {
    const context: SessionContext = {
      order,
      payments: [payment("pay_first", { transaction_id: "another-tx", payment_link_id: OTHER_LINK })],
    }
    expect(disputedPayment({ transaction_id: TX, payment_link_id: LINK }, context)).toEqual({ payment_id: null, order_id: null })
    expect(disputedPayment({ transaction_id: TX }, { payments: [] })).toEqual({ payment_id: null, order_id: null })
  })
})

describe("confirmedDisputeSession", () => {
  const input = { transaction_id: TX, session_id: "payses_1" }

  it("keeps the delivery's session when the link names it and holds the disputed transaction", () => {
    expect(confirmedDisputeSession(details([tx()], { metadata: { session_id: "payses_1" } }), input)).toBe("payses_1")
  })

  it.each([
    ["the link belongs to another session", details([tx()], { metadata: { session_id: "payses_2" } })],
    ["the link names no session", details([tx()], { metadata: null })],
    [
      "the transaction is not on the link",
      details([tx({ id: "0b7d3c1e-0000-4000-8000-000000000009" })], { metadata: { session_id: "payses_1" } }),
    ],
    ["the link has no transaction", details([], { metadata: { session_id: "payses_1" } })],
  ])("drops it when %s", (_case, linkDetails) => {
    expect(confirmedDisputeSession(linkDetails, input)).toBeUndefined()
  })
})
