import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { ensurePluginBuilt } from "../scripts/demo/plugin-package"
import { withBuildLock } from "./helpers/store-apps"

// The other integration spec loads the plugin from ./src; this one checks what a merchant installs:
// the built package, resolved through its own exports by plain Node, as `npm install` would give it.
const ROOT = path.resolve(__dirname, "..")

function node(script: string): string {
  return execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } })
}

beforeAll(async () => {
  // Built from these very sources (a stale .medusa/server would test yesterday's code): rebuilt
  // unless this run's build already was; never while the run's store apps are being prepared.
  await withBuildLock(async () => ensurePluginBuilt())
}, 300_000)

describe("the built plugin package", () => {
  it("resolves every documented entry point by its package name", () => {
    const out = JSON.parse(
      node(`
        const pkg = "medusa-payment-installments"
        const provider = require(pkg + "/providers/installments").default
        const mod = require(pkg + "/modules/installments").default
        const workflows = require(pkg + "/workflows")
        console.log(JSON.stringify({
          providerIdentifiers: provider.services.map((s) => s.identifier),
          providerModule: provider.module,
          moduleHasService: typeof mod.service,
          client: typeof require(pkg + "/client").InstallmentsClient,
          verifyWebhook: typeof require(pkg + "/webhooks").verifyWebhook,
          parseAmount: require(pkg + "/money").formatAmount(require(pkg + "/money").parseAmount("299.99000")),
          workflows: Object.keys(workflows).sort(),
          admin: typeof require(pkg + "/admin"),
        }))
      `)
    )
    expect(out.providerIdentifiers).toEqual(["installments"])
    expect(out.providerModule).toBe("payment")
    expect(out.moduleHasService).toBe("function")
    expect(out.client).toBe("function")
    expect(out.verifyWebhook).toBe("function")
    expect(out.parseAmount).toBe("299.99")
    expect(out.workflows).toEqual(expect.arrayContaining(["registerInstallmentsWebhookWorkflow"]))
    expect(out.admin).toBe("object")
  })

  it("ships the compiled server code and the migration, and no sources, tests or sandbox", () => {
    const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: ROOT, encoding: "utf8" }))
    const files: string[] = packed.files.map((file: { path: string }) => file.path)
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        ".medusa/server/src/providers/installments/index.js",
        ".medusa/server/src/modules/installments/index.js",
        ".medusa/server/src/api/middlewares.js",
      ])
    )
    expect(files.some((file) => /modules\/installments\/migrations\/Migration\d+\.js$/.test(file))).toBe(true)
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([])
    expect(files.filter((file) => file.includes("__tests__") || file.includes("integration-tests"))).toEqual([])
    expect(files.filter((file) => /(^|\/)\.env/.test(file))).toEqual([])
    // The sandbox is the separate dev package medusa-payment-installments-sandbox (below).
    expect(files.filter((file) => /sandbox/i.test(file))).toEqual([])
  })

  it("declares no sandbox bin, export or dependency", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"))
    expect(pkg.bin).toBeUndefined()
    expect(Object.keys(pkg.exports)).not.toContain("./sandbox")
    // express and pdf-lib serve only the sandbox; a store gets Medusa's own express.
    for (const name of ["express", "pdf-lib", "medusa-payment-installments-sandbox"]) {
      expect(pkg.dependencies).not.toHaveProperty([name])
      expect(pkg.peerDependencies).not.toHaveProperty([name])
    }
  })
})

describe("the built sandbox package (medusa-payment-installments-sandbox)", () => {
  const SANDBOX = path.join(ROOT, "sandbox")

  beforeAll(async () => {
    await withBuildLock(async () => {
      execFileSync("npm", ["run", "build", "--workspace", "sandbox"], { cwd: ROOT, stdio: "ignore" })
    })
  }, 300_000)

  it("packs its compiled code with the shared src/lib rules it uses, and no sources or tests", async () => {
    // What `npm publish` would ship: its prepack runs the same `npm run build` this file's beforeAll
    // just ran from these sources, so the dry run lists that build without running it a second time.
    let listing = ""
    await withBuildLock(async () => {
      listing = execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json", "--workspace", "sandbox"], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      })
    })
    const [packed] = JSON.parse(listing)
    const files: string[] = packed.files.map((file: { path: string }) => file.path)
    expect(JSON.parse(readFileSync(path.join(SANDBOX, "package.json"), "utf8")).scripts.prepack).toBe("npm run build")
    expect(packed.name).toBe("medusa-payment-installments-sandbox")
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "dist/sandbox/src/index.js",
        "dist/sandbox/src/index.d.ts",
        "dist/sandbox/src/cli.js",
        "bin/installments-sandbox.js",
        "dist/src/lib/money.js",
        "dist/src/lib/plans.js",
      ])
    )
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([])
    expect(files.filter((file) => file.includes("__tests__"))).toEqual([])
    // Only the framework-free rules come along, never the plugin's Medusa code.
    expect(files.filter((file) => /^dist\/src\/(?!lib\/)/.test(file) || /^dist\/src\/lib\/client\/(?!schemas\/)/.test(file))).toEqual(
      []
    )
  }, 120_000)

  it("resolves startSandbox by its package name", () => {
    expect(node(`console.log(typeof require("medusa-payment-installments-sandbox").startSandbox)`).trim()).toBe("function")
  })

  it("has an executable installments-sandbox bin that prints its usage", () => {
    const pkg = JSON.parse(readFileSync(path.join(SANDBOX, "package.json"), "utf8"))
    const bin = path.join(SANDBOX, pkg.bin["installments-sandbox"])
    expect(existsSync(bin)).toBe(true)
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node")).toBe(true)
    const usage = execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" })
    expect(usage).toMatch(/--port/)
    expect(usage).toMatch(/--secret-key/)
  })

  it("is linked as npx installments-sandbox in this checkout (its bin exists before the build, so npm links it)", () => {
    const usage = execFileSync("npx", ["--no", "--", "installments-sandbox", "--help"], { cwd: ROOT, encoding: "utf8" })
    expect(usage).toMatch(/^Usage: installments-sandbox/m)
  })
})
