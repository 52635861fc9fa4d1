/**
 * Runs a command (the test suites) against a PostgreSQL that answers: the one at DB_HOST/DB_PORT
 * (or DATABASE_URL) when it does, else the embedded PostgreSQL from npm, started for the run with
 * its data under .demo/ and stopped afterwards. INSTALLMENTS_TEST_DB=embedded forces the embedded
 * one (to test "npm test anywhere" on a machine whose PostgreSQL is running).
 *
 * Usage: ts-node scripts/test-database.ts <command> [args...]
 */
import { spawn } from "node:child_process"
import { rmSync } from "node:fs"
import path from "node:path"
import { DEMO_DIR } from "./demo/config"
import { answers, startEmbeddedPostgres } from "./demo/database"
import { freePort } from "./demo/plugin-package"

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
  const forced = process.env.INSTALLMENTS_TEST_DB === "embedded"

  const env: NodeJS.ProcessEnv = { ...process.env }
  let stop = async () => {}
  if (!forced && (await answers(configured))) {
    process.stdout.write(`test database: PostgreSQL at ${new URL(configured).host}\n`)
  } else {
    // A fresh cluster for each run: tests create and drop their own databases in it.
    const dataDir = path.join(DEMO_DIR, "test-postgres")
    rmSync(dataDir, { recursive: true, force: true })
    const port = await freePort()
    const pg = await startEmbeddedPostgres(dataDir, port)
    stop = pg.stop
    Object.assign(env, { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" })
    delete env.DATABASE_URL
    process.stdout.write(
      `test database: embedded PostgreSQL on port ${port} (${forced ? "INSTALLMENTS_TEST_DB=embedded" : "none answered at " + new URL(configured).host})\n`
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
