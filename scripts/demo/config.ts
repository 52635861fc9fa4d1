import path from "node:path"

/** The repository root (the plugin checkout the demo packs and installs). */
export const ROOT = path.resolve(__dirname, "../..")

/** The demo store app: a stock Medusa app with the plugin installed from this checkout. */
export const STORE_DIR = path.join(ROOT, "examples/store")

/** Everything a demo run keeps between runs; git-ignored, removed by `--reset`. */
export const DEMO_DIR = path.resolve(process.env.DEMO_DIR ?? path.join(ROOT, ".demo"))

/** The sandbox merchant; fixed so the store's settings and the sandbox's saved state agree across runs. */
export const MERCHANT = {
  secretKey: "sk_sandbox_demo_merchant_0001",
  publicKey: "sandbox-pk_demo_merchant_0001",
  storeId: "3d4f1b2a-7c6e-4a5b-9d8c-0e1f2a3b4c5d",
} as const

/** The demo's admin login, printed at the end of every run. */
export const ADMIN = { email: "admin@demo.sa", password: "demo-admin-2026" } as const

/** Ports of the demo's pieces; each can be moved with an environment variable when taken. */
export const PORTS = {
  database: port("DEMO_DB_PORT", 54329),
  sandbox: port("DEMO_SANDBOX_PORT", 4010),
  store: port("DEMO_STORE_PORT", 9000),
  storefront: port("DEMO_STOREFRONT_PORT", 8000),
}

/**
 * The storefront the hosted page sends shoppers back to, when it is not the demo's own: another
 * storefront (Medusa's dtc-starter) run against the demo store. Its origin is allowed by CORS too.
 */
export const STOREFRONT_RETURN_URL = process.env.DEMO_STOREFRONT_URL || undefined

function port(name: string, fallback: number): number {
  const text = process.env[name]
  if (text === undefined || text === "") {
    return fallback
  }
  const value = Number(text)
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535, got "${text}"`)
  }
  return value
}
