import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { DEMO_DIR, STORE_DIR } from "../../scripts/demo/config"
import { medusa, pluginFingerprint } from "../../scripts/demo/plugin-package"
import { installPlugin } from "../../scripts/demo/store"
import { medusaConfigFromDoc, writeStockStore } from "./stock-store"

// Every spec that runs the packed plugin in a store app (stock store, production, demo, admin) needs
// the same `npm install` of the same tarball: about a minute and 730 MB each. One install a run,
// examples/store's (the demo's app, which `npm run demo` then finds up to date), serves them all;
// the stock-store and production specs each get an app of their own (their medusa-config.ts, their
// build, their database) whose node_modules is that install. Kept in .demo/ between runs and redone
// only when the plugin's sources or the configurations in the docs change.

const APPS_DIR = path.join(DEMO_DIR, "apps")
const LOCK = path.join(DEMO_DIR, "store-apps.lock")

/** The page and section whose `medusa-config.ts` the production spec runs. */
export const PRODUCTION_DOC = "docs/operations.md"
export const PRODUCTION_HEADING = "## Running in production (server and worker on Redis)"

/**
 * The store apps the specs run, each a configuration from the docs and the env it is built with, in
 * the order the background step builds them: production's backend alone first, the stock app's
 * admin (a Vite build of Medusa's dashboard, the longer one) after.
 */
const APPS = {
  production: { config: () => medusaConfigFromDoc(PRODUCTION_DOC, PRODUCTION_HEADING), buildEnv: { DISABLE_MEDUSA_ADMIN: "true" } },
  stock: { config: () => medusaConfigFromDoc(), buildEnv: {} as Record<string, string> },
}

export type StoreAppName = keyof typeof APPS

/** A built store app: its folder and what `medusa build` printed. */
export interface StoreApp {
  dir: string
  buildOutput: string
}

/**
 * Installs the packed plugin into examples/store, then builds each app, unless each is current; each
 * step holds the build lock alone, so a spec that needs only the install (the demo and admin specs)
 * or one app goes on as soon as its step is done. `npm test` starts this in the background while the
 * first specs run. Answers each step's seconds, for the run's log.
 */
export async function prepareStoreApps(): Promise<string[]> {
  const steps: string[] = []
  const timed = async (name: string, work: () => Promise<void>) => {
    const started = Date.now()
    await work()
    steps.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  await timed("plugin installed in examples/store", installStorePlugin)
  for (const name of Object.keys(APPS) as StoreAppName[]) {
    await timed(`${name} app built`, () => ensureApp(name))
  }
  return steps
}

/**
 * The packed plugin (and the sandbox package) installed into examples/store by npm, the demo's app
 * whose node_modules every app uses: built, packed and installed unless current.
 */
export async function installStorePlugin(): Promise<void> {
  await withBuildLock(async () => {
    installPlugin(pluginFingerprint())
  })
}

/** The built app `name`, prepared by this run's background step or, when none runs, here. */
export async function storeApp(name: StoreAppName): Promise<StoreApp> {
  await ensureApp(name)
  const dir = path.join(APPS_DIR, name)
  return { dir, buildOutput: readFileSync(path.join(dir, "build.log"), "utf8") }
}

function ensureApp(name: StoreAppName): Promise<void> {
  return withBuildLock(async () => {
    const fingerprint = pluginFingerprint()
    installPlugin(fingerprint)
    buildApp(name, fingerprint)
  })
}

function buildApp(name: StoreAppName, fingerprint: string): void {
  const app = APPS[name]
  const config = app.config()
  const key = createHash("sha256").update(fingerprint).update(config).update(JSON.stringify(app.buildEnv)).digest("hex")
  const dir = path.join(APPS_DIR, name)
  const stamp = path.join(dir, "prepared.json")
  if (existsSync(stamp) && JSON.parse(readFileSync(stamp, "utf8")).key === key) {
    return
  }
  rmSync(dir, { recursive: true, force: true })
  writeStockStore(dir, config)
  symlinkSync(path.join(STORE_DIR, "node_modules"), path.join(dir, "node_modules"))
  writeFileSync(path.join(dir, "build.log"), medusa(dir, ["build"], app.buildEnv))
  writeFileSync(stamp, JSON.stringify({ key }))
}

/**
 * Runs `work` holding a lock of the whole checkout (a folder, made atomically), so the background
 * step and a spec never build, pack or install at once. A lock left by a process that died is taken over.
 */
export async function withBuildLock(work: () => Promise<void>): Promise<void> {
  mkdirSync(DEMO_DIR, { recursive: true })
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      if (!holderAlive()) {
        rmSync(LOCK, { recursive: true, force: true })
        continue
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  writeFileSync(path.join(LOCK, "pid"), String(process.pid))
  try {
    await work()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

function holderAlive(): boolean {
  const pidFile = path.join(LOCK, "pid")
  if (!existsSync(pidFile)) {
    // Made an instant ago, its pid not written yet; or left by a process that died right then.
    return existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs < 10_000
  }
  try {
    process.kill(Number(readFileSync(pidFile, "utf8")), 0)
    return true
  } catch {
    return false
  }
}
