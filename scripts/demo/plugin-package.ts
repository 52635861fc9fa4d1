import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import path from "node:path"
import { ROOT } from "./config"

/** The Medusa release a stock store pins, read from the plugin's own dev dependency on it. */
export const MEDUSA_VERSION: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).devDependencies["@medusajs/medusa"]

/** Builds and packs the plugin as `npm pack` gives it to a merchant; returns the tarball's path. */
export function packPlugin(destination: string): string {
  execFileSync("npx", ["medusa", "plugin:build"], { cwd: ROOT, stdio: "ignore", env: childEnv() })
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: ROOT, encoding: "utf8" }))
  return path.join(destination, packed.filename)
}

/**
 * Builds and packs the sandbox workspace (medusa-payment-installments-sandbox) as `npm pack` gives it
 * to a merchant's developer (its prepack script builds it); returns the tarball's path.
 */
export function packSandbox(destination: string): string {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--workspace", "sandbox", "--pack-destination", destination], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: childEnv() })
  )
  return path.join(destination, packed.filename)
}

/** Runs a medusa CLI command in a store app; throws with its output when it fails. */
export function medusa(dir: string, args: string[], env: Record<string, string>): string {
  try {
    return execFileSync("npx", ["medusa", ...args], { cwd: dir, encoding: "utf8", stdio: "pipe", env: childEnv(env) })
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    throw new Error(`medusa ${args.join(" ")} failed:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`)
  }
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * The environment of a child store process: jest's settings (NODE_OPTIONS, NODE_ENV=test) do not
 * leak in; NODE_OPTIONS given in `extra` (a profiler's flags) do.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", ...extra }
  if (!extra.NODE_OPTIONS) {
    delete env.NODE_OPTIONS
  }
  if (!extra.NODE_ENV) {
    delete env.NODE_ENV
  }
  return env
}
