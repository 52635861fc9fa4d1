import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "./helpers/admin"
import type { SuiteContext } from "./helpers/context"
import { Sandbox, startTestSandbox } from "./helpers/sandbox"
import { Seed, seedStore } from "./helpers/seed"
import { settleWebhooks } from "./helpers/settle"
import { afterSaleScenarios } from "./scenarios/after-sale"
import { backOfficePaymentScenarios } from "./scenarios/back-office-payments"
import { backOfficeReportScenarios } from "./scenarios/back-office-reports"
import { canceledOrderPaymentScenarios } from "./scenarios/canceled-order-payment"
import { checkoutScenarios } from "./scenarios/checkout"
import { reliabilityScenarios } from "./scenarios/reliability"
import { webhookHardeningScenarios } from "./scenarios/webhook-hardening"
import { returnScenarios } from "./scenarios/returns"
import { storefrontPlanScenarios } from "./scenarios/storefront-plans"
import { serviceCallScenarios } from "./scenarios/service-calls"

jest.setTimeout(120_000)

// One spec file boots Medusa once for every scenario: a second Medusa in the same jest process
// fails to load (stock location module: "Map.prototype.set called on incompatible receiver").
let sandbox: Sandbox

// Before Medusa boots: medusa-config.ts reads the sandbox's address and keys from the env.
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox?.stop()
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    let seed: Seed

    // Runs before the runner's first snapshot, so every test starts from this store.
    beforeAll(async () => {
      admin = await adminHeaders(getContainer())
      seed = await seedStore(api, admin)
      const url = `${api.defaults.baseURL}/hooks/payment/installments_installments`
      await api.post("/admin/installments/webhooks", { provider_id: "installments", url }, admin)
    })

    afterEach(async () => {
      await settleWebhooks(sandbox)
    })

    const ctx: SuiteContext = {
      api,
      getContainer,
      get sandbox() {
        return sandbox
      },
      get admin() {
        return admin
      },
      get seed() {
        return seed
      },
    }

    describe("checkout", () => checkoutScenarios(ctx))
    describe("checkout: a payment on a canceled order", () => canceledOrderPaymentScenarios(ctx))
    describe("after the sale", () => afterSaleScenarios(ctx))
    describe("webhook hardening", () => webhookHardeningScenarios(ctx))
    describe("returns become refunds", () => returnScenarios(ctx))
    describe("back office: statements and settlements", () => backOfficeReportScenarios(ctx))
    describe("back office: orders, transactions, payment links, BIN lookup, status", () => backOfficePaymentScenarios(ctx))
    describe("storefront: installment plans", () => storefrontPlanScenarios(ctx))
    describe("service calls per checkout", () => serviceCallScenarios(ctx))
    describe("reliability under faults, load and bad input", () => reliabilityScenarios(ctx))
  },
})
