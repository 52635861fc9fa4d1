import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { Sandbox, startTestSandbox } from "./helpers/sandbox"
import { childEnv, installedCopies, medusa, serviceEnv, startBuiltStore } from "./helpers/stock-store"
import { storeApp } from "./helpers/store-apps"

// What a merchant does with the published package: `npm install` it into the store they have, add the
// README's registration to medusa-config.ts, build (admin included), migrate a fresh database, start;
// their developer adds the sandbox package as a dev dependency beside it. The install and the build
// are this run's (store-apps.ts: once a run, shared with the other store specs).
// Nothing is filtered or overridden: a peer range that makes npm move Medusa's own packages (its
// default draft-order plugin, its dashboard's UI kit) breaks `medusa build` here, as it would there.

const ADMIN = { email: "admin@stock-store.test", password: "stock-store-secret" }
const DB_NAME = `installments_stock_store_${process.pid}`
const connection = {
  host: process.env.DB_HOST ?? "localhost",
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD ?? "postgres",
  port: Number(process.env.DB_PORT ?? 5432),
}

let sandbox: Sandbox
let dir: string
let env: Record<string, string>
let built: string

async function admin(database: string, sql: string) {
  const client = new Client({ ...connection, database })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const app = await storeApp("stock")
  dir = app.dir
  await admin("postgres", `DROP DATABASE IF EXISTS ${DB_NAME}`)
  await admin("postgres", `CREATE DATABASE ${DB_NAME}`)
  env = {
    DATABASE_URL: `postgres://${connection.user}:${connection.password}@${connection.host}:${connection.port}/${DB_NAME}`,
    JWT_SECRET: "stock-store-jwt",
    COOKIE_SECRET: "stock-store-cookie",
    // The quickstart's .env: its medusa-config.ts block builds the callbackUrl from it.
    STOREFRONT_URL: "http://localhost:8000",
    ...serviceEnv(),
  }
  built = app.buildOutput
}, 600_000)

afterAll(async () => {
  await sandbox?.stop()
  await admin("postgres", `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined)
})

describe("the packed plugin in a stock Medusa store", () => {
  it("leaves Medusa's own packages where Medusa resolves them", () => {
    expect(installedCopies(dir, "@medusajs/draft-order")).toEqual(["node_modules/@medusajs/draft-order"])
    // One copy of the dashboard's UI kit and icons: the ones its pins ask for, at the top.
    expect(installedCopies(dir, "@medusajs/ui")).toEqual(["node_modules/@medusajs/ui"])
    expect(installedCopies(dir, "@medusajs/icons")).toEqual(["node_modules/@medusajs/icons"])
  })

  it("has the sandbox's installments-sandbox command from its own package, and a plugin without the sandbox", () => {
    const usage = execFileSync("npx", ["--no", "--", "installments-sandbox", "--help"], {
      cwd: dir,
      encoding: "utf8",
      env: childEnv(),
    })
    expect(usage).toMatch(/^Usage: installments-sandbox/m)
    expect(usage).toMatch(/--port/)
    expect(installedCopies(dir, "medusa-payment-installments-sandbox")).toEqual(["node_modules/medusa-payment-installments-sandbox"])

    const plugin = path.join(dir, "node_modules/medusa-payment-installments")
    const pkg = JSON.parse(readFileSync(path.join(plugin, "package.json"), "utf8"))
    expect(pkg.bin).toBeUndefined()
    for (const name of ["express", "pdf-lib", "medusa-payment-installments-sandbox"]) {
      expect(pkg.dependencies).not.toHaveProperty([name])
    }
    const files = readdirSync(plugin, { recursive: true, encoding: "utf8" })
    expect(files.length).toBeGreaterThan(50)
    expect(files.filter((file) => /sandbox/i.test(file))).toEqual([])
  })

  it("builds the backend and the admin", () => {
    expect(built).toMatch(/Backend build completed successfully/)
    expect(built).toMatch(/Frontend build completed successfully/)
  })

  it("bundles the plugin's order card, settings, settlements and payment links pages and Arabic translations into the store's admin", () => {
    const assets = path.join(dir, ".medusa/server/public/admin/assets")
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(assets, file), "utf8"))
      .join("\n")
    expect(bundle).toContain("installments-order-card")
    expect(bundle).toContain("installments.settings.menu")
    expect(bundle).toContain("/admin/installments/status")
    expect(bundle).toContain("دفعة بالتقسيط")
    // The main menu's Installments entry (settlements) and the payment links page nested under it.
    expect(bundle).toMatch(/["'`]\/installments["'`]/)
    expect(bundle).toMatch(/["'`]\/installments\/payment-links["'`]/)
    expect(bundle).toContain("installments.settlements.menu")
    expect(bundle).toContain("/admin/installments/settlements")
    expect(bundle).toContain("/admin/installments/payment-links")
    expect(bundle).toContain("روابط الدفع")
  })

  it("migrates a fresh database, starts, and offers the provider on a region", async () => {
    const migrated = medusa(dir, ["db:migrate"], env)
    expect(migrated).toMatch(/MODULE: installments/)
    medusa(dir, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env)

    const store = await startBuiltStore(dir, env)
    try {
      const login = await fetch(`${store.url}/auth/user/emailpass`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      })
      const { token } = (await login.json()) as { token: string }
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" }

      const created = await fetch(`${store.url}/admin/regions`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Saudi Arabia",
          currency_code: "sar",
          countries: ["sa"],
          payment_providers: ["pp_installments_installments"],
        }),
      })
      expect(created.status).toBe(200)
      const { region } = (await created.json()) as { region: { id: string } }
      const read = await fetch(`${store.url}/admin/regions/${region.id}?fields=id,*payment_providers`, { headers })
      const { region: withProviders } = (await read.json()) as { region: { payment_providers: { id: string; is_enabled: boolean }[] } }
      expect(withProviders.payment_providers).toEqual([
        expect.objectContaining({ id: "pp_installments_installments", is_enabled: true }),
      ])

      // The plugin's own routes and the admin (with its extensions) are served by the built app.
      const webhooks = await fetch(`${store.url}/admin/installments/webhooks`, { headers })
      expect(webhooks.status).toBe(200)
      expect(await webhooks.json()).toEqual({ webhooks: [], count: 0, limit: 50, offset: 0 })
      const app = await fetch(`${store.url}/app/`)
      expect(app.status).toBe(200)
      expect(await app.text()).toMatch(/<div id="medusa"/)
    } finally {
      await store.stop()
    }
    // Its parts wait up to 120 s for the store alone (startBuiltStore), after a migration and a user
    // made by the CLI: on a busy 2-core machine together they pass the suite's 120 s default.
  }, 300_000)
})
