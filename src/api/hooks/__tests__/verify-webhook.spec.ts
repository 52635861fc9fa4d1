import { Modules } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../../lib/webhooks"
import { verifyInstallmentsWebhook } from "../verify-webhook"
import { installmentsProviderOptions } from "../../../providers/installments/registration"

const keys = generateWebhookKeyPair()
const LINK_ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2"
const providerOptions = {
  secretKey: "sk_secret_never_logged",
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
  const emitted: unknown[] = []
  const logged: string[] = []
  const module = {
    webhookKeysForVerification: async () => registeredKeys,
    recordWebhookEvent: async ({ event_id }: { event_id: string }) => (seen.has(event_id) ? false : (seen.add(event_id), true)),
  }
  const scope = {
    resolve: (name: string) =>
      ({
        logger: { warn: (m: string) => logged.push(m), info: (m: string) => logged.push(m) },
        configModule: config,
        installments: module,
        [Modules.EVENT_BUS]: { emit: async (event: unknown) => emitted.push(event) },
      })[name],
  }
  async function deliver(body: string, headers: Record<string, string>, path = "/hooks/payment/installments_installments") {
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
    }
    const next = jest.fn()
    await verifyInstallmentsWebhook({ scope, originalUrl: path, path, headers, rawBody: Buffer.from(body) } as never, res as never, next)
    return { res, next }
  }
  return { deliver, emitted, logged }
}

function event(name: string, data: Record<string, unknown>, id = "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed") {
  return JSON.stringify({ id, event: name, created_at: "2026-01-01T10:00:00Z", data })
}
const signed = (body: string, privateKey = keys.privateKey, keyPrefix = "whk_1") =>
  signedDeliveryHeaders({ payload: body, privateKey, keyPrefix })

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
    const { res, next } = await deliver(modal, signed(modal), "/hooks/payment/installments_unknown")
    expect(res.statusCode).toBe(404)
    expect(next).not.toHaveBeenCalled()
  })

  it("announces refund changes so the plugin's ledger follows them", async () => {
    const { deliver, emitted } = harness()
    const tx = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
    const body = event("order.updated", {
      id: tx,
      status: "partially refunded",
      type: "SANDBOX",
      created_at: "2026-01-01T10:00:00Z",
      is_refundable: true,
      amount: "100.00",
      refunded_amount: "10.00",
      payment_link_id: LINK_ID,
    })
    const { next } = await deliver(body, signed(body))
    expect(next).toHaveBeenCalled()
    expect(emitted).toEqual([{ name: "installments.refunds_changed", data: { provider_id: "installments", transaction_id: tx } }])
  })
})

describe("installmentsProviderOptions", () => {
  it("finds a registration by id and validates its options", () => {
    expect(installmentsProviderOptions(config as never, "installments")).toMatchObject({ checkoutMode: "both" })
    expect(installmentsProviderOptions(config as never, "stripe")).toBeUndefined()
    expect(installmentsProviderOptions({ modules: [] } as never, "installments")).toBeUndefined()
  })
})
