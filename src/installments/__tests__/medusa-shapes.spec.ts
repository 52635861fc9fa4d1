import { registerMedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import { medusaWebhookQueueOptions } from "../webhooks/medusa-webhook-queue"
import { installmentsProviderOptions, installmentsRegistrationIds } from "../registrations/lookup"
import { configWithPayment, paymentServiceWith } from "./medusa-shapes"
import { asRegistrationId } from "../registrations/provider-ids"

// The unit tests' stand-ins for Medusa's config module and Payment module (./medusa-shapes.ts),
// checked against the Medusa installed here, so a Medusa upgrade that moves either shows here first.
const providerOptions = {
  secretKey: "sk_x",
  publicKey: "sandbox-pk",
  storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  baseUrl: "https://installments.test",
  callbackUrl: "https://shop.test/return?s={session_id}",
  paidVerdictReuseMs: 0,
}
const paymentOptions = {
  webhook_delay: 200,
  webhook_retries: 4,
  providers: [
    { resolve: "medusa-payment-installments/providers/installments", id: "installments", options: providerOptions },
    { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
  ],
}

/** The Payment module's service as Medusa 2.21's loader builds it (modules-sdk load-internal.js: `new moduleService(cradle, resolution.options, resolution.moduleDeclaration)`). */
function loadedPaymentService(config: ReturnType<typeof configWithPayment>) {
  const resolution = registerMedusaModule({
    moduleKey: Modules.PAYMENT,
    moduleDeclaration: (config.modules as Record<string, never>)[Modules.PAYMENT],
    cwd: process.cwd(),
  })[Modules.PAYMENT]
  // The service's own type declares two parameters; the loader passes three.
  const Service = PaymentModule.service as unknown as new (cradle: object, options: unknown, declaration: unknown) => object
  return new Service({}, resolution.options, resolution.moduleDeclaration)
}
const containerWith = (payment: unknown) => ({ resolve: (name: string) => (name === Modules.PAYMENT ? payment : undefined) }) as never

describe("Medusa 2.21's shapes, as the unit tests' stand-ins have them", () => {
  it("finds the provider's options in the config module defineConfig builds, with or without a module key", () => {
    const keyed = configWithPayment(paymentOptions)
    const unkeyed = configWithPayment(paymentOptions, { key: false })
    for (const config of [keyed, unkeyed]) {
      expect(installmentsRegistrationIds(config)).toEqual(["installments"])
      expect(installmentsProviderOptions(config, asRegistrationId("installments"))).toMatchObject({
        storeId: providerOptions.storeId,
        paidVerdictReuseMs: 0,
      })
    }
    expect(Object.keys((keyed.modules as Record<string, object>)[Modules.PAYMENT]).sort()).toEqual(["options", "resolve"])
  })

  it("keeps the Payment module's options on the loaded service's moduleDeclaration, not .options", () => {
    const service = loadedPaymentService(configWithPayment(paymentOptions)) as unknown as Record<string, unknown>
    expect(service.options).toBeUndefined()
    expect(service.moduleDeclaration).toEqual(paymentServiceWith(paymentOptions).moduleDeclaration)
    expect(medusaWebhookQueueOptions(containerWith(service))).toEqual({ delay: 200, attempts: 4 })
    expect(medusaWebhookQueueOptions(containerWith(paymentServiceWith(paymentOptions)))).toEqual({ delay: 200, attempts: 4 })
  })
})
