import express from "express"
import { createHash } from "node:crypto"
import type { AddressInfo } from "node:net"
import { Modules } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../../lib/webhooks"
import middlewares from "../../middlewares"
import { refuseInstallmentsWebhookMethod } from "../refuse-webhook-method"
import { FUTURE_BODY, UNDATED_BODY, UNVERIFIED_BODY, verifyInstallmentsWebhook, WEBHOOK_ROUTE_MATCHER } from "../verify-webhook"
import { refusalLog } from "../../../installments/webhooks/refusal-log"
import { installmentsProviderOptions } from "../../../installments/registrations/lookup"
import { configWithPayment, paymentServiceWith } from "../../../installments/__tests__/medusa-shapes"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"
import { recentPaidVerdicts } from "../../../installments/links/recent-paid-verdicts"

const keys = generateWebhookKeyPair()
const LINK_ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2"
const SECRET = "sk_secret_never_logged"
const providerOptions = {
  secretKey: SECRET,
  publicKey: "sandbox-pk",
  storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  baseUrl: "https://installments.test",
  callbackUrl: "https://shop.test/return?s={session_id}",
}
const paymentOptions = {
  webhook_delay: 2500,
  providers: [
    { resolve: "medusa-payment-installments/providers/installments", id: "installments", options: providerOptions },
    { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
  ],
}
const config = configWithPayment(paymentOptions)

/** The parts of an Express response the middlewares use, recording what they set. */
function fakeResponse() {
  return {
    statusCode: 200,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    listeners: {} as Record<string, () => void>,
    setHeader(name: string, value: string) {
      this.headers[name] = value
    },
    status(code: number) {
      this.statusCode = code
      return this
    },
    json(payload: unknown) {
      this.body = payload
      return this
    },
    once(name: string, listener: () => void) {
      this.listeners[name] = listener
      return this
    },
  }
}

type Keys = { prefix: string; publicKey: string }[]

/** `registeredKeys`: the stored keys, or what the module answers kept (`fresh` false) and read (`fresh` true). */
function harness(registeredKeys: Keys | ((fresh: boolean) => Keys) = [{ prefix: "whk_1", publicKey: keys.publicKey }]) {
  const seen = new Set<string>()
  const emitted: { name: string; data: unknown }[] = []
  const queueOptions: unknown[] = []
  const logged: string[] = []
  const failEmits = { count: 0 }
  const module = {
    keyReads: [] as boolean[],
    owners: [] as unknown[],
    async webhookKeysForVerification(owner: unknown, { fresh = false }: { fresh?: boolean } = {}) {
      this.keyReads.push(fresh)
      this.owners.push(owner)
      return typeof registeredKeys === "function" ? registeredKeys(fresh) : registeredKeys
    },
    recordWebhookEvent: async ({ event_id }: { event_id: string }) => (seen.has(event_id) ? false : (seen.add(event_id), true)),
    forgetWebhookEvent: async (eventId: string) => {
      seen.delete(eventId)
    },
  }
  const scope = {
    resolve: (name: string) =>
      ({
        logger: {
          warn: (m: string) => logged.push(m),
          info: (m: string) => logged.push(m),
          debug: (m: string) => logged.push(m),
          error: (m: string) => logged.push(m),
        },
        configModule: config,
        installments: module,
        [Modules.EVENT_BUS]: {
          emit: async (event: { name: string; data: unknown }, options?: unknown) => {
            if (failEmits.count > 0) {
              failEmits.count--
              throw new Error("event bus unavailable")
            }
            emitted.push(event)
            queueOptions.push(options)
          },
        },
        [Modules.PAYMENT]: paymentServiceWith(paymentOptions),
      })[name],
  }

  /** Calls the middleware as Express would on Medusa's route: `provider` is the decoded parameter. */
  async function deliver(
    body: string,
    headers: Record<string, string>,
    provider = "installments_installments",
    rawPath = `/hooks/payment/${provider}`
  ) {
    const res = fakeResponse()
    const listeners = res.listeners
    const req = {
      scope,
      params: { provider },
      originalUrl: rawPath,
      path: rawPath,
      headers: { ...headers },
      // No parser ran (a content type Medusa does not parse, or no body): no raw body either.
      rawBody: "x-no-raw-body" in headers ? undefined : Buffer.from(body),
    }
    const next = jest.fn()
    await verifyInstallmentsWebhook(req as never, res as never, next)
    /** What Medusa's route would answer next: fires the response's finish event. */
    const finish = async (statusCode: number) => {
      res.statusCode = statusCode
      listeners.finish?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    return { res, next, req, finish }
  }
  /** What the route emitted, as `event_name` of each delivery. */
  const deliveries = () => emitted.map((event) => (event.data as { event_name: string }).event_name)
  return { deliver, emitted, queueOptions, logged, failEmits, seen, deliveries, keyReads: module.keyReads, owners: module.owners }
}

// Deliveries made a minute ago: well inside the 30-day retention.
const SENT_AT = new Date(Date.now() - 60_000).toISOString()

function event(name: string, data: Record<string, unknown>, id = "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", createdAt = SENT_AT) {
  return JSON.stringify({ id, event: name, created_at: createdAt, data })
}
const signed = (body: string, privateKey = keys.privateKey, keyPrefix = "whk_1") =>
  signedDeliveryHeaders({ payload: body, privateKey, keyPrefix })

const TX_ID = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"

/** The one event the route emits for a verified, first-seen delivery. */
function received(name: string, extra: Record<string, unknown> = {}) {
  const data = { provider_id: "pp_installments_installments", event_id: "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", event_name: name }
  return { name: "installments.webhook_received", data: { ...data, payment_link_id: LINK_ID, session_id: "payses_1", ...extra } }
}
function transactionData(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: TX_ID,
    status,
    type: "SANDBOX",
    created_at: "2026-01-01T10:00:00Z",
    is_refundable: status === "success",
    amount: "100.00",
    refunded_amount: "0.00",
    payment_link_id: LINK_ID,
    metadata: { session_id: "payses_1", currency: "SAR" },
    ...extra,
  }
}

beforeEach(() => refusalLog.clear())

describe("verifyInstallmentsWebhook", () => {
  const modal = event("modal.closed", { payment_link_id: LINK_ID, metadata: {} })
  const paid = event("order.success", transactionData("success"))

  it("emits one event for a correctly signed paid delivery, after Medusa's webhook delay, once", async () => {
    const { deliver, emitted, queueOptions } = harness()
    const first = await deliver(paid, signed(paid))
    expect(first.next).not.toHaveBeenCalled()
    expect(first.res.body).toEqual({ received: true })
    expect(emitted).toEqual([received("order.success")])
    // Medusa's webhook_delay from the Payment module's options, and its default retries.
    expect(queueOptions).toEqual([{ delay: 2500, attempts: 3 }])
    const replay = await deliver(paid, signed(paid))
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
    expect(emitted).toHaveLength(1)
  })

  it.each([
    ["installment.tracker.approved", () => event("installment.tracker.approved", transactionData("success"))],
    ["order.success", () => paid],
  ])("delays a verified %s: the shopper's own return goes first", async (name, body) => {
    const { deliver, deliveries, queueOptions } = harness()
    const { res } = await deliver(body(), signed(body()))
    expect(res.body).toEqual({ received: true })
    expect(deliveries()).toEqual([name])
    expect(queueOptions).toEqual([{ delay: 2500, attempts: 3 }])
  })

  it.each(["order.success", "installment.tracker.approved"])(
    "emits a verified %s about an order's debt link at once: no shopper return to wait for",
    async (name) => {
      const { deliver, emitted, queueOptions } = harness()
      const metadata = { session_id: "payses_1", currency: "SAR", medusa_order_id: "order_01", medusa_order_display_id: "12" }
      const body = event(name, transactionData("success", { metadata }))
      const { res } = await deliver(body, signed(body))
      expect(res.body).toEqual({ received: true })
      expect(emitted).toEqual([received(name)])
      expect(queueOptions).toEqual([{ attempts: 3 }])
    }
  )

  it.each([
    ["modal.closed", () => modal, { payment_link_id: LINK_ID }],
    ["order.created", () => event("order.created", transactionData("pending")), {}],
    [
      "order.updated",
      () => event("order.updated", transactionData("partially refunded", { refunded_amount: "10.00" })),
      { transaction_id: TX_ID },
    ],
    ["order.failed", () => event("order.failed", transactionData("fail")), {}],
    ["order.disputed", () => event("order.disputed", transactionData("success")), { transaction_id: TX_ID, occurred_at: SENT_AT }],
    ["installment.tracker.rejected", () => event("installment.tracker.rejected", transactionData("fail")), {}],
    ["payment_link.expired", () => event("payment_link.expired", { id: LINK_ID }), { payment_link_id: LINK_ID }],
  ])("emits a verified %s at once, once, and never hands it to Medusa", async (name, body, fields) => {
    const { deliver, emitted, queueOptions } = harness()
    const first = await deliver(body(), signed(body()))
    expect(first.res.statusCode).toBe(200)
    expect(first.res.body).toEqual({ received: true })
    expect(first.next).not.toHaveBeenCalled()
    expect(emitted).toHaveLength(1)
    expect(emitted[0]).toMatchObject({ name: "installments.webhook_received", data: { event_name: name, ...fields } })
    expect(queueOptions).toEqual([{ attempts: 3 }])
    const replay = await deliver(body(), signed(body()))
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
    expect(emitted).toHaveLength(1)
  })

  it("verifies with the kept keys, and reads them fresh only before refusing a delivery", async () => {
    const rotated = generateWebhookKeyPair()
    // Kept: the first registration's key; stored now: a re-registration made in another process.
    const { deliver, keyReads } = harness((fresh) => [{ prefix: "whk_1", publicKey: fresh ? rotated.publicKey : keys.publicKey }])
    const old = await deliver(paid, signed(paid))
    expect(old.res.body).toEqual({ received: true })
    expect(keyReads).toEqual([false])
    const second = event("order.success", transactionData("success"), "evt_second")
    const renewed = await deliver(second, signed(second, rotated.privateKey))
    expect(renewed.res.body).toEqual({ received: true })
    expect(keyReads).toEqual([false, false, true])
    const forged = event("order.success", transactionData("success"), "evt_forged")
    const refused = await deliver(forged, signed(forged, generateWebhookKeyPair().privateKey))
    expect(refused.res.statusCode).toBe(401)
    expect(refused.res.body).toEqual(UNVERIFIED_BODY)
    expect(keyReads).toEqual([false, false, true, false, true])
  })

  it.each([
    ["unsigned", () => ({ "content-type": "application/json" }), "missing_signature", undefined],
    ["signed with another key", () => signed(modal, generateWebhookKeyPair().privateKey), "bad_signature", undefined],
    ["signed under an unknown prefix", () => signed(modal, keys.privateKey, "whk_other"), "unknown_key", undefined],
    [
      "signed under an unknown prefix with no key stored at all",
      () => signed(modal, keys.privateKey, "whk_other"),
      "unknown_key",
      [] as Keys,
    ],
  ])("answers 401 to a delivery %s with the one generic body, the reason in the log only", async (_case, headers, reason, stored) => {
    const { deliver, logged } = harness(stored)
    const { res, next } = await deliver(modal, headers() as Record<string, string>)
    expect(res.statusCode).toBe(401)
    expect(res.body).toEqual({ type: "unauthorized", message: "The webhook delivery could not be verified." })
    expect(next).not.toHaveBeenCalled()
    expect(logged.join("\n")).toContain(reason)
    expect(logged.join("\n")).not.toContain(LINK_ID)
  })

  it("asks only for the keys of the registration and environment the delivery was sent to", async () => {
    const { deliver, owners } = harness()
    await deliver(modal, signed(modal))
    expect(owners).toEqual([{ provider_id: "installments", environment: "sandbox" }])
  })

  it.each([
    ["an encoded underscore", "installments_installments", "/hooks/payment/installments%5Finstallments"],
    ["Medusa's pp_ spelling", "pp_installments_installments", "/hooks/payment/pp_installments_installments"],
    ["an encoded pp_ spelling", "pp_installments_installments", "/hooks/payment/pp%5Finstallments%5Finstallments"],
  ])("verifies the provider as Medusa decodes it: %s is refused unsigned", async (_case, provider, rawPath) => {
    const { deliver } = harness()
    const { res, next } = await deliver(modal, { "content-type": "application/json" }, provider, rawPath)
    expect(res.statusCode).toBe(401)
    expect(next).not.toHaveBeenCalled()
  })

  it("leaves deliveries for other providers untouched", async () => {
    const { deliver, emitted } = harness()
    const { res, next } = await deliver(modal, { "content-type": "application/json" }, "stripe_stripe")
    expect(next).toHaveBeenCalledTimes(1)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBeUndefined()
    expect(emitted).toEqual([])
  })

  it("answers 401 when no key is configured at all, telling the merchant's log how to fix it", async () => {
    const { deliver, logged } = harness([])
    const { res } = await deliver(modal, signed(modal))
    expect(res.statusCode).toBe(401)
    expect(res.body).toEqual(UNVERIFIED_BODY)
    expect(logged.join("\n")).toMatch(/No webhook public keys are configured/)
  })

  it("answers 400 to a signed body that is not an event", async () => {
    const { deliver } = harness()
    const body = JSON.stringify({ hello: "world" })
    expect((await deliver(body, signed(body))).res.statusCode).toBe(400)
  })

  it("answers a provider id that is not registered exactly as a delivery no key verifies: the generic 401, the id in the log only", async () => {
    const { deliver, logged } = harness()
    const unknown = await deliver(modal, signed(modal), "installments_unknown")
    const refused = await deliver(modal, { "content-type": "application/json", "x-signature": "AAAA", "x-api-key": "whk_guess" })
    expect(unknown.res.statusCode).toBe(401)
    expect(unknown.res.body).toEqual(UNVERIFIED_BODY)
    expect([unknown.res.statusCode, unknown.res.body]).toEqual([refused.res.statusCode, refused.res.body])
    expect(JSON.stringify(unknown.res.body)).not.toContain("unknown")
    expect(unknown.next).not.toHaveBeenCalled()
    expect(logged).toContain('installments: webhook refused: no installments payment provider is registered with id "unknown"')
    // An empty body gets the same answer as on a registered path: nothing tells the two apart.
    const empty = await deliver("", { "content-type": "application/json" }, "installments_unknown")
    expect(empty.res.statusCode).toBe((await deliver("", { "content-type": "application/json" })).res.statusCode)
  })

  it("refuses a signed delivery without a readable created_at with a 400 the service does not retry, and neither records nor processes it", async () => {
    for (const createdAt of [undefined, null, "", "yesterday", "2026-03-31"]) {
      const { deliver, emitted, seen, logged } = harness()
      const body = JSON.stringify({
        id: "evt_undated",
        event: "order.disputed",
        created_at: createdAt,
        data: transactionData("success"),
      })
      const { res, next } = await deliver(body, signed(body))
      expect([createdAt, res.statusCode, res.body]).toEqual([createdAt, 400, UNDATED_BODY])
      expect(next).not.toHaveBeenCalled()
      expect(emitted).toEqual([])
      expect(seen.size).toBe(0)
      expect(logged.join("\n")).toMatch(
        /webhook "evt_undated" refused on provider installments: The webhook event has no readable created_at/
      )
    }
  })

  it("names the transaction of a refund change, so the plugin's ledger follows it", async () => {
    const { deliver, emitted } = harness()
    const body = event("order.updated", transactionData("partially refunded", { refunded_amount: "10.00" }))
    const { res } = await deliver(body, signed(body))
    expect(res.statusCode).toBe(200)
    expect(emitted).toEqual([received("order.updated", { transaction_id: TX_ID })])
  })

  it.each(["order.failed", "installment.tracker.rejected"])("emits a verified %s with the link and session", async (name) => {
    const { deliver, emitted } = harness()
    const body = event(name, transactionData("fail"))
    await deliver(body, signed(body))
    expect(emitted).toEqual([received(name)])
  })

  it("emits a verified order.disputed with the disputed transaction and when it was reported", async () => {
    const { deliver, emitted } = harness()
    const body = event("order.disputed", transactionData("success"))
    await deliver(body, signed(body))
    expect(emitted).toEqual([received("order.disputed", { transaction_id: TX_ID, occurred_at: SENT_AT })])
  })

  it("makes the verdict kept for public asks about the link forgotten, so the shopper's next ask reads the link (D54)", async () => {
    const expected = { session_id: "payses_1", amount: 10_000n, currency_code: "sar" }
    const unpaid = { status: "requires_more" as never, reason: "not paid yet", failedAttempts: 0 }
    const read = jest.fn(async () => ({ ...unpaid, status: "captured" as never }))
    const { deliver } = harness()
    recentPaidVerdicts.remember(LINK_ID, expected, unpaid, 0)
    // Forged: the kept verdict stays.
    await deliver(modal, signed(modal, generateWebhookKeyPair().privateKey))
    expect(await recentPaidVerdicts.askedVerdictOf(LINK_ID, expected, 0, read)).toBe(unpaid)
    await deliver(modal, signed(modal))
    expect((await recentPaidVerdicts.askedVerdictOf(LINK_ID, expected, 0, read)).status).toBe("captured")
    expect(read).toHaveBeenCalledTimes(1)
    recentPaidVerdicts.clear()
  })

  it("refuses a signed delivery dated more than an hour ahead with a 400, and neither records nor processes it (D55)", async () => {
    const { deliver, emitted, seen, logged } = harness()
    const ahead = (ms: number) =>
      event("order.success", transactionData("success"), `evt_ahead_${ms}`, new Date(Date.now() + ms).toISOString())
    // Two days ahead: processed now, it would still be processed after its record is pruned.
    const far = ahead(2 * 24 * 60 * 60_000)
    const refused = await deliver(far, signed(far))
    expect(refused.res.statusCode).toBe(400)
    expect(refused.res.body).toEqual(FUTURE_BODY)
    expect(seen.size).toBe(0)
    expect(emitted).toEqual([])
    expect(logged.join("\n")).toMatch(/evt_ahead_.* more than an hour ahead/)
    // A few minutes of clock skew is processed as usual.
    const near = ahead(5 * 60_000)
    expect((await deliver(near, signed(near))).res.body).toEqual({ received: true })
  })

  it("logs a flood of forged deliveries in a bounded number of lines, answering and counting every one", async () => {
    const { deliver, logged } = harness()
    const forger = generateWebhookKeyPair()
    const answers = []
    for (let i = 0; i < 200; i++) {
      const body = event("order.success", transactionData("success"), `evt_forged_${i}`)
      answers.push((await deliver(body, signed(body, forger.privateKey))).res.statusCode)
    }
    expect(answers).toEqual(Array(200).fill(401))
    const lines = logged.filter((line) => line.includes("webhook"))
    expect(lines.length).toBeLessThanOrEqual(11)
    expect(lines[0]).toMatch(/webhook refused on provider installments: bad_signature/)
  })

  it("does not announce a refused delivery", async () => {
    const { deliver, emitted } = harness()
    const body = event("order.failed", transactionData("fail"))
    await deliver(body, { "content-type": "application/json" })
    expect(emitted).toEqual([])
  })

  it("releases the delivery id when handing it on fails, so the service's retry is processed", async () => {
    const { deliver, failEmits, emitted } = harness()
    const body = event("order.updated", transactionData("partially refunded", { refunded_amount: "10.00" }))
    failEmits.count = 1
    await expect(deliver(body, signed(body))).rejects.toThrow(/event bus unavailable/)
    const retry = await deliver(body, signed(body))
    expect(retry.res.body).toEqual({ received: true })
    expect(emitted).toHaveLength(1)
    // A true replay after that is still a duplicate.
    const replay = await deliver(body, signed(body))
    expect(replay.next).not.toHaveBeenCalled()
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
  })

  it("releases the delivery id when a paid delivery cannot be queued", async () => {
    const { deliver, failEmits, deliveries } = harness()
    const approved = event("installment.tracker.approved", transactionData("success"))
    failEmits.count = 1
    await expect(deliver(approved, signed(approved))).rejects.toThrow(/event bus unavailable/)
    const retry = await deliver(approved, signed(approved))
    expect(retry.res.body).toEqual({ received: true })
    expect(deliveries()).toEqual(["installment.tracker.approved"])
    const replay = await deliver(approved, signed(approved))
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
  })
})

describe("verifyInstallmentsWebhook: event ids and names as the live service may send them", () => {
  it("emits an order.success with id evt_1 and a transaction of only id, status and amount, naming no session", async () => {
    const { deliver, emitted, seen } = harness()
    const body = JSON.stringify({
      id: "evt_1",
      event: "order.success",
      created_at: SENT_AT,
      data: { id: TX_ID, status: "success", amount: "100.00", payment_link_id: LINK_ID },
    })
    const { res } = await deliver(body, signed(body))
    expect(res.statusCode).toBe(200)
    expect([...seen]).toEqual(["evt_1"])
    expect(emitted).toEqual([
      {
        name: "installments.webhook_received",
        data: {
          provider_id: "pp_installments_installments",
          event_id: "evt_1",
          event_name: "order.success",
          payment_link_id: LINK_ID,
        },
      },
    ])
  })

  it("dedupes a delivery without id on the SHA-256 of its raw body", async () => {
    const { deliver, seen } = harness()
    const body = JSON.stringify({ event: "modal.closed", created_at: SENT_AT, data: { payment_link_id: LINK_ID } })
    const first = await deliver(body, signed(body))
    expect(first.res.body).toEqual({ received: true })
    expect([...seen]).toEqual([`sha256:${createHash("sha256").update(body).digest("hex")}`])
    const replay = await deliver(body, signed(body))
    expect(replay.next).not.toHaveBeenCalled()
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
    // Another body (another event) without id is another delivery.
    const other = JSON.stringify({ event: "modal.closed", data: { payment_link_id: LINK_ID }, created_at: new Date().toISOString() })
    expect((await deliver(other, signed(other))).res.body).toEqual({ received: true })
  })

  it("acknowledges a delivery older than the retention by its signed created_at, and neither records nor processes it", async () => {
    const { deliver, emitted, seen, logged } = harness()
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000).toISOString()
    const old = event("order.success", transactionData("success"), "evt_old", days(31))
    const { res, next } = await deliver(old, signed(old))
    expect(res.statusCode).toBe(200)
    expect(res.body).toEqual({ received: true, ignored: true })
    expect(next).not.toHaveBeenCalled()
    expect(emitted).toEqual([])
    expect(seen.size).toBe(0)
    expect(logged).toEqual(['installments: webhook "evt_old" is older than 30 days; acknowledged and ignored'])

    // Inside the retention it is processed as usual.
    const recent = event("order.success", transactionData("success"), "evt_recent", days(29))
    expect((await deliver(recent, signed(recent))).res.body).toEqual({ received: true })
    expect(seen.has("evt_recent")).toBe(true)
  })

  it("acknowledges a signed event the plugin does not know with 200, and does nothing with it", async () => {
    const { deliver, emitted, seen, logged } = harness()
    const body = JSON.stringify({ id: "evt_new", event: "payout.settled\nFAKE LOG LINE", data: { amount: "5.00" } })
    const { res, next } = await deliver(body, signed(body))
    expect(res.statusCode).toBe(200)
    expect(res.body).toEqual({ received: true, ignored: true })
    expect(next).not.toHaveBeenCalled()
    expect(emitted).toEqual([])
    expect(seen.size).toBe(0)
    expect(logged).toEqual([
      'installments: webhook event "payout.settled?FAKE LOG LINE" is not one the plugin handles; acknowledged and ignored',
    ])
  })

  it("still refuses an unknown event that is not signed", async () => {
    const { deliver } = harness()
    const body = JSON.stringify({ id: "evt_new", event: "payout.settled", data: {} })
    expect((await deliver(body, { "content-type": "application/json" })).res.statusCode).toBe(401)
  })

  it("emits a refund change from an order.updated of only the transaction id", async () => {
    const { deliver, emitted } = harness()
    const body = JSON.stringify({ id: 7, event: "order.updated", created_at: SENT_AT, data: { id: TX_ID } })
    const { res } = await deliver(body, signed(body))
    expect(res.body).toEqual({ received: true })
    expect(emitted).toEqual([
      {
        name: "installments.webhook_received",
        data: { provider_id: "pp_installments_installments", event_id: "7", event_name: "order.updated", transaction_id: TX_ID },
      },
    ])
  })

  it("emits payment_link.expired of only the link id", async () => {
    const { deliver, emitted } = harness()
    const body = JSON.stringify({ id: "e-9", event: "payment_link.expired", created_at: SENT_AT, data: { id: LINK_ID } })
    await deliver(body, signed(body))
    expect(emitted).toEqual([
      {
        name: "installments.webhook_received",
        data: {
          provider_id: "pp_installments_installments",
          event_id: "e-9",
          event_name: "payment_link.expired",
          payment_link_id: LINK_ID,
        },
      },
    ])
  })

  it("answers 400 naming the field when a known event lacks its link id", async () => {
    const { deliver } = harness()
    const body = JSON.stringify({ id: "evt_2", event: "order.success", data: { id: TX_ID } })
    const { res } = await deliver(body, signed(body))
    expect(res.statusCode).toBe(400)
    expect((res.body as { message: string }).message).toContain("data.payment_link_id")
  })
})

describe("verifyInstallmentsWebhook: bodies no parser kept", () => {
  it("answers 415 to a body sent with a content type Medusa does not parse, saying which to use", async () => {
    const { deliver, seen, logged } = harness()
    const body = "<event>order.success</event>"
    const { res, next } = await deliver(body, {
      ...signed(body),
      "content-type": "application/xml",
      "content-length": "29",
      "x-no-raw-body": "1",
    })
    expect(res.statusCode).toBe(415)
    expect(res.body).toEqual({
      type: "invalid_data",
      reason: "unsupported_media_type",
      message: "Webhook deliveries must be sent with Content-Type: application/json.",
    })
    expect(next).not.toHaveBeenCalled()
    expect(seen.size).toBe(0)
    expect(logged).toEqual(["installments: webhook refused on provider installments: unsupported_media_type"])
  })

  it.each([
    ["no body at all", { "content-length": "0", "x-no-raw-body": "1" }],
    ["an empty JSON body", { "content-type": "application/json", "content-length": "0" }],
  ])("answers 400 to a request with %s", async (_case, headers) => {
    const { deliver } = harness()
    const { res, next } = await deliver("", headers)
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ reason: "empty_body", message: expect.stringContaining("has no body") })
    expect(next).not.toHaveBeenCalled()
  })
})

describe("the webhook middleware's route", () => {
  const route = middlewares.routes!.find((r) => (r.middlewares ?? []).includes(verifyInstallmentsWebhook as never))!

  it("is mounted on Medusa's own webhook route pattern, with the raw body kept", () => {
    expect(route.matcher).toBe(WEBHOOK_ROUTE_MATCHER)
    expect(route.matcher).toBe("/hooks/payment/:provider")
    expect(route.bodyParser).toMatchObject({ preserveRawBody: true })
  })

  it("refuses an unsigned delivery on every spelling of the path that reaches the provider", async () => {
    const { emitted } = harness()
    const app = express()
    const reached: string[] = []
    const scope = {
      resolve: (name: string) =>
        ({
          logger: { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined },
          configModule: config,
          [Modules.EVENT_BUS]: { emit: async (e: unknown) => emitted.push(e as never) },
        })[name],
    }
    app.use(express.raw({ type: "*/*" }), (req, _res, next) => {
      Object.assign(req, { scope, rawBody: req.body })
      next()
    })
    // As Medusa registers a route middleware with methods, then its own route handler.
    app.post(String(route.matcher), (req, res, next) => {
      verifyInstallmentsWebhook(req as never, res as never, next).catch(next)
    })
    app.post("/hooks/payment/:provider", (req, res) => {
      reached.push(req.params.provider)
      res.sendStatus(200)
    })
    const server = app.listen(0, "127.0.0.1")
    await new Promise((resolve) => server.once("listening", resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const body = event("order.success", transactionData("success"))
      const post = (path: string) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body })
      for (const path of [
        "/hooks/payment/installments_installments",
        "/hooks/payment/installments%5Finstallments",
        "/hooks/payment/%69nstallments_installments",
        "/hooks/payment/pp_installments_installments",
      ]) {
        expect({ path, status: (await post(path)).status }).toEqual({ path, status: 401 })
      }
      expect(reached).toEqual([])
      expect((await post("/hooks/payment/stripe_stripe")).status).toBe(200)
      expect(reached).toEqual(["stripe_stripe"])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe("installmentsProviderOptions", () => {
  it("finds a registration by id and validates its options", () => {
    expect(installmentsProviderOptions(config as never, asRegistrationId("installments"))).toMatchObject({ checkoutMode: "both" })
    expect(installmentsProviderOptions(config as never, asRegistrationId("stripe"))).toBeUndefined()
    expect(installmentsProviderOptions({ modules: [] } as never, asRegistrationId("installments"))).toBeUndefined()
  })
})

describe("refuseInstallmentsWebhookMethod", () => {
  const route = middlewares.routes!.find((r) => (r.middlewares ?? []).includes(refuseInstallmentsWebhookMethod as never))!

  function call(provider: string, method: string) {
    const res = fakeResponse()
    const next = jest.fn()
    refuseInstallmentsWebhookMethod({ method, params: { provider }, path: `/hooks/payment/${provider}` } as never, res as never, next)
    return { res, next }
  }

  it("is mounted on the webhook route for every method but POST", () => {
    expect(route.matcher).toBe(WEBHOOK_ROUTE_MATCHER)
    expect((route as { methods?: string[] }).methods).toEqual(["GET", "PUT", "PATCH", "DELETE"])
  })

  it.each(["GET", "PUT", "PATCH", "DELETE"])("answers %s on an installments path with 405, Allow: POST and a message", (method) => {
    const { res, next } = call("pp_installments_installments", method)
    expect(next).not.toHaveBeenCalled()
    expect(res.statusCode).toBe(405)
    expect(res.headers).toEqual({ Allow: "POST" })
    expect(res.body).toEqual({
      type: "not_allowed",
      message: `Webhook deliveries are POST requests; ${method} is not accepted on this path.`,
    })
  })

  it("leaves other providers' paths alone", () => {
    const { res, next } = call("stripe_stripe", "GET")
    expect(next).toHaveBeenCalledTimes(1)
    expect(res.statusCode).toBe(200)
  })
})
