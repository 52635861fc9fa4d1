import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { ensurePluginBuilt } from "../scripts/demo/plugin-package"

// The other integration spec loads the plugin from ./src; this one checks what a merchant installs:
// the built package, resolved through its own exports by plain Node, as `npm install` would give it.
const ROOT = path.resolve(__dirname, "..")

function node(script: string): string {
  return execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } })
}

beforeAll(() => {
  // Built from these very sources (a stale .medusa/server would test yesterday's code): rebuilt
  // unless this run's build already was.
  ensurePluginBuilt()
}, 120_000)

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
          startSandbox: typeof require(pkg + "/sandbox").startSandbox,
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
    expect(out.startSandbox).toBe("function")
    expect(out.parseAmount).toBe("299.99")
    expect(out.workflows).toEqual(expect.arrayContaining(["registerInstallmentsWebhookWorkflow"]))
    expect(out.admin).toBe("object")
  })

  it("ships the compiled server code, the migration and the sandbox bin, and no sources or tests", () => {
    const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: ROOT, encoding: "utf8" }))
    const files: string[] = packed.files.map((file: { path: string }) => file.path)
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        ".medusa/server/src/providers/installments/index.js",
        ".medusa/server/src/modules/installments/index.js",
        ".medusa/server/src/api/middlewares.js",
        ".medusa/server/src/sandbox/cli.js",
      ])
    )
    expect(files.some((file) => /modules\/installments\/migrations\/Migration\d+\.js$/.test(file))).toBe(true)
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([])
    expect(files.filter((file) => file.includes("__tests__") || file.includes("integration-tests"))).toEqual([])
    expect(files.filter((file) => /(^|\/)\.env/.test(file))).toEqual([])
  })

  it("has an executable sandbox bin that prints its usage", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"))
    const bin = path.join(ROOT, pkg.bin["installments-sandbox"])
    expect(existsSync(bin)).toBe(true)
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node")).toBe(true)
    const usage = execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" })
    expect(usage).toMatch(/--port/)
    expect(usage).toMatch(/--secret-key/)
  })
})
