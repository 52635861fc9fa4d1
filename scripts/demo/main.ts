import { mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { ADMIN, DEMO_DIR, MERCHANT, PORTS, STOREFRONT_RETURN_URL } from "./config"
import { clusterDir, embeddedUrl, ensureDatabase, startEmbeddedPostgres } from "./database"
import { openJourney } from "./journey/context"
import { runJourney } from "./journey"
import { StepError, detail, step } from "./report"
import { startDemoSandbox } from "./sandbox"
import { pluginFingerprint } from "./plugin-package"
import { forgetDatabases, installPlugin, isPrepared, prepareDatabase, startStore } from "./store"
import { startStorefront } from "./storefront/server"
import { registerWebhooks } from "./webhooks"

const USAGE = `npm run demo [-- options]

Starts PostgreSQL (DATABASE_URL when set, else an embedded one in .demo/), the installments sandbox,
a Medusa store (examples/store) with this plugin installed, and a demo storefront; walks a checkout
with a 0% plan, a refund and the statement; then keeps everything running until Ctrl+C.

  --once     exit after the journey: 0 when every step succeeded (for tests and CI)
  --reset    start over: a new database (the embedded one in .demo/, or the DATABASE_URL one is
             dropped and created again), a new sandbox state and a new seed
  -h, --help show this help

Ports (change when taken): DEMO_DB_PORT=54329 DEMO_SANDBOX_PORT=4010 DEMO_STORE_PORT=9000 DEMO_STOREFRONT_PORT=8000
Another storefront (e.g. Medusa's dtc-starter, docs/storefront.md): DEMO_STOREFRONT_URL=http://localhost:8100
`

type Stop = () => Promise<void>

async function main() {
  const { values } = parseArgs({
    options: { once: { type: "boolean" }, reset: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const stops: Stop[] = []
  let stopping: Promise<void> | undefined
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const stop of stops.reverse()) {
        await stop().catch((error: Error) => process.stderr.write(`while stopping: ${error.message}\n`))
      }
    })())
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      process.stdout.write("\nStopping the store, storefront, sandbox and database…\n")
      void stopAll().then(() => process.exit(130))
    })
  }

  try {
    const started = Date.now()
    mkdirSync(DEMO_DIR, { recursive: true })
    if (values.reset) {
      // The data goes; the packed and installed plugin stays (it is rebuilt whenever src/ changes).
      rmSync(clusterDir(path.join(DEMO_DIR, "postgres")), { recursive: true, force: true })
      rmSync(path.join(DEMO_DIR, "sandbox.json"), { force: true })
      forgetDatabases()
    }
    process.stdout.write("Starting the demo\n")

    const databaseUrl = await step(
      "Database",
      async () => {
        if (process.env.DATABASE_URL) {
          await ensureDatabase(process.env.DATABASE_URL, Boolean(values.reset))
          detail(`DATABASE_URL (${new URL(process.env.DATABASE_URL).host})`)
          return process.env.DATABASE_URL
        }
        const dataDir = clusterDir(path.join(DEMO_DIR, "postgres"))
        const pg = await startEmbeddedPostgres(dataDir, PORTS.database)
        stops.push(pg.stop)
        const url = embeddedUrl(pg.port, "medusa_demo")
        await ensureDatabase(url, false)
        detail(`embedded PostgreSQL on port ${pg.port}, data in ${path.relative(process.cwd(), dataDir) || "."}`)
        return url
      },
      "DATABASE_URL, or that port DEMO_DB_PORT is free"
    )

    const sandbox = await step(
      "Installments sandbox",
      async () => {
        const running = await startDemoSandbox(DEMO_DIR, PORTS.sandbox)
        stops.push(() => running.stop())
        return running
      },
      `that port ${PORTS.sandbox} is free (set DEMO_SANDBOX_PORT)`
    )

    const fingerprint = pluginFingerprint()
    await step(
      "Plugin packed and installed into examples/store (npm pack, npm install)",
      () => {
        detail(installPlugin(fingerprint) ? "installed the new build" : "up to date")
      },
      "npm's output above; `npm run build` in the repository"
    )

    const storefrontUrl = `http://localhost:${PORTS.storefront}`
    // Another storefront run against the demo store (Medusa's dtc-starter, docs/storefront.md) gets
    // the shoppers back from the hosted page and may call the Store API from the browser.
    const returnUrl = STOREFRONT_RETURN_URL ?? storefrontUrl
    const storefronts = [...new Set([storefrontUrl, returnUrl])].join(",")
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      INSTALLMENTS_SECRET_KEY: MERCHANT.secretKey,
      INSTALLMENTS_PUBLIC_KEY: MERCHANT.publicKey,
      INSTALLMENTS_STORE_ID: MERCHANT.storeId,
      INSTALLMENTS_BASE_URL: sandbox.url,
      STOREFRONT_URL: returnUrl,
      STORE_CORS: storefronts,
      ADMIN_CORS: `http://localhost:${PORTS.store}`,
      AUTH_CORS: `http://localhost:${PORTS.store},${storefronts}`,
    }
    if (!isPrepared(databaseUrl, fingerprint)) {
      await step(
        "Migrations, seed data and admin user (medusa db:migrate, exec, user)",
        () => prepareDatabase(env, fingerprint),
        "the medusa output above"
      )
    }

    const store = await step(
      "Medusa store (medusa develop)",
      async () => {
        const running = await startStore(env, PORTS.store)
        stops.push(running.stop)
        return running
      },
      `that port ${PORTS.store} is free (set DEMO_STORE_PORT) and the store's output above`
    )

    const ctx = await step("Admin login and storefront key", () => openJourney(store.url, sandbox.url), "the admin user and the seed")
    await step(
      "Webhooks registered with the service",
      () => registerWebhooks(ctx.admin, store.url),
      "POST /admin/installments/webhooks and the sandbox"
    )

    const { api_keys } = await ctx.admin.admin.apiKey.list({ type: "publishable" } as never)
    const publishableKey: string = api_keys[0].token
    const storefront = await step(
      "Demo storefront",
      async () => {
        const running = await startStorefront({ storeUrl: store.url, publishableKey, regionId: ctx.regionId, port: PORTS.storefront })
        stops.push(running.stop)
        return running
      },
      `that port ${PORTS.storefront} is free (set DEMO_STOREFRONT_PORT)`
    )

    process.stdout.write("\nThe journey\n")
    await runJourney(ctx)

    process.stdout.write(`\nEvery step succeeded in ${((Date.now() - started) / 1000).toFixed(0)} s.\n
  Admin       ${store.url}/app   (${ADMIN.email} / ${ADMIN.password})
  Storefront  ${storefront.url}   (Arabic; ${storefront.url}/?lang=en for English)
  Sandbox     ${sandbox.url}   (control API: ${sandbox.url}/__sandbox, test cards: sandbox/README.md)
  Store API   ${store.url}   (publishable key ${publishableKey})${returnUrl === storefrontUrl ? "" : `\n  Returns to  ${returnUrl}   (DEMO_STOREFRONT_URL)`}
`)
    if (values.once) {
      await stopAll()
      process.exit(0)
    }
    process.stdout.write("\nPress Ctrl+C to stop everything.\n")
  } catch (error) {
    const failure = error instanceof StepError ? error : new StepError("demo", String(error), "the output above")
    process.stdout.write(`\nThe demo failed at "${failure.step}".\n  Reason: ${failure.reason}\n  Check: ${failure.hint}\n`)
    await stopAll()
    process.exit(1)
  }
}

void main()
