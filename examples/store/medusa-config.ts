import { defineConfig, loadEnv, MedusaError } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// The demo store: the plugin registered as its README says, three times (both options, 0%
// installments only, card only) so a region can offer them as separate choices at checkout.
// `npm run demo` fills the env; nothing here is a secret of a real merchant.
const service = {
  secretKey: process.env.INSTALLMENTS_SECRET_KEY,
  publicKey: process.env.INSTALLMENTS_PUBLIC_KEY,
  storeId: process.env.INSTALLMENTS_STORE_ID,
  baseUrl: process.env.INSTALLMENTS_BASE_URL,
  callbackUrl: `${process.env.STOREFRONT_URL}/checkout/return?cart_id={cart_id}&session_id={session_id}`,
  language: "ar",
}

// Medusa signs the admin's and customers' tokens and cookies with these. A known fallback is for the
// demo on this machine only: a store started for production (`medusa start` sets NODE_ENV=production)
// without them refuses to start, rather than signing with a secret anyone can read here.
function secret(name: "JWT_SECRET" | "COOKIE_SECRET"): string {
  const value = process.env[name]
  if (value) {
    return value
  }
  if (process.env.NODE_ENV === "production") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${name} is not set: set it to a long random value (openssl rand -hex 32) before starting the store in production`
    )
  }
  return "supersecret"
}

// DEMO_RBAC=true turns on Medusa's role-based access control as docs/admin.md shows (the flag and its
// module); the admin browser checks run the demo so, as its super admin and as a read-only role.
const rbac = process.env.DEMO_RBAC === "true"

// BENCH_CAPTURED_BASELINE=true adds the checkout bench's like-for-like baseline, pp_captured_system:
// Medusa's system provider captured at authorization (src/modules/captured-system). Never in the demo.
const capturedBaseline = process.env.BENCH_CAPTURED_BASELINE === "true"

module.exports = defineConfig({
  ...(rbac ? { featureFlags: { rbac: true } } : {}),
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: secret("JWT_SECRET"),
      cookieSecret: secret("COOKIE_SECRET"),
    },
  },
  plugins: ["medusa-payment-installments"],
  modules: [
    ...(rbac ? [{ resolve: "@medusajs/medusa/rbac" }] : []),
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "medusa-payment-installments/providers/installments",
            id: "installments", // pp_installments_installments: the customer picks a plan or pays in full
            options: service,
          },
          {
            resolve: "medusa-payment-installments/providers/installments",
            id: "bnpl", // pp_installments_bnpl: 0% installments only
            options: { ...service, checkoutMode: "installments", linkTitle: "0% installments" },
          },
          {
            resolve: "medusa-payment-installments/providers/installments",
            id: "card", // pp_installments_card: card payment in full
            options: { ...service, checkoutMode: "pay_in_full", linkTitle: "Card payment" },
          },
          ...(capturedBaseline ? [{ resolve: "./src/modules/captured-system", id: "system" }] : []),
        ],
      },
    },
  ],
})
