import { ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { childEnv, freePort, MEDUSA_VERSION, medusa } from "../../scripts/demo/plugin-package"
import { PLUGIN_TARBALL, SANDBOX_TARBALL } from "../../scripts/demo/store"

const ROOT = path.resolve(__dirname, "../..")

export { childEnv, MEDUSA_VERSION, medusa }

/**
 * The `medusa-config.ts` a merchant writes by following the docs: the first `defineConfig` block
 * printed in `doc` (the quickstart's by default), or in its section under `heading`
 * (e.g. the production setup in docs/operations.md), as it is printed there (options from the
 * env), with the imports a stock app has.
 */
export function medusaConfigFromDoc(doc = "docs/quickstart.md", heading?: string): string {
  const text = readFileSync(path.join(ROOT, doc), "utf8")
  const start = heading ? text.indexOf(`\n${heading}\n`) : 0
  if (start < 0) {
    throw new Error(`${doc} no longer has the section "${heading}"`)
  }
  const section = heading ? text.slice(start + 1).split(/\n## /)[0] : text
  const block = section.match(/```ts\n(module\.exports = defineConfig\(\{[\s\S]*?)```/)
  if (!block) {
    throw new Error(`${doc} no longer shows a medusa-config.ts block${heading ? ` under "${heading}"` : ""}`)
  }
  return `import { defineConfig, loadEnv } from "@medusajs/framework/utils"\n\nloadEnv(process.env.NODE_ENV || "development", process.cwd())\n\n${block[1]}`
}

/**
 * Writes a store app shaped like Medusa's starter into `dir`: the packages a stock store depends on,
 * no overrides, default plugins left as `defineConfig` adds them, the packed plugin as the
 * dependency npm installs and the packed sandbox beside it as a dev dependency (the tarballs the demo
 * installs into examples/store, whose node_modules the app uses: see store-apps.ts).
 */
export function writeStockStore(dir: string, medusaConfig: string = medusaConfigFromDoc()) {
  mkdirSync(path.join(dir, "src"), { recursive: true })
  const pkg = {
    name: "stock-store",
    version: "0.0.1",
    private: true,
    dependencies: {
      "@medusajs/admin-sdk": MEDUSA_VERSION,
      "@medusajs/cli": MEDUSA_VERSION,
      "@medusajs/framework": MEDUSA_VERSION,
      "@medusajs/medusa": MEDUSA_VERSION,
      "medusa-payment-installments": `file:${path.relative(dir, PLUGIN_TARBALL)}`,
    },
    devDependencies: {
      "@types/node": "^20.0.0",
      "medusa-payment-installments-sandbox": `file:${path.relative(dir, SANDBOX_TARBALL)}`,
      "ts-node": "^10.9.2",
      typescript: "^5.6.2",
    },
  }
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2))
  writeFileSync(path.join(dir, "medusa-config.ts"), medusaConfig)
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2021",
        module: "Node16",
        moduleResolution: "Node16",
        esModuleInterop: true,
        skipLibCheck: true,
        jsx: "react-jsx",
        outDir: "./.medusa/server",
        rootDir: "./",
      },
      include: ["**/*"],
      exclude: ["node_modules", ".medusa"],
    })
  )
}

/**
 * Where npm placed each copy of a package in the app (e.g. to see it was not nested away): every
 * `node_modules/<name>` in the installed tree, read from disk. (`npm ls` would also judge each copy
 * against its lock records, and calls a `file:` tarball dependency invalid once a build has written
 * into node_modules after the install, as `medusa build` does.)
 */
export function installedCopies(dir: string, name: string): string[] {
  const copies: string[] = []
  const visit = (modules: string) => {
    if (!existsSync(modules)) {
      return
    }
    for (const entry of readdirSync(modules)) {
      const packages = entry.startsWith("@") ? readdirSync(path.join(modules, entry)).map((scoped) => `${entry}/${scoped}`) : [entry]
      for (const pkg of packages) {
        const folder = path.join(modules, pkg)
        if (pkg === name && existsSync(path.join(folder, "package.json"))) {
          copies.push(path.relative(dir, folder))
        }
        if (!entry.startsWith(".")) {
          visit(path.join(folder, "node_modules"))
        }
      }
    }
  }
  visit(path.join(dir, "node_modules"))
  return copies.sort()
}

/** A started `medusa start` process: where it listens, everything it printed, how to stop it. */
export interface BuiltStore {
  url: string
  stop: () => Promise<void>
  output: () => string
}

/**
 * Starts the built app the way Medusa's deployment guide does (`medusa start` in `.medusa/server`,
 * production mode) and resolves once it answers its health check. Called again with another env
 * (e.g. MEDUSA_WORKER_MODE), it starts a second process of the same build.
 */
export async function startBuiltStore(dir: string, env: Record<string, string>): Promise<BuiltStore> {
  const server = path.join(dir, ".medusa/server")
  // The build output has its own package.json; the app's node_modules serve it instead of a second install.
  if (!existsSync(path.join(server, "node_modules"))) {
    symlinkSync(path.join(dir, "node_modules"), path.join(server, "node_modules"))
  }
  const port = await freePort()
  let output = ""
  const child: ChildProcess = spawn("npx", ["medusa", "start"], {
    cwd: server,
    env: childEnv({ ...env, NODE_ENV: "production", PORT: String(port) }),
    detached: true,
  })
  child.stdout?.on("data", (chunk) => (output += chunk))
  child.stderr?.on("data", (chunk) => (output += chunk))
  const url = `http://localhost:${port}`
  const stop = () => stopGroup(child)
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`medusa start exited with ${child.exitCode}:\n${output}`)
    }
    if (
      await fetch(`${url}/health`).then(
        (res) => res.ok,
        () => false
      )
    ) {
      return { url, stop, output: () => output }
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`medusa start did not answer /health within 120 s:\n${output}`)
}

/**
 * Stops a process started in its own group and everything under it. npx exits at once on SIGTERM
 * while `medusa start` may still be closing its queue workers (seen: a worker left running after
 * its database was dropped), so the group is waited on, and killed after 15 s.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const alive = () => {
    try {
      process.kill(-child.pid!, 0)
      return true
    } catch {
      return false
    }
  }
  if (!alive()) {
    return
  }
  process.kill(-child.pid!, "SIGTERM")
  const deadline = Date.now() + 15_000
  while (alive() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (alive()) {
    process.kill(-child.pid!, "SIGKILL")
  }
}

/** The service's address and the store's keys, as startTestSandbox published them, for a store's env. */
export function serviceEnv(): Record<string, string> {
  const names = ["INSTALLMENTS_SECRET_KEY", "INSTALLMENTS_PUBLIC_KEY", "INSTALLMENTS_STORE_ID", "INSTALLMENTS_BASE_URL"]
  return Object.fromEntries(names.map((name) => [name, process.env[name]!]))
}
