import nock from "nock"
import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { configWithPayment } from "../../../installments/__tests__/medusa-shapes"
import { useNock } from "../../../lib/__tests__/use-nock"
import { generateWebhookKeyPair } from "../../../lib/webhooks"
import { registerInstallmentsWebhookWorkflow } from ".."
import { asRegistrationId } from "../../../installments/registrations/provider-ids"

const BASE_URL = "https://installments.test"
const keys = generateWebhookKeyPair()
const options = {
  secretKey: "sk_secret_never_logged",
  publicKey: "sandbox-pk",
  storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  baseUrl: BASE_URL,
  callbackUrl: "https://shop.test/return?s={session_id}",
  maxRetries: 0,
}
const config = configWithPayment({ providers: [{ resolve: "./src/providers/installments", id: "installments", options }] })
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

useNock()

function container(store: Record<string, unknown>) {
  const c = createMedusaContainer()
  c.register({ configModule: asValue(config), logger: asValue(silent), installments: asValue(store) })
  return c
}

function mockRegistration() {
  return nock(BASE_URL)
    .post("/api/create-webhook-and-apikey/")
    .reply(201, {
      webhook_endpoint: {
        id: 7,
        url: "https://shop.test/hooks/payment/installments_installments",
        event_type_names: ["order.success"],
      },
      api_key: { name: "webhook", prefix: "whk_live1", public_key: keys.publicKey },
    })
}

describe("registerInstallmentsWebhookWorkflow", () => {
  const input = {
    provider_id: asRegistrationId("installments"),
    url: "https://shop.test/hooks/payment/installments_installments",
    event_type_names: ["order.success" as const],
  }

  it("stores the issued key with an upsert on its prefix", async () => {
    mockRegistration()
    const upserts: unknown[] = []
    const store = {
      upsertWebhookKey: async (key: Record<string, unknown>) => {
        upserts.push(key)
        return { key: { id: "iwk_1", ...key }, previous: undefined }
      },
    }
    const { result } = await registerInstallmentsWebhookWorkflow(container(store)).run({ input })
    expect(upserts).toEqual([expect.objectContaining({ prefix: "whk_live1", public_key: keys.publicKey })])
    expect(result).toMatchObject({ id: "iwk_1", prefix: "whk_live1", endpoint_id: "7" })
  })

  it("when the key cannot be stored, the error carries the prefix and PEM and says to put them in webhookKeys", async () => {
    mockRegistration()
    const store = {
      upsertWebhookKey: async () => {
        throw new Error("connection terminated")
      },
    }
    const { errors } = await registerInstallmentsWebhookWorkflow(container(store)).run({ input, throwOnError: false })
    const message = (errors[0]?.error as Error).message
    expect(message).toContain("whk_live1")
    expect(message).toContain(keys.publicKey.trim())
    expect(message).toMatch(/webhookKeys option of the payment provider "installments"/)
    expect(message).toMatch(/connection terminated/)
    expect(message).not.toContain(options.secretKey)
  })
})
