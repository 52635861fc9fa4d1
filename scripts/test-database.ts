/**
 * Runs a command (the test suites) against a PostgreSQL of its own: the embedded PostgreSQL from
 * npm, a fresh cluster for the run with its data in memory (/dev/shm, where the machine has it) and
 * no durability (fsync off), stopped and deleted afterwards. Medusa's test runner restores each
 * test's database from a template, about 1,400 files for a Medusa schema: on this machine's disk
 * that took 1.5 s a test, in memory 0.1 s. Nothing in a test database is worth keeping after a crash.
 *
 * INSTALLMENTS_TEST_DB=external runs against the PostgreSQL at DB_HOST/DB_PORT (or DATABASE_URL)
 * instead; when the embedded one cannot start, that one is used if it answers.
 *
 * Usage: ts-node scripts/test-database.ts <command> [args...]
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, rmSync } from "node:fs"
import path from "node:path"
import { DEMO_DIR } from "./demo/config"
import { answers, startEmbeddedPostgres } from "./demo/database"
import { freePort } from "./demo/plugin-package"

// Safe only because the cluster is thrown away: a crash may lose or corrupt what it holds.
const THROWAWAY_SETTINGS = {
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  // The WAL sits in memory too: recycle it sooner than the default 1 GB.
  max_wal_size: "256MB",
  // Two in-process Medusas, the store apps' servers and workers, and the demo at once.
  max_connections: "200",
}

/** Where this checkout's test cluster lives: in memory when the machine has /dev/shm. */
function clusterDir(): string {
  const checkout = createHash("sha256").update(path.resolve(__dirname, "..")).digest("hex").slice(0, 12)
  return existsSync("/dev/shm")
    ? path.join("/dev/shm", `installments-test-postgres-${checkout}`)
    : path.join(DEMO_DIR, "test-postgres")
}

async function main() {
  const [command, ...args] = process.argv.slice(2)
  if (!command) {
    throw new Error("usage: test-database.ts <command> [args...]")
  }
  const user = process.env.DB_USERNAME ?? "postgres"
  const password = process.env.DB_PASSWORD ?? "postgres"
  const configured =
    process.env.DATABASE_URL ??
    `postgres://${user}:${password}@${process.env.DB_HOST ?? "localhost"}:${process.env.DB_PORT ?? "5432"}/postgres`
  const external = process.env.INSTALLMENTS_TEST_DB === "external"

  const env: NodeJS.ProcessEnv = { ...process.env }
  let stop = async () => {}
  let embeddedFailure: string | undefined
  if (!external) {
    const dataDir = clusterDir()
    rmSync(dataDir, { recursive: true, force: true })
    try {
      const port = await freePort()
      const pg = await startEmbeddedPostgres(dataDir, port, THROWAWAY_SETTINGS)
      stop = async () => {
        await pg.stop()
        rmSync(dataDir, { recursive: true, force: true })
      }
      Object.assign(env, { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" })
      delete env.DATABASE_URL
      process.stdout.write(`test database: embedded PostgreSQL on port ${port}, a fresh cluster in ${dataDir} (fsync off)\n`)
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true })
      embeddedFailure = (error as Error).message
    }
  }
  if (external || embeddedFailure) {
    if (!(await answers(configured))) {
      throw new Error(
        external
          ? `INSTALLMENTS_TEST_DB=external, but no PostgreSQL answers at ${new URL(configured).host}`
          : `the embedded PostgreSQL did not start (${embeddedFailure}), and none answers at ${new URL(configured).host}`
      )
    }
    process.stdout.write(
      `test database: PostgreSQL at ${new URL(configured).host}` +
        (embeddedFailure ? ` (the embedded one did not start: ${embeddedFailure.split("\n")[0]})` : "") +
        "\n"
    )
  }

  const child = spawn(command, args, { stdio: "inherit", env })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on("SIGINT", forward)
  process.on("SIGTERM", forward)
  const code = await new Promise<number>((resolve) => child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))))
  await stop()
  process.exit(code)
}

main().catch((error: Error) => {
  process.stderr.write(`test database: ${error.message}\n`)
  process.exit(1)
})
