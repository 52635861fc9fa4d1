import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import path from "node:path"
import { DEMO_DIR, ROOT } from "./config"

/** The Medusa release a stock store pins, read from the plugin's own dev dependency on it. */
export const MEDUSA_VERSION: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).devDependencies[
  "@medusajs/medusa"
]

/** Where the fingerprint of the sources `.medusa/server` was last built from is kept (outside the package). */
const BUILD_STAMP = path.join(DEMO_DIR, "plugin-build.json")

/**
 * A fingerprint of everything the built plugin and the sandbox package are made from: src/ and
 * sandbox/src (tests aside), their package.json and tsconfig.json, and the lockfile (the toolchain).
 */
export function pluginFingerprint(): string {
  const hash = createHash("sha256")
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name)
      if (name === "__tests__" || name === "node_modules") {
        continue
      }
      if (statSync(file).isDirectory()) {
        visit(file)
      } else {
        hash.update(path.relative(ROOT, file)).update(readFileSync(file))
      }
    }
  }
  visit(path.join(ROOT, "src"))
  // The sandbox package is packed and installed beside the plugin, built from src/lib and its own sources.
  visit(path.join(ROOT, "sandbox/src"))
  for (const file of ["package.json", "tsconfig.json", "package-lock.json", "sandbox/package.json", "sandbox/tsconfig.json"]) {
    hash.update(file).update(existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file)) : "")
  }
  return hash.digest("hex")
}

/**
 * Runs `medusa plugin:build` unless `.medusa/server` was built from exactly these sources: the
 * tests, the demo and the benches each need a current build, and one build a run is enough.
 */
export function ensurePluginBuilt(): void {
  const fingerprint = pluginFingerprint()
  const stamp = existsSync(BUILD_STAMP) ? (JSON.parse(readFileSync(BUILD_STAMP, "utf8")) as { fingerprint?: string }) : {}
  if (stamp.fingerprint === fingerprint && existsSync(path.join(ROOT, ".medusa/server/package.json"))) {
    return
  }
  execFileSync("npx", ["medusa", "plugin:build"], { cwd: ROOT, stdio: "ignore", env: childEnv() })
  mkdirSync(DEMO_DIR, { recursive: true })
  writeFileSync(BUILD_STAMP, JSON.stringify({ fingerprint }))
}

/** Builds (when the sources changed) and packs the plugin as `npm pack` gives it to a merchant; returns the tarball's path. */
export function packPlugin(destination: string): string {
  ensurePluginBuilt()
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: ROOT, encoding: "utf8", env: childEnv() })
  )
  return path.join(destination, packed.filename)
}

/**
 * Builds and packs the sandbox workspace (medusa-payment-installments-sandbox) as `npm pack` gives it
 * to a merchant's developer (its prepack script builds it); returns the tarball's path.
 */
export function packSandbox(destination: string): string {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--workspace", "sandbox", "--pack-destination", destination], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: childEnv(),
    })
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
