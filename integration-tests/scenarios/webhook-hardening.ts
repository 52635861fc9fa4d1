import { randomUUID } from "node:crypto"
import { orphanRefundKey } from "../../src/installments/refunds/keys"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../src/lib/webhooks"
import { UNVERIFIED_BODY } from "../../src/api/hooks/verify-webhook"
import type { SuiteContext } from "../helpers/context"
import { CARDS, payLink, sandboxClient, SECRET_KEY, waitFor, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { refusalLog } from "../../src/installments/webhooks/refusal-log"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"
import {
  captureLogs,
  deliveryBody,
  eventsOfLink,
  forgetProcessedWebhooks,
  processedWebhookCount,
  sendToWebhookRoute,
  serviceRegistration,
  signedByService,
} from "../helpers/webhooks"

const JSON_HEADERS = { "content-type": "application/json" }
// A refused body is never logged (D18): this text in a refused delivery must not reach any log line.
const CANARY = "CANARY-REFUSED-BODY-7f3a"
const STACK_FRAME = /\n\s+at .+:\d+:\d+/

/** Issue 9, part 3: the webhook route under forged, replayed and malformed deliveries. */
export function webhookHardeningScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  let store: ReturnType<typeof storefront>

  beforeEach(() => {
    store = storefront(api, ctx.seed)
  })

  const client = sandboxClient

  async function ordersOfCart(cartId: string): Promise<string[]> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    return data.map((row: { order_id: string }) => row.order_id)
  }

  /** What a delivery could change: the cart's orders with their payments, the session, refunds, records. */
  async function stateOf(cartId: string, sessionId: string, transactionId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const orders = await Promise.all(
      (await ordersOfCart(cartId)).map(async (id) => {
        const { data } = await api.get(
          `/admin/orders/${id}?fields=id,status,canceled_at,payment_status,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
          ctx.admin
        )
        const order = data.order
        const payments = order.payment_collections.flatMap((pc: { payments: unknown[] }) => pc.payments)
        return {
          id: order.id,
          status: order.status,
          canceled_at: order.canceled_at,
          payments: payments.map((p: { id: string; captures: unknown[]; refunds: unknown[] }) => ({
            id: p.id,
            captures: p.captures.length,
            refunds: p.refunds.length,
          })),
        }
      })
    )
    const { data: sessions } = await query.graph({ entity: "payment_session", fields: ["id", "status"], filters: { id: sessionId } })
    const transaction = await client().transactions.retrieve(transactionId)
    const { data: ledger } = await api.get(`/admin/installments/refunds?transaction_id=${transactionId}`, ctx.admin)
    return {
      orders,
      session: (sessions[0] as { status: string } | undefined)?.status,
      serviceRefunds: transaction.refund_tracker.map((entry) => entry.idempotency_key),
      ledger: (ledger.refunds as unknown[]).length,
      processed: await processedWebhookCount(getContainer()),
    }
  }

  /** A paid checkout whose webhooks were all lost on the way: nothing in Medusa knows it is paid. */
  async function paidWithWebhooksLost(card: string = CARDS.rajhiCredit) {
    const cart = await store.createCart(30) // 1500.00 SAR
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    await ctx.sandbox.control.post("/faults", { drop_webhooks: 50 })
    try {
      const paid = await payLink(ctx.sandbox, linkId, { card_number: card, payment_option: "Installment", months: 3 })
      await webhooksIdle(ctx.sandbox)
      return { cart, session, linkId, transactionId: paid.transaction_id }
    } finally {
      await ctx.sandbox.control.delete("/faults")
    }
  }

  /** Sends every delivery the service made for a link again, genuinely signed, after its records are gone. */
  async function replayAfterCleanUp(linkId: string) {
    const events = await eventsOfLink(ctx.sandbox, linkId)
    expect(events.length).toBeGreaterThan(0)
    expect(await forgetProcessedWebhooks(getContainer())).toBeGreaterThan(0)
    const mark = busMark(getContainer())
    const answers = []
    for (const event of events) {
      const body = deliveryBody(event)
      const { status, data } = await sendToWebhookRoute(api, body, signedByService(ctx.sandbox, body))
      answers.push({ event: event.event, status, duplicate: Boolean(data?.duplicate) })
    }
    // The plugin handles each accepted delivery (a paid one after Medusa's webhook delay): every
    // handling ran to its end.
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    return answers
  }

  it("1. forged, re-signed and tampered deliveries of every event: one 401 body, the reason in the log, and nothing changes", async () => {
    // The lines looked for below are the first of their minute whatever ran before (D55 bounds them).
    refusalLog.clear()
    const paid = await paidWithWebhooksLost()
    const before = await stateOf(paid.cart.id, paid.session.id, paid.transactionId)
    expect(before.orders).toEqual([])

    const transaction = { id: paid.transactionId, status: "success", amount: "1500.00", payment_link_id: paid.linkId }
    const deliveries: [string, Record<string, unknown>][] = [
      ["order.success", { ...transaction, metadata: { session_id: paid.session.id }, note: CANARY }],
      ["order.failed", { ...transaction, status: "fail", note: CANARY }],
      ["installment.tracker.rejected", { ...transaction, status: "fail", installment_tracker: { status: "R" }, note: CANARY }],
      ["order.updated", { ...transaction, refunded_amount: "1500.00", note: CANARY }],
      ["payment_link.expired", { id: paid.linkId, status: "Expired", note: CANARY }],
      ["modal.closed", { payment_link_id: paid.linkId, note: CANARY }],
      ["refund.completed", { transaction_id: paid.transactionId, note: CANARY }],
    ]
    const attacker = generateWebhookKeyPair()
    const { prefix } = serviceRegistration(ctx.sandbox)
    const logs = captureLogs(getContainer())
    const answers: { event: string; how: string; status: number; body: unknown }[] = []
    const mark = busMark(getContainer())
    try {
      for (const [event, data] of deliveries) {
        const body = JSON.stringify({ id: `evt_${randomUUID()}`, event, created_at: new Date().toISOString(), data })
        const genuine = signedByService(ctx.sandbox, body)
        const tampered = body.replace('"1500.00"', '"1.00"').replace(paid.session.id, "payses_attacker")
        const attempts: [string, string, Record<string, string>][] = [
          [
            "re-signed with another key under the service's prefix",
            body,
            signedDeliveryHeaders({ payload: body, privateKey: attacker.privateKey, keyPrefix: prefix }),
          ],
          [
            "signed under an unknown prefix",
            body,
            signedDeliveryHeaders({ payload: body, privateKey: attacker.privateKey, keyPrefix: "whk_attacker" }),
          ],
          ["a genuine signature over another body", tampered === body ? `${body} ` : tampered, genuine],
          ["a genuine signature of another delivery", JSON.stringify({ ...JSON.parse(body), id: `evt_${randomUUID()}` }), genuine],
        ]
        for (const [how, sent, headers] of attempts) {
          const { status, data: answer } = await sendToWebhookRoute(api, sent, headers)
          answers.push({ event, how, status, body: answer })
        }
      }
      // Medusa is idle, and nothing that acts on a delivery ran for any of them.
      const runs = await settledAfter(getContainer(), mark)
      expect(runs.filter((run) => [RUNS.delivery, RUNS.medusaWebhook].includes(run as never))).toEqual([])
    } finally {
      logs.stop()
    }

    expect(answers.filter((answer) => answer.status !== 401)).toEqual([])
    // The forger learns nothing (D24): one body whatever was wrong; the merchant's log says what.
    expect(answers.filter((answer) => JSON.stringify(answer.body) !== JSON.stringify(UNVERIFIED_BODY))).toEqual([])
    expect(logs.text()).toMatch(/webhook refused on provider installments: bad_signature/)
    expect(logs.text()).toMatch(/webhook refused on provider installments: unknown_key/)
    expect(await stateOf(paid.cart.id, paid.session.id, paid.transactionId)).toEqual(before)
    expect(logs.text()).not.toContain(CANARY)
    expect(logs.text()).not.toContain(SECRET_KEY)
  })

  it("2. a genuine order.success replayed after the processed-event records are cleaned up: still one order, one capture", async () => {
    const paid = await paidWithWebhooksLost()
    const [success] = (await eventsOfLink(ctx.sandbox, paid.linkId)).filter((event) => event.event === "order.success")
    const body = deliveryBody(success)
    const mark = busMark(getContainer())
    expect((await sendToWebhookRoute(api, body, signedByService(ctx.sandbox, body))).status).toBe(200)
    await waitFor(async () => (await ordersOfCart(paid.cart.id)).length > 0)
    expect(await settledAfter(getContainer(), mark, [RUNS.delivery])).not.toContain(RUNS.medusaWebhook)
    const placed = await stateOf(paid.cart.id, paid.session.id, paid.transactionId)
    expect(placed.orders).toHaveLength(1)
    expect(placed.orders[0].payments).toEqual([{ id: expect.any(String), captures: 1, refunds: 0 }])

    const answers = await replayAfterCleanUp(paid.linkId)
    // With the records gone the deliveries are taken as new, and processing them changes nothing.
    expect(answers.every((answer) => answer.status === 200 && !answer.duplicate)).toBe(true)
    const after = await stateOf(paid.cart.id, paid.session.id, paid.transactionId)
    expect(after).toEqual({ ...placed, processed: after.processed })
  })

  it("3. a paid old link's deliveries replayed after clean-up: refunded once, never twice", async () => {
    const cart = await store.createCart(30)
    const { session: first } = await store.startPayment(cart.id)
    await store.setQuantity(cart, 1)
    const { session } = await store.startPayment(cart.id)
    // The customer pays the old link: its session is gone, so the plugin refunds it (orphan).
    const mark = busMark(getContainer())
    const old = await payLink(ctx.sandbox, first.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    await waitFor(async () => (await client().transactions.retrieve(old.transaction_id)).refund_tracker.length > 0)
    await webhooksIdle(ctx.sandbox)
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    const refunded = await stateOf(cart.id, session.id, old.transaction_id)
    expect(refunded.serviceRefunds).toEqual([orphanRefundKey(old.transaction_id).key])
    expect(refunded.orders).toEqual([])

    const answers = await replayAfterCleanUp(first.data.payment_link_id)
    expect(answers.map((answer) => answer.event)).toEqual(expect.arrayContaining(["order.success", "order.updated"]))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const after = await stateOf(cart.id, session.id, old.transaction_id)
    expect(after.serviceRefunds).toEqual([orphanRefundKey(old.transaction_id).key])
    expect(after).toEqual({ ...refunded, processed: after.processed })
    expect((await client().transactions.retrieve(old.transaction_id)).refunded_amount).toBe("1500.00")
  })

  it("4. a bank rejection replayed after clean-up: the order was canceled once and stays so, nothing captured or refunded", async () => {
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    const paid = await payLink(ctx.sandbox, linkId, { card_number: CARDS.rajhiBankReview, payment_option: "Installment", months: 6 })
    const completed = await store.complete(cart.id)
    expect(completed.data.type).toBe("order")
    await webhooksIdle(ctx.sandbox)
    const mark = busMark(getContainer())
    await ctx.sandbox.control.post(`/transactions/${paid.transaction_id}/review`, { decision: "reject" })
    await waitFor(async () => {
      const state = await stateOf(cart.id, session.id, paid.transaction_id)
      return state.orders[0]?.status === "canceled"
    })
    await webhooksIdle(ctx.sandbox)
    await settledAfter(getContainer(), mark, [RUNS.delivery])
    const canceled = await stateOf(cart.id, session.id, paid.transaction_id)
    expect(canceled.orders).toEqual([
      { id: completed.data.order.id, status: "canceled", canceled_at: expect.any(String), payments: [] },
    ])

    const answers = await replayAfterCleanUp(linkId)
    expect(answers.map((answer) => answer.event)).toEqual(expect.arrayContaining(["installment.tracker.rejected", "order.failed"]))
    const after = await stateOf(cart.id, session.id, paid.transaction_id)
    // Same cancellation time: canceled once; still no payment, capture or refund.
    expect(after).toEqual({ ...canceled, processed: after.processed })
  })

  it("5. malformed, huge, unicode and injected bodies, missing headers, wrong methods: a clear 4xx, no stack, no secret in answers or logs", async () => {
    // Test 1's forgeries used up this minute's refusal lines (D55): the lines looked for below start afresh.
    refusalLog.clear()
    const registration = serviceRegistration(ctx.sandbox)
    const signed = (body: string): Record<string, string> => ({ ...JSON_HEADERS, ...signedByService(ctx.sandbox, body) })
    const modal = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `evt_${randomUUID()}`,
        event: "modal.closed",
        data: { payment_link_id: randomUUID(), note: CANARY },
        ...extra,
      })
    const huge = JSON.stringify({ event: "modal.closed", data: { payment_link_id: randomUUID(), padding: "x".repeat(1024 * 1024) } })
    const unicode = JSON.stringify({
      id: "حدث-١-🚀",
      event: "modal.closed",
      created_at: new Date().toISOString(),
      data: { payment_link_id: randomUUID(), metadata: { name: "نورة \u202egnp.exe", emoji: "💳✅", nul: "\u0000" } },
    })
    const injectedId = `'; DROP TABLE installments_webhook_event; -- ${randomUUID()}`
    const injected = JSON.stringify({
      id: injectedId,
      event: "modal.closed",
      created_at: new Date().toISOString(),
      data: { payment_link_id: randomUUID(), q: "${jndi:ldap://x}" },
    })
    const withoutSignature = (body: string) => {
      const { "x-signature": _signature, ...rest } = signed(body)
      return rest
    }
    const withoutKey = (body: string) => {
      const { "x-api-key": _key, ...rest } = signed(body)
      return rest
    }
    const cases: { name: string; send: () => ReturnType<typeof sendToWebhookRoute>; status: number }[] = [
      {
        name: "JSON cut short",
        send: () => sendToWebhookRoute(api, `{"id":"evt_1","event":"order.success","data":{"note":"${CANARY}"`, JSON_HEADERS),
        status: 400,
      },
      { name: "a bare JSON string", send: () => sendToWebhookRoute(api, '"order.success"', JSON_HEADERS), status: 400 },
      { name: "an empty body", send: () => sendToWebhookRoute(api, "", JSON_HEADERS), status: 400 },
      { name: "1 MB, unsigned", send: () => sendToWebhookRoute(api, huge, JSON_HEADERS), status: 413 },
      { name: "1 MB, genuinely signed", send: () => sendToWebhookRoute(api, huge, signed(huge)), status: 413 },
      { name: "unicode and control characters, unsigned", send: () => sendToWebhookRoute(api, unicode, JSON_HEADERS), status: 401 },
      { name: "no X-Signature", send: () => sendToWebhookRoute(api, modal(), withoutSignature(modal())), status: 401 },
      { name: "no X-API-Key", send: () => sendToWebhookRoute(api, modal(), withoutKey(modal())), status: 401 },
      { name: "no headers at all but the content type", send: () => sendToWebhookRoute(api, modal(), JSON_HEADERS), status: 401 },
      {
        name: "an X-Signature that is not base64",
        send: () =>
          sendToWebhookRoute(api, modal(), {
            ...JSON_HEADERS,
            "x-api-key": registration.prefix,
            "x-signature": "<script>alert(1)</script>",
          }),
        status: 401,
      },
      {
        name: "an unknown key prefix full of injection",
        send: () => sendToWebhookRoute(api, modal(), { ...signed(modal()), "x-api-key": "' OR 1=1 --" }),
        status: 401,
      },
      { name: "text/plain, unsigned", send: () => sendToWebhookRoute(api, modal(), { "content-type": "text/plain" }), status: 401 },
      {
        name: "a form body, unsigned",
        send: () =>
          sendToWebhookRoute(api, `event=order.success&note=${CANARY}`, { "content-type": "application/x-www-form-urlencoded" }),
        status: 401,
      },
      {
        name: "XML",
        send: () => sendToWebhookRoute(api, `<event note="${CANARY}"/>`, { "content-type": "application/xml" }),
        status: 415,
      },
      { name: "a signed array", send: () => sendToWebhookRoute(api, "[1,2,3]", signed("[1,2,3]")), status: 400 },
      {
        name: "a signed event without its link id",
        send: () => {
          const body = JSON.stringify({ id: "evt_x", event: "order.success", data: { id: randomUUID() } })
          return sendToWebhookRoute(api, body, signed(body))
        },
        status: 400,
      },
      {
        // Answered as any refused delivery: the path tells a sender nothing of which registrations exist.
        name: "a provider id that is not registered",
        send: () => sendToWebhookRoute(api, modal(), signed(modal()), { path: "/hooks/payment/installments_nope" }),
        status: 401,
      },
      {
        // A replay of it could not be told apart once its record is pruned (D38).
        name: "a signed event without created_at",
        send: () => {
          const undated = modal()
          return sendToWebhookRoute(api, undated, signed(undated))
        },
        status: 400,
      },
      ...(["GET", "PUT", "PATCH", "DELETE"] as const).map((method) => ({
        name: `${method} on the route`,
        send: () => sendToWebhookRoute(api, method === "GET" ? "" : modal(), JSON_HEADERS, { method }),
        status: 405,
      })),
    ]

    const logs = captureLogs(getContainer())
    const answers: { name: string; status: number; body: string }[] = []
    const accepted: { name: string; status: number; duplicate: boolean }[] = []
    const mark = busMark(getContainer())
    try {
      for (const { name, send } of cases) {
        const { status, data } = await send()
        answers.push({ name, status, body: typeof data === "string" ? data : JSON.stringify(data) })
      }
      // Signed bodies with unicode and injection strings are ordinary deliveries: taken once, stored as sent.
      for (const [name, body] of [
        ["unicode", unicode],
        ["injection", injected],
        ["injection again", injected],
      ]) {
        const { status, data } = await sendToWebhookRoute(api, body, signed(body))
        accepted.push({ name, status, duplicate: Boolean(data?.duplicate) })
      }
      // Whatever the accepted ones queued has run and logged before the log is read.
      await settledAfter(getContainer(), mark)
    } finally {
      logs.stop()
    }

    expect(answers.map(({ name, status }) => ({ name, status }))).toEqual(cases.map(({ name, status }) => ({ name, status })))
    for (const answer of answers) {
      expect({ name: answer.name, message: JSON.parse(answer.body).message }).toEqual({
        name: answer.name,
        message: expect.stringMatching(/\w{3,}/),
      })
      expect(answer.body).not.toMatch(STACK_FRAME)
      expect(answer.body).not.toContain(SECRET_KEY)
      expect(answer.body).not.toContain(CANARY)
    }
    expect(accepted).toEqual([
      { name: "unicode", status: 200, duplicate: false },
      { name: "injection", status: 200, duplicate: false },
      { name: "injection again", status: 200, duplicate: true },
    ])
    const text = logs.text()
    expect(text).not.toContain(SECRET_KEY)
    expect(text).not.toContain(registration.private_key.split("\n")[1])
    expect(text).not.toContain(CANARY)
    expect(text).not.toMatch(/installments[^\n]*\n\s+at /)
    expect(text).toContain("installments: webhook refused on provider installments: bad_signature")
  })

  it("6. the webhook route answers a correctly signed delivery of an event it does not know with 200 and ignores it", async () => {
    const before = await processedWebhookCount(getContainer())
    const body = JSON.stringify({ id: "evt_1", event: "payout.settled", data: { amount: "10.00" } })
    const { status, data } = await sendToWebhookRoute(api, body, { ...JSON_HEADERS, ...signedByService(ctx.sandbox, body) })
    expect({ status, data }).toEqual({ status: 200, data: { received: true, ignored: true } })
    expect(await processedWebhookCount(getContainer())).toBe(before)
  })
}
