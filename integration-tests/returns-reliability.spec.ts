import { storeSuite } from "./helpers/store-suite"
import { reliabilityScenarios } from "./scenarios/reliability"
import { returnScenarios } from "./scenarios/returns"
import { securityScenarios } from "./scenarios/security"

// The plugin in a second booted Medusa, run beside installments.spec.ts: returns that become
// refunds, reliability under faults, load and bad input, and security (the longest scenarios, which would
// otherwise double the first file's time).
storeSuite((ctx) => {
  describe("returns become refunds", () => returnScenarios(ctx))
  describe("reliability under faults, load and bad input", () => reliabilityScenarios(ctx))
  describe("security: what a shopper, a forger or a spreadsheet can do", () => securityScenarios(ctx))
})
