import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import checkCanceledOrderRefunds from "../../src/jobs/check-canceled-order-refunds"
import resolveRefundIntents from "../../src/jobs/resolve-refund-intents"
import retryFailedRefunds from "../../src/jobs/retry-failed-refunds"
import refundReceivedReturns from "../../src/jobs/refund-received-returns"
import checkUnbackedRefunds from "../../src/jobs/check-unbacked-refunds"
import { resolveInstallmentsRefundIntentWorkflow } from "../../src/workflows/resolve-refund-intent"
import { Modules } from "@medusajs/framework/utils"
import { RECORDED_REFUND_KEY, returnRefundKey } from "../../src/installments/refunds/keys"
import { InstallmentsClient } from "../../src/lib/client"
import { parseAmount, formatAmount } from "../../src/lib/money"
import type { SuiteContext } from "../helpers/context"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import { returnFlow, type OrderItem } from "../helpers/returns"
import { PUBLIC_KEY, SECRET_KEY, waitFor } from "../helpers/sandbox"
import { setUpShipping, type ShippingSetup } from "../helpers/shipping"
import { asRegistrationId } from "../../src/installments/registrations/provider-ids"

/** The network's faults, as the sandbox plays them on one endpoint (its control API). */
const FAULTS = ["apply_lose_answer", "apply_5xx", "hang", "slow"] as const
type Fault = (typeof FAULTS)[number] | "refuse_429"

type LoggedRequest = { seq: number; path: string; status: number; fault: string | null }
type LedgerRow = { id: string; status: string; idempotency_key: string | null; record_in_medusa?: boolean; source: string | null }

/**
 * Exactly-once money under every fault a real network has: each money-moving call (a refund from
 * each of its causes; link creation at checkout) is made while the sandbox applies it and loses the
 * answer, applies it and answers a proxy's 502, holds it past the caller's deadline, or answers it
 * late, with transaction reads failing too so the plugin cannot learn the outcome at once. Then the
 * jobs run, and the service must have refunded what was intended once, Medusa's records must equal
 * the service's, and nothing may be left waiting. The matrix is printed (docs/operations.md keeps it).
 */
export function faultMatrixScenarios(ctx: SuiteContext) {
  let shipping: ShippingSetup
  const matrix: string[] = []
  const client = () =>
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })
  const flow = returnFlow(ctx, () => shipping)
  const ledger = () => ctx.getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const rowsOf = async (transactionId: string) =>
    (await ledger().listInstallmentsRefunds({ transaction_id: transactionId })) as unknown as LedgerRow[]
  const faults = (list: { endpoint: string; mode: Fault; times?: number; delay_ms?: number }[]) =>
    ctx.sandbox.control.post("/faults", { endpoint_faults: list })
  const clearFaults = () => ctx.sandbox.control.delete("/faults")
  /**
   * The faults the sandbox played on requests to `path`, from its request log (a request is logged
   * when its connection closes, which can come after the caller gave up: waited for, up to 10 s).
   */
  /** The requests to `path` the sandbox has logged (after `since`, a `seq` of its log): answer status and fault met. */
  const loggedTo = async (path: string, since = 0) =>
    ((await ctx.sandbox.control.get("/requests", { params: { since } })).data.requests as LoggedRequest[])
      .filter((request) => request.path.toLowerCase() === path.toLowerCase())
      .map(({ status, fault }) => ({ status, fault }))
  /** The latest `seq` of the sandbox's request log: what a cell reads its own requests after. */
  const logMark = async () => (await ctx.sandbox.control.get("/requests")).data.last as number
  const faultsMet = async (path: string, atLeast = 1) => {
    const read = async () =>
      ((await ctx.sandbox.control.get("/requests")).data.requests as { path: string; fault: string | null }[])
        .filter((request) => request.path.toLowerCase() === path.toLowerCase())
        .map((request) => request.fault)
    return waitFor(
      async () => {
        const met = await read()
        return met.filter(Boolean).length >= atLeast && met
      },
      10_000,
      100
    ).catch(read)
  }
  // Reads fail while the refund is faulted, so the sender cannot settle it from the tracker at once.
  const refundFault = (fault: Fault) => [
    {
      endpoint: "refund",
      mode: fault,
      times: 0,
      ...(fault === "slow" ? { delay_ms: 7_000 } : fault === "hang" ? { delay_ms: 7_000 } : {}),
    },
    { endpoint: "transaction", mode: "apply_5xx" as const, times: 0 },
  ]
  /** A return's refund intent of 69.00 as a killed process leaves it: written, never sent. */
  const openReturnIntent = (key: string, ids: { transactionId: string; paymentId: string; orderId: string; returnId: string }) =>
    ledger().writeRefundLedger({
      kind: "open",
      transaction_id: ids.transactionId,
      intent: {
        idempotency_key: key,
        provider_id: asRegistrationId("installments"),
        transaction_id: ids.transactionId,
        payment_id: ids.paymentId,
        order_id: ids.orderId,
        return_id: ids.returnId,
        source: "return",
        amount: "69.00",
      },
    })
  /** Every job that settles a refund, on a clock past the intents' settle time, until nothing waits. */
  const runJobs = async () => {
    const container = ctx.getContainer()
    const later = (ms: number) => new Date(Date.now() + ms)
    await resolveRefundIntents(container, { now: later(3 * 60_000) })
    await checkUnbackedRefunds(container, { now: later(3 * 60_000) })
    await retryFailedRefunds(container, { now: later(24 * 60 * 60_000) })
    await refundReceivedReturns(container, { now: later(60_000) })
    await checkCanceledOrderRefunds(container, { now: later(60_000) })
    await resolveRefundIntents(container, { now: later(6 * 60_000) })
  }
  const medusaRefunded = async (orderId: string) =>
    (await flow.refundsOf(orderId)).reduce(
      (total: bigint, refund: { amount: number }) => total + parseAmount(String(refund.amount)),
      0n
    )

  beforeEach(async () => {
    shipping = await setUpShipping(ctx.api, ctx.admin, ctx.seed)
  })
  afterEach(clearFaults)
  afterAll(() => {
    console.log(["fault matrix (cause x fault -> outcome):", ...matrix].join("\n  "))
  })

  /** What every cell must end with, read from the service, Medusa and the ledger. */
  async function expectExactlyOnce(cell: string, orderId: string, transactionId: string, intended: bigint) {
    const tx = await client().transactions.retrieve(transactionId)
    const serviceTotal = tx.refund_tracker.reduce((total, entry) => total + parseAmount(entry.amount), 0n)
    expect({ cell, refunded: tx.refunded_amount, entries: tx.refund_tracker.length }).toEqual({
      cell,
      refunded: formatAmount(intended),
      entries: intended > 0n ? 1 : 0,
    })
    expect({ cell, medusa: formatAmount(await medusaRefunded(orderId)) }).toEqual({ cell, medusa: formatAmount(serviceTotal) })
    const waiting = (await rowsOf(transactionId)).filter(
      (row) => row.status === "sending" || row.status === "unknown" || row.record_in_medusa
    )
    expect({ cell, waiting }).toEqual({ cell, waiting: [] })
    return tx
  }

  describe.each(FAULTS)("a refund under %s", (fault) => {
    it(`F-return-${fault}. a received return's refund: refunded once, recorded once in Medusa`, async () => {
      const { orderId, order, transactionId, paymentId } = await flow.shippedOrder([
        { variantId: shipping.variants.candle, quantity: 2 },
      ])
      const candle = order.items.find((item: OrderItem) => item.variant_id === shipping.variants.candle)!
      const returnId = await flow.requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
      await faults(refundFault(fault))
      const mark = busMark(ctx.getContainer())
      await flow.receive(returnId, [{ id: candle.id, quantity: 1 }])
      const key = returnRefundKey(paymentId, returnId, orderId).key
      // The return's refund subscriber ran to its end under the fault.
      await settledAfter(ctx.getContainer(), mark, [RUNS.returnRefund], 90_000)
      expect(await faultsMet(`/transactions/refund/${transactionId}/`)).toContain(fault)
      const [row] = (await rowsOf(transactionId)).filter((candidate) => candidate.idempotency_key === key)
      await clearFaults()
      await runJobs()
      await expectExactlyOnce(`return x ${fault}`, orderId, transactionId, 6900n)
      matrix.push(
        `return x ${fault} -> first ${row.status === "unknown" ? "unknown" : row.status}; refunded 69.00 once under ${key}; Medusa shows 69.00`
      )
    })

    it(`F-admin-${fault}. a merchant's refund in Medusa's admin: a second try meanwhile is refused, nothing is paid twice`, async () => {
      const { orderId, transactionId, paymentId } = await flow.paidOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
      await faults(refundFault(fault))
      const first = await ctx.api.post(
        `/admin/payments/${paymentId}/refund`,
        { amount: 100 },
        { ...ctx.admin, validateStatus: () => true }
      )
      expect(first.status).toBeGreaterThanOrEqual(400)
      expect(await faultsMet(`/transactions/refund/${transactionId}/`)).toContain(fault)
      expect(first.data.message).toMatch(/did not confirm the refund of 100\.00 SAR|being confirmed/)
      const second = await ctx.api.post(
        `/admin/payments/${paymentId}/refund`,
        { amount: 100 },
        { ...ctx.admin, validateStatus: () => true }
      )
      expect(second.status).toBe(400)
      expect(second.data.message).toBe(
        "A refund of 100.00 SAR on this payment is being confirmed with the installments service; try again in a minute."
      )
      await clearFaults()
      await runJobs()
      const applied = fault !== "hang"
      const tx = await expectExactlyOnce(`admin x ${fault}`, orderId, transactionId, applied ? 10000n : 0n)
      if (!applied) {
        // Never received: the merchant reads why, and a new refund goes through once.
        const [failed] = (await rowsOf(transactionId)).filter((row) => row.status === "failed")
        expect(failed).toMatchObject({ source: "admin" })
        expect((await ctx.api.post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, ctx.admin)).status).toBe(200)
        await expectExactlyOnce(`admin x ${fault}, refunded again`, orderId, transactionId, 10000n)
      }
      matrix.push(
        `admin x ${fault} -> merchant told "not confirmed"; second try refused; ` +
          (applied
            ? `refunded 100.00 once (${tx.refund_tracker[0].idempotency_key}), recorded in Medusa by the resolver`
            : "never received: failed with the reason, the merchant's new refund paid once")
      )
    })

    it(`F-cancel-${fault}. an order cancel's refund: refunded once, Medusa's payment equals the service`, async () => {
      const { orderId, transactionId } = await flow.paidOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
      const total = parseAmount(String((await flow.readOrder(orderId)).total))
      await faults(refundFault(fault))
      const mark = busMark(ctx.getContainer())
      expect((await ctx.api.post(`/admin/orders/${orderId}/cancel`, {}, ctx.admin)).status).toBe(200)
      // The plugin's check of the cancel ran to its end under the fault.
      await settledAfter(ctx.getContainer(), mark, [RUNS.cancelRefunds], 90_000)
      expect(await faultsMet(`/transactions/refund/${transactionId}/`)).toContain(fault)
      await clearFaults()
      await runJobs()
      await runJobs()
      const tx = await expectExactlyOnce(`cancel x ${fault}`, orderId, transactionId, total)
      matrix.push(`cancel x ${fault} -> refunded ${tx.refunded_amount} once (${tx.refund_tracker[0].idempotency_key})`)
    })
  })

  it("F-killed. a process killed between writing a return's intent and sending it: the resolver finds it never sent, the retry sends it once under its key", async () => {
    const { orderId, order, transactionId, paymentId } = await flow.shippedOrder([
      { variantId: shipping.variants.candle, quantity: 2 },
    ])
    const candle = order.items.find((item: OrderItem) => item.variant_id === shipping.variants.candle)!
    const returnId = await flow.requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    const key = returnRefundKey(paymentId, returnId, orderId).key
    // The intent as a killed process leaves it: written, never sent (the return's event is lost with it).
    const { opening } = await openReturnIntent(key, { transactionId, paymentId, orderId, returnId })
    expect(opening).toMatchObject({ kind: "send" })
    const mark = busMark(ctx.getContainer())
    await flow.receive(returnId, [{ id: candle.id, quantity: 1 }])
    // The return's own run finds the intent unresolved and sends nothing.
    await settledAfter(ctx.getContainer(), mark, [RUNS.returnRefund], 60_000)
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toEqual([])
    // The fault is the kill: the service's log has no refund request for the transaction until the jobs run.
    const refundPath = `/transactions/refund/${transactionId}/`
    expect(await loggedTo(refundPath)).toEqual([])
    await runJobs()
    expect(await loggedTo(refundPath)).toEqual([{ status: 200, fault: null }])
    await expectExactlyOnce("killed between intent and call", orderId, transactionId, 6900n)
    matrix.push(`return x killed between intent and call -> resolved never sent, retried once under ${key}`)
  })

  it("F-mixed. a merchant's refund applied on its first attempt (answer lost) and refused by a gateway on the next: unknown, never refunded twice", async () => {
    const { orderId, transactionId, paymentId } = await flow.paidOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    await faults([
      { endpoint: "refund", mode: "apply_lose_answer", times: 1 },
      { endpoint: "refund", mode: "refuse_429", times: 0 },
      { endpoint: "transaction", mode: "apply_5xx", times: 0 },
    ])
    const first = await ctx.api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount: 100 },
      { ...ctx.admin, validateStatus: () => true }
    )
    expect(first.data.message).toMatch(/did not confirm the refund of 100\.00 SAR/)
    // The merchant tries again: refused while the first is being confirmed, nothing sent under a new key.
    const again = await ctx.api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount: 100 },
      { ...ctx.admin, validateStatus: () => true }
    )
    expect(again.status).toBe(400)
    expect(again.data.message).toMatch(/being confirmed/)
    const met = await faultsMet(`/transactions/refund/${transactionId}/`, 2)
    expect(met).toEqual(["apply_lose_answer", "refuse_429"])
    await clearFaults()
    await runJobs()
    await expectExactlyOnce("admin x applied then 429", orderId, transactionId, 10000n)
    matrix.push(
      "admin x applied, answer lost, then a gateway's 429 -> unknown (not refused); refunded 100.00 once, recorded in Medusa"
    )
  })

  it("F-two-resolvers. two resolvers of the same unknown refund at once, both past reading it: one refund at the service, one record in Medusa", async () => {
    const { orderId, transactionId, paymentId } = await flow.paidOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    // A small refund, so Medusa's own check (no more than captured) cannot stand in for the plugin's.
    // The service's order.updated deliveries are dropped: their handling would settle the intent from
    // the tracker before the resolvers run (see F-admin for that path).
    await ctx.sandbox.control.post("/faults", { endpoint_faults: refundFault("apply_lose_answer"), webhook_drop_rate: 1 })
    const first = await ctx.api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount: 10 },
      { ...ctx.admin, validateStatus: () => true }
    )
    expect(first.data.message).toMatch(/did not confirm the refund of 10\.00 SAR/)
    // Every attempt of the refund met the lost answer armed for it.
    const met = await faultsMet(`/transactions/refund/${transactionId}/`)
    expect(met.length).toBeGreaterThan(0)
    expect(met.filter((fault) => fault !== "apply_lose_answer")).toEqual([])
    await ctx.sandbox.control.post("/faults", { endpoint_faults: [], webhook_drop_rate: 1 })
    const [row] = (await rowsOf(transactionId)).filter((candidate) => candidate.status === "unknown")
    // Both resolvers' reads of the transaction are held at the sandbox until both are in flight: each
    // then finds the refund applied and not shown in Medusa (the job's transaction lock is what keeps
    // this from happening; here the two runs are the workflow itself, so the provider's refusal of a
    // second record is what is proven).
    const path = `/transactions/${transactionId}`
    await ctx.sandbox.control.post("/holds", { paths: [path] })
    const now = new Date(Date.now() + 3 * 60_000)
    const runs = [0, 1].map(() =>
      resolveInstallmentsRefundIntentWorkflow(ctx.getContainer())
        .run({ input: { id: row.id, now } })
        .then(
          () => "resolved",
          (error: Error) => error.message
        )
    )
    const heldReads = async () =>
      ((await ctx.sandbox.control.get("/holds")).data.held as { path: string }[]).filter((r) => r.path === path).length
    const held = await waitFor(
      async () => {
        const n = await heldReads()
        return n >= 2 && n
      },
      5_000,
      50
    ).catch(heldReads)
    expect(held).toBe(2)
    await ctx.sandbox.control.delete("/holds")
    const outcomes = await Promise.all(runs)
    await expectExactlyOnce("admin x two resolvers", orderId, transactionId, 1000n)
    expect((await flow.refundsOf(orderId)).length).toBe(1)
    matrix.push(`admin x two resolvers at once -> refunded 10.00 once, one record in Medusa (${outcomes.join("; ")})`)
  })

  it("F-killed-after-medusa-row. a process killed after Medusa's refund row of a return, before the call: the row goes, the return is refunded once", async () => {
    const { orderId, order, transactionId, paymentId } = await flow.shippedOrder([
      { variantId: shipping.variants.candle, quantity: 2 },
    ])
    const candle = order.items.find((item: OrderItem) => item.variant_id === shipping.variants.candle)!
    const returnId = await flow.requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    const key = returnRefundKey(paymentId, returnId, orderId).key
    // What the killed process leaves: the return followed, its intent, Medusa's refund row naming it.
    await ledger().reopenReturnSweepItem(returnId)
    await openReturnIntent(key, { transactionId, paymentId, orderId, returnId })
    const payments = ctx.getContainer().resolve(Modules.PAYMENT) as unknown as {
      createRefunds(data: Record<string, unknown>): Promise<{ id: string }>
    }
    const kept = await payments.createRefunds({ payment_id: paymentId, amount: 69, metadata: { [RECORDED_REFUND_KEY]: key } })
    const mark = busMark(ctx.getContainer())
    await flow.receive(returnId, [{ id: candle.id, quantity: 1 }])
    // The return's own run finds its intent unresolved and the Medusa refund in flight: nothing is sent.
    await settledAfter(ctx.getContainer(), mark, [RUNS.returnRefund], 60_000)
    expect((await client().transactions.retrieve(transactionId)).refund_tracker).toEqual([])
    // The fault is the kill: the service's log has no refund request for the transaction until the jobs run.
    const refundPath = `/transactions/refund/${transactionId}/`
    expect(await loggedTo(refundPath)).toEqual([])
    await runJobs()
    await runJobs()
    expect(await loggedTo(refundPath)).toEqual([{ status: 200, fault: null }])
    await expectExactlyOnce("killed after Medusa's refund row", orderId, transactionId, 6900n)
    expect((await flow.refundsOf(orderId)).map((refund: { id: string }) => refund.id)).not.toContain(kept.id)
    matrix.push(`return x killed after Medusa's refund row -> the row removed, refunded 69.00 once under ${key}`)
  })

  it("F-retry-subtracts-in-flight. a return's retry leaves a merchant's refund in flight to it, which then proves never sent: the return's sweep refunds the rest, and the order books each refund once at its amount", async () => {
    const { orderId, order, transactionId, paymentId } = await flow.shippedOrder([
      { variantId: shipping.variants.candle, quantity: 2 },
    ])
    const candle = order.items.find((item: OrderItem) => item.variant_id === shipping.variants.candle)!
    const returnId = await flow.requestReturn(orderId, [{ id: candle.id, quantity: 2 }])
    // The return's first refund is refused (the merchant's balance): the retry job's from then on.
    await ctx.sandbox.control.post("/merchant/balance", { balance: "10.00" })
    const mark = busMark(ctx.getContainer())
    await flow.receive(returnId, [{ id: candle.id, quantity: 2 }])
    await settledAfter(ctx.getContainer(), mark, [RUNS.returnRefund], 60_000)
    expect((await rowsOf(transactionId)).map((row) => row.status)).toEqual(["failed"])
    // The fault met the return's refund: the service refused it (its balance), no endpoint fault played.
    expect(await loggedTo(`/transactions/refund/${transactionId}/`)).toEqual([{ status: 400, fault: null }])
    await ctx.sandbox.control.post("/merchant/balance", { balance: "1000000.00" })
    // A merchant's refund of 40.00 whose process was killed after Medusa's row, before the call.
    const payments = ctx.getContainer().resolve(Modules.PAYMENT) as unknown as {
      createRefunds(data: Record<string, unknown>): Promise<{ id: string }>
    }
    const unsent = await payments.createRefunds({ payment_id: paymentId, amount: 40 })
    const container = ctx.getContainer()
    const later = (ms: number) => new Date(Date.now() + ms)
    // The retry refunds what is owed less the 40.00 in flight; then that one proves never sent and goes.
    await retryFailedRefunds(container, { now: later(24 * 60 * 60_000) })
    expect((await client().transactions.retrieve(transactionId)).refunded_amount).toBe("98.00")
    const generation = async () =>
      ((await ledger().listInstallmentsSweepItems({ kind: "return", subject_id: returnId })) as { generation: number }[])[0].generation
    const before = await generation()
    await checkUnbackedRefunds(container, { now: later(3 * 60_000) })
    expect((await flow.refundsOf(orderId)).map((refund: { id: string }) => refund.id)).not.toContain(unsent.id)
    // Removing a refund follows the order's received returns again (before and after the delete).
    expect(await generation()).toBe(before + 2)
    await refundReceivedReturns(container, { now: later(60_000) })
    await runJobs()
    const tx = await client().transactions.retrieve(transactionId)
    expect({ refunded: tx.refunded_amount, entries: tx.refund_tracker.map((entry) => entry.amount) }).toEqual({
      refunded: "138.00",
      entries: ["98.00", "40.00"],
    })
    expect(formatAmount(await medusaRefunded(orderId))).toBe("138.00")
    // Medusa's 98.00 run booked the 40.00 row at 98.00 too; the order books each refund once, at its amount.
    const { summary } = await flow.readOrder(orderId)
    expect({ refunded: String(summary.refunded_total), owed: String(summary.pending_difference) }).toEqual({
      refunded: "138",
      owed: "0",
    })
    matrix.push(
      "return retried while a merchant's refund was in flight, which never reached the service -> the sweep refunds the rest (98.00 + 40.00)"
    )
  })

  describe.each(FAULTS)("checkout's link creation under %s", (fault) => {
    it(`F-link-${fault}. the shopper still pays one link and gets one order`, async () => {
      await faults([
        { endpoint: "create_link", mode: fault, times: 1, ...(fault === "slow" || fault === "hang" ? { delay_ms: 7_000 } : {}) },
      ])
      const since = await logMark()
      const { orderId, transactionId } = await flow.paidOrder([{ variantId: shipping.variants.candle, quantity: 1 }])
      const { data } = await ctx.sandbox.control.get("/requests", { params: { since } })
      // This cell's checkout created links: the first creation met the fault armed (once) for it, the retry none.
      const creations = (data.requests as LoggedRequest[])
        .filter((request) => /^\/payment_links\/[^/]+\/create$/.test(request.path))
        .map((request) => request.fault)
      expect(creations[0]).toBe(fault)
      expect(creations.slice(1).every((met) => met === null)).toBe(true)
      const order = await flow.readOrder(orderId)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect((await client().transactions.retrieve(transactionId)).status).toBe("success")
      matrix.push(`checkout link x ${fault} -> one order, one payment (a spare unpaid link expires on its own)`)
    })
  })
}
