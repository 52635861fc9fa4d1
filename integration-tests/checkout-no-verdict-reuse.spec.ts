import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { installmentsProviderOptions, installmentsRegistrationIds } from "../src/installments/registrations/lookup"
import { storeSuite } from "./helpers/store-suite"
import { checkoutScenarios } from "./scenarios/checkout"
import { serviceCallScenarios } from "./scenarios/service-calls"

// The checkout and service-call scenarios again (the shopper and the webhook racing to the same
// link among them), with the provider option `paidVerdictReuseMs: 0`: every paid verdict is read
// fresh from the service, so no scenario may pass only because a verdict was reused
// (installments.spec.ts runs them with the default reuse). medusa-config.ts reads this variable when
// Medusa boots, in the suite's beforeAll; jest gives each spec file its own process.env.
process.env.INSTALLMENTS_PAID_VERDICT_REUSE_MS = "0"

storeSuite((ctx) => {
  it("runs with paidVerdictReuseMs 0 on every installments registration", () => {
    const config = ctx.getContainer().resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    const ids = installmentsRegistrationIds(config)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.map((id) => installmentsProviderOptions(config, id)?.paidVerdictReuseMs)).toEqual(ids.map(() => 0))
  })
  describe("checkout, every paid verdict read fresh", () => checkoutScenarios(ctx))
  describe("service calls, every paid verdict read fresh", () => serviceCallScenarios(ctx))
})
