import { storeSuite } from "./helpers/store-suite"
import { backgroundWorkScenarios } from "./scenarios/background-work"
import { reliabilityScenarios } from "./scenarios/reliability"
import { returnScenarios } from "./scenarios/returns"
import { sharedAccountScenarios } from "./scenarios/shared-account"

// The plugin in a second booted Medusa, run beside installments.spec.ts: returns that become
// refunds, reliability under faults, load and bad input, two stores on one merchant account, and
// background work (the longest scenarios, which would otherwise double the first file's time).
storeSuite((ctx) => {
  describe("returns become refunds", () => returnScenarios(ctx))
  describe("reliability under faults, load and bad input", () => reliabilityScenarios(ctx))
  describe("two stores on one merchant account", () => sharedAccountScenarios(ctx))
  // Last: its final scenario moves the sandbox's clock on.
  describe("background work costs what is live", () => backgroundWorkScenarios(ctx))
})
