import { ChildProcess, spawn } from "node:child_process"
import path from "node:path"
import { Client } from "pg"
import { freePort } from "../../scripts/demo/plugin-package"

// `npm run demo` as a merchant's developer runs it, on this machine's PostgreSQL (DATABASE_URL), in
// its own process group as a terminal gives it, so Ctrl+C reaches npm and everything under it.
// The packed plugin and examples/store's node_modules in .demo/ are reused between runs.

const ROOT = path.resolve(__dirname, "../..")

const connection = {
  host: process.env.DB_HOST ?? "localhost",
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD ?? "postgres",
  port: Number(process.env.DB_PORT ?? 5432),
}

/** A running (or finished) `npm run demo`: its process, everything it printed, and its exit. */
export interface DemoRun {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Where one spec's demo runs: its own database and free ports for the sandbox, store and storefront. */
export interface DemoSetup {
  databaseUrl: string
  ports: { DEMO_SANDBOX_PORT: string; DEMO_STORE_PORT: string; DEMO_STOREFRONT_PORT: string }
  /** Drops the spec's database. */
  dropDatabase: () => Promise<void>
}

/** Free ports and a database of the spec's own (`dbName`), so two specs' demos never meet. */
export async function demoSetup(dbName: string): Promise<DemoSetup> {
  const { user, password, host, port } = connection
  return {
    databaseUrl: `postgres://${user}:${password}@${host}:${port}/${dbName}`,
    ports: {
      DEMO_SANDBOX_PORT: String(await freePort()),
      DEMO_STORE_PORT: String(await freePort()),
      DEMO_STOREFRONT_PORT: String(await freePort()),
    },
    dropDatabase: async () => {
      const client = new Client({ ...connection, database: "postgres" })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined)
      await client.end()
    },
  }
}

/** Starts `npm run demo -- <args>` with the setup's database and ports (and `env`, e.g. DEMO_RBAC). */
export function runDemo(setup: DemoSetup, args: string[], env: Record<string, string> = {}): DemoRun {
  let output = ""
  const child = spawn("npm", ["run", "--silent", "demo", "--", ...args], {
    cwd: ROOT,
    detached: true,
    env: { ...withoutJest(process.env), CI: "true", DATABASE_URL: setup.databaseUrl, ...setup.ports, ...env },
  })
  child.stdout?.on("data", (chunk) => (output += chunk))
  child.stderr?.on("data", (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Presses Ctrl+C in the demo's terminal and waits for it to stop everything. */
export async function stopDemo(run: DemoRun): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) {
    process.kill(-run.child.pid!, "SIGINT")
    await run.exited
  }
}

/** Kills whatever is left of a demo a failed test did not stop. */
export function killDemo(run: DemoRun | undefined): void {
  if (run && run.child.exitCode === null && run.child.signalCode === null) {
    process.kill(-run.child.pid!, "SIGKILL")
  }
}

// Jest's own settings would turn the demo's Medusa into a test process.
function withoutJest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean = { ...env }
  delete clean.NODE_OPTIONS
  delete clean.NODE_ENV
  return clean
}

/** Waits until the demo has printed `pattern`; fails with its output when it exits or times out first. */
export async function waitForOutput(run: DemoRun, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(run.output())) {
    if (run.child.exitCode !== null) {
      throw new Error(`the demo exited with ${run.child.exitCode}:\n${run.output()}`)
    }
    if (Date.now() > deadline) {
      throw new Error(`the demo did not print ${pattern} within ${timeoutMs / 1000} s:\n${run.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Whether anything answers HTTP at `url`. */
export async function answersHttp(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false
  )
}
