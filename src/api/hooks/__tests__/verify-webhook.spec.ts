import express from "express"
import type { AddressInfo } from "node:net"
import { Modules } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../../lib/webhooks"
import middlewares from "../../middlewares"
import { verifyInstallmentsWebhook, WEBHOOK_ROUTE_MATCHER } from "../verify-webhook"
import { installmentsProviderOptions } from "../../../providers/installments/registration"
import { VERIFIED_MARKER_HEADER, verifiedMarker } from "../../../providers/installments/verified-marker"

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
const config = {
  modules: {
    [Modules.PAYMENT]: {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "medusa-payment-installments/providers/installments", id: "installments", options: providerOptions },
          { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
        ],
      },
    },
  },
}

function harness(registeredKeys: { prefix: string; publicKey: string }[] = [{ prefix: "whk_1", publicKey: keys.publicKey }]) {
  const seen = new Set<string>()
  const emitted: { name: string; data: unknown }[] = []
  const logged: string[] = []
  const failEmits = { count: 0 }
  const module = {
    webhookKeysForVerification: async () => registeredKeys,
    recordWebhookEvent: async ({ event_id }: { event_id: string }) => (seen.has(event_id) ? false : (seen.add(event_id), true)),
    forgetWebhookEvent: async (eventId: string) => {
      seen.delete(eventId)
    },
  }
  const scope = {
    resolve: (name: string) =>
      ({
        logger: { warn: (m: string) => logged.push(m), info: (m: string) => logged.push(m), error: (m: string) => logged.push(m) },
        configModule: config,
        installments: module,
        [Modules.EVENT_BUS]: {
          emit: async (event: { name: string; data: unknown }) => {
            if (failEmits.count > 0) {
              failEmits.count--
              throw new Error("event bus unavailable")
            }
            emitted.push(event)
          },
        },
      })[name],
  }

  /** Calls the middleware as Express would on Medusa's route: `provider` is the decoded parameter. */
  async function deliver(
    body: string,
    headers: Record<string, string>,
    provider = "installments_installments",
    rawPath = `/hooks/payment/${provider}`
  ) {
    const listeners: Record<string, () => void> = {}
    const res = {
      statusCode: 200,
      body: undefined as unknown,
      status(code: number) {
        this.statusCode = code
        return this
      },
      json(payload: unknown) {
        this.body = payload
        return this
      },
      once(name: string, listener: () => void) {
        listeners[name] = listener
        return this
      },
    }
    const req = { scope, params: { provider }, originalUrl: rawPath, path: rawPath, headers: { ...headers }, rawBody: Buffer.from(body) }
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
  return { deliver, emitted, logged, failEmits, seen }
}

function event(name: string, data: Record<string, unknown>, id = "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed") {
  return JSON.stringify({ id, event: name, created_at: "2026-01-01T10:00:00Z", data })
}
const signed = (body: string, privateKey = keys.privateKey, keyPrefix = "whk_1") =>
  signedDeliveryHeaders({ payload: body, privateKey, keyPrefix })

const TX_ID = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"

/** What the middleware emits for a verified delivery the plugin follows up on. */
function verifiedAnnouncement(name: string, extra: Record<string, unknown> = {}) {
  const data = { provider_id: "installments", event_id: "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", event_name: name }
  return { name: "installments.webhook_verified", data: { ...data, payment_link_id: LINK_ID, session_id: "payses_1", ...extra } }
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

describe("verifyInstallmentsWebhook", () => {
  const modal = event("modal.closed", { payment_link_id: LINK_ID, metadata: {} })

  it("passes a correctly signed delivery on to Medusa, once", async () => {
    const { deliver } = harness()
    const first = await deliver(modal, signed(modal))
    expect(first.next).toHaveBeenCalledTimes(1)
    const replay = await deliver(modal, signed(modal))
    expect(replay.next).not.toHaveBeenCalled()
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
  })

  it.each([
    ["unsigned", () => ({ "content-type": "application/json" }), "missing_signature"],
    ["signed with another key", () => signed(modal, generateWebhookKeyPair().privateKey), "bad_signature"],
    ["signed under an unknown prefix", () => signed(modal, keys.privateKey, "whk_other"), "unknown_key"],
  ])("answers 401 to a delivery %s and logs no body", async (_case, headers, reason) => {
    const { deliver, logged } = harness()
    const { res, next } = await deliver(modal, headers() as Record<string, string>)
    expect(res.statusCode).toBe(401)
    expect(res.body).toMatchObject({ reason })
    expect(next).not.toHaveBeenCalled()
    expect(logged.join("\n")).not.toContain(LINK_ID)
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
    const { deliver } = harness()
    const headers = { "content-type": "application/json", [VERIFIED_MARKER_HEADER]: "theirs" }
    const { res, next, req } = await deliver(modal, headers, "stripe_stripe")
    expect(next).toHaveBeenCalledTimes(1)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBeUndefined()
    expect(req.headers[VERIFIED_MARKER_HEADER]).toBe("theirs")
  })

  it("marks a verified delivery for the provider, replacing any copy sent from outside", async () => {
    const { deliver } = harness()
    const headers = { ...signed(modal), [VERIFIED_MARKER_HEADER]: "forged" }
    const { next, req } = await deliver(modal, headers)
    expect(next).toHaveBeenCalledTimes(1)
    expect(req.headers[VERIFIED_MARKER_HEADER]).toBe(verifiedMarker(SECRET, Buffer.from(modal)))
  })

  it("strips an incoming marker from a delivery it refuses", async () => {
    const { deliver } = harness()
    const forgedMarker = verifiedMarker(SECRET, Buffer.from(modal))
    const { res, req } = await deliver(modal, { "content-type": "application/json", [VERIFIED_MARKER_HEADER]: forgedMarker })
    expect(res.statusCode).toBe(401)
    expect(req.headers[VERIFIED_MARKER_HEADER]).toBeUndefined()
  })

  it("answers 401 when no key is configured at all, saying how to fix it", async () => {
    const { deliver } = harness([])
    const { res } = await deliver(modal, signed(modal))
    expect(res.statusCode).toBe(401)
    expect((res.body as { message: string }).message).toMatch(/No webhook public keys are configured/)
  })

  it("answers 400 to a signed body that is not an event", async () => {
    const { deliver } = harness()
    const body = JSON.stringify({ hello: "world" })
    expect((await deliver(body, signed(body))).res.statusCode).toBe(400)
  })

  it("answers 404 for a provider id that is not registered", async () => {
    const { deliver } = harness()
    const { res, next } = await deliver(modal, signed(modal), "installments_unknown")
    expect(res.statusCode).toBe(404)
    expect(next).not.toHaveBeenCalled()
  })

  it("announces refund changes so the plugin's ledger follows them", async () => {
    const { deliver, emitted } = harness()
    const body = event("order.updated", transactionData("partially refunded", { refunded_amount: "10.00" }))
    const { next } = await deliver(body, signed(body))
    expect(next).toHaveBeenCalled()
    expect(emitted).toEqual([{ name: "installments.refunds_changed", data: { provider_id: "installments", transaction_id: TX_ID } }])
  })

  it.each(["order.success", "order.failed", "installment.tracker.rejected"])(
    "announces a verified %s for the plugin's follow-ups, with the link and session",
    async (name) => {
      const { deliver, emitted } = harness()
      const body = event(name, transactionData(name === "order.success" ? "success" : "fail"))
      await deliver(body, signed(body))
      expect(emitted).toEqual([verifiedAnnouncement(name)])
    }
  )

  it("announces a verified order.disputed with the disputed transaction and when it was reported", async () => {
    const { deliver, emitted } = harness()
    const body = event("order.disputed", transactionData("success"))
    await deliver(body, signed(body))
    expect(emitted).toEqual([verifiedAnnouncement("order.disputed", { transaction_id: TX_ID, occurred_at: "2026-01-01T10:00:00Z" })])
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
    expect(retry.next).toHaveBeenCalledTimes(1)
    expect(retry.res.body).toBeUndefined()
    expect(emitted).toHaveLength(1)
    // A true replay after that is still a duplicate.
    const replay = await deliver(body, signed(body))
    expect(replay.next).not.toHaveBeenCalled()
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
  })

  it("releases the delivery id when Medusa's route does not accept it", async () => {
    const { deliver } = harness()
    const first = await deliver(modal, signed(modal))
    await first.finish(400)
    const retry = await deliver(modal, signed(modal))
    expect(retry.next).toHaveBeenCalledTimes(1)
    await retry.finish(200)
    const replay = await deliver(modal, signed(modal))
    expect(replay.res.body).toEqual({ received: true, duplicate: true })
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
          logger: { warn: () => undefined, info: () => undefined, error: () => undefined },
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
    expect(installmentsProviderOptions(config as never, "installments")).toMatchObject({ checkoutMode: "both" })
    expect(installmentsProviderOptions(config as never, "stripe")).toBeUndefined()
    expect(installmentsProviderOptions({ modules: [] } as never, "installments")).toBeUndefined()
  })
})
