import { ChildProcess, execFileSync, spawn } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { ADMIN, DEMO_DIR, STORE_DIR } from "./config"
import { childEnv, medusa, packPlugin, packSandbox } from "./plugin-package"
import { stopProcessGroup } from "./process-group"

/** The packed plugin examples/store installs (its package.json names it). */
export const PLUGIN_TARBALL = path.join(DEMO_DIR, "medusa-payment-installments.tgz")
/** The packed sandbox examples/store installs as a dev dependency, as a merchant's developer would. */
export const SANDBOX_TARBALL = path.join(DEMO_DIR, "medusa-payment-installments-sandbox.tgz")
const INSTALLED = ["medusa-payment-installments", "medusa-payment-installments-sandbox"].map((name) =>
  path.join(STORE_DIR, "node_modules", name)
)
const STATE = path.join(DEMO_DIR, "state.json")

interface State {
  /** Fingerprint of the plugin sources last packed and installed into the store. */
  plugin?: string
  /** Per database URL: the plugin fingerprint it was migrated and seeded with. */
  databases?: Record<string, string>
}

/**
 * Builds and packs the plugin and the sandbox and installs both tarballs into examples/store with
 * npm, as a merchant and their developer install the published packages. Skipped when the sources
 * did not change since the last install. Returns false when nothing had to be done.
 */
export function installPlugin(fingerprint: string): boolean {
  const state = readState()
  if (
    state.plugin === fingerprint &&
    INSTALLED.every((dir) => existsSync(dir)) &&
    existsSync(PLUGIN_TARBALL) &&
    existsSync(SANDBOX_TARBALL)
  ) {
    return false
  }
  // The benches call this on a fresh checkout, before anything else made .demo/.
  mkdirSync(DEMO_DIR, { recursive: true })
  const packDir = mkdtempSync(path.join(DEMO_DIR, "pack-"))
  try {
    copyFileSync(packPlugin(packDir), PLUGIN_TARBALL)
    copyFileSync(packSandbox(packDir), SANDBOX_TARBALL)
  } finally {
    rmSync(packDir, { recursive: true, force: true })
  }
  // Same version, new bytes: npm keeps an installed copy of a file: dependency unless it is gone.
  for (const dir of INSTALLED) {
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
      cwd: STORE_DIR,
      stdio: "pipe",
      env: childEnv(),
    })
  } catch (error) {
    const failed = error as { stderr?: Buffer }
    throw new Error(`npm install in examples/store failed:\n${failed.stderr?.toString() ?? ""}`)
  }
  writeState({ ...readState(), plugin: fingerprint })
  return true
}

/** True when this database was already migrated and seeded with this plugin build. */
export function isPrepared(databaseUrl: string, fingerprint: string): boolean {
  return readState().databases?.[databaseUrl] === fingerprint
}

/** Forgets which databases were prepared (after `--reset`). */
export function forgetDatabases(): void {
  writeState({ ...readState(), databases: {} })
}

/** Runs the migrations, the seed and the admin user creation; records the database as prepared. */
export function prepareDatabase(env: Record<string, string>, fingerprint: string): void {
  medusa(STORE_DIR, ["db:migrate"], env)
  medusa(STORE_DIR, ["exec", "./src/scripts/seed-demo.ts"], env)
  try {
    medusa(STORE_DIR, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env)
  } catch (error) {
    // A second preparation of the same database (after a plugin change) finds the user there.
    if (!/already exists/i.test((error as Error).message)) {
      throw error
    }
  }
  const state = readState()
  writeState({ ...state, databases: { ...state.databases, [env.DATABASE_URL]: fingerprint } })
}

/** The running store: its URL, its output so far, and how to stop it (with every process it started). */
export interface RunningStore {
  url: string
  /** The process group of `medusa develop`: npx, the watcher and the server it forks. */
  processGroup: number
  output: () => string
  /** Resolves once no process of the group runs (SIGTERM, SIGKILL after a grace period). */
  stop: () => Promise<void>
}

/** Starts `medusa develop` in examples/store (admin included) and resolves once /health answers. */
export async function startStore(env: Record<string, string>, port: number): Promise<RunningStore> {
  let output = ""
  const child: ChildProcess = spawn("npx", ["medusa", "develop"], {
    cwd: STORE_DIR,
    env: childEnv({ ...env, PORT: String(port) }),
    // Its own process group, so stopping the store also stops the server its watcher started.
    detached: true,
  })
  child.stdout?.on("data", (chunk) => (output += chunk))
  child.stderr?.on("data", (chunk) => (output += chunk))
  const url = `http://localhost:${port}`
  const group = child.pid!
  // Not only the spawned npx: the server outlives it while it shuts down, re-parented out of reach.
  const stop = () => stopProcessGroup(group)
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`medusa develop exited with ${child.exitCode}:\n${output.slice(-4000)}`)
    }
    if (
      await fetch(`${url}/health`).then(
        (res) => res.ok,
        () => false
      )
    ) {
      return { url, processGroup: group, stop, output: () => output }
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`the store did not answer ${url}/health within 180 s:\n${output.slice(-4000)}`)
}

function readState(): State {
  return existsSync(STATE) ? (JSON.parse(readFileSync(STATE, "utf8")) as State) : {}
}

function writeState(state: State): void {
  writeFileSync(STATE, JSON.stringify(state, null, 2))
}
