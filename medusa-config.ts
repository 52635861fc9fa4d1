import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"

// Test-only configuration: medusaIntegrationTestRunner boots this app against a temporary database.
// The integration tests start the sandbox first and hand its address and keys over in the env.
loadEnv(process.env.NODE_ENV || "test", process.cwd())

const common = {
  secretKey: process.env.INSTALLMENTS_SECRET_KEY ?? "sk_unset",
  publicKey: process.env.INSTALLMENTS_PUBLIC_KEY ?? "sandbox-unset",
  storeId: process.env.INSTALLMENTS_STORE_ID ?? "00000000-0000-4000-8000-000000000000",
  baseUrl: process.env.INSTALLMENTS_BASE_URL ?? "http://localhost:4010",
  callbackUrl: "http://localhost:8000/checkout/return?session_id={session_id}&cart_id={cart_id}",
  language: "en",
  linkTtlMinutes: 30,
  maxRetries: 1,
  retryBaseDelayMs: 50,
  processingRetryDelayMs: 200,
  timeoutMs: 5_000,
  // INSTALLMENTS_PAID_VERDICT_REUSE_MS=0 runs the suite with every verdict read fresh (no scenario may depend on reuse).
  ...(process.env.INSTALLMENTS_PAID_VERDICT_REUSE_MS !== undefined
    ? { paidVerdictReuseMs: Number(process.env.INSTALLMENTS_PAID_VERDICT_REUSE_MS) }
    : {}),
}

// INSTALLMENTS_TEST_RBAC=true boots the store as a merchant turns on Medusa's role-based access control
// (docs/admin.md): the `rbac` feature flag and its module, both needed (rbac.spec.ts sets it).
const rbac = process.env.INSTALLMENTS_TEST_RBAC === "true"

const config = defineConfig({
  ...(rbac ? { featureFlags: { rbac: true } } : {}),
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: "*",
      adminCors: "*",
      authCors: "*",
      jwtSecret: "test-jwt-secret",
      cookieSecret: "test-cookie-secret",
    },
  },
  admin: { disable: true },
  modules: [
    { resolve: "./src/modules/installments" },
    ...(rbac ? [{ resolve: "@medusajs/medusa/rbac" }] : []),
    {
      resolve: "@medusajs/medusa/payment",
      key: Modules.PAYMENT,
      options: {
        // Medusa waits this long before processing a webhook; the default 5 s only slows tests.
        webhook_delay: 200,
        webhook_retries: 3,
        providers: [
          { resolve: "./src/providers/installments", id: "installments", options: { ...common, checkoutMode: "both" } },
          {
            resolve: "./src/providers/installments",
            id: "bnpl",
            options: { ...common, checkoutMode: "installments", linkTitle: "0% installments" },
          },
          {
            resolve: "./src/providers/installments",
            id: "card",
            options: { ...common, checkoutMode: "pay_in_full", linkTitle: "Card payment", autoRefundReturns: false },
          },
        ],
      },
    },
  ],
})

module.exports = config
