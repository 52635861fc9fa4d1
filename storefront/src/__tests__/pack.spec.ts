import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// The published package, as a storefront gets it: `npm pack` (its prepack builds dist/), installed
// from the tarball into a fresh project outside the repository, each export entry loaded by
// require and by import, and its types checked by tsc as a Node16 and a bundler project would.
// React comes from the repository (linked in: a storefront has it); nothing is fetched.
const KIT = path.resolve(__dirname, "../..")
const REPO = path.resolve(KIT, "..")
const NAME = "medusa-payment-installments-storefront"
jest.setTimeout(300_000)

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, npm_config_loglevel: "error" },
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout ?? ""}${stderr ?? ""}`)
  }
}

describe("the packed kit in a fresh project", () => {
  let dir: string
  let project: string
  let packed: { filename: string; files: { path: string }[] }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kit-pack-"))
    // prepack's build may print before npm's JSON.
    const output = run("npm", ["pack", "--json", "--pack-destination", dir], KIT)
    ;[packed] = JSON.parse(output.slice(output.search(/^\[/m)))
    project = path.join(dir, "shop")
    fs.mkdirSync(project)
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "fresh-shop", private: true }))
    run(
      "npm",
      ["install", path.join(dir, packed.filename), "--offline", "--legacy-peer-deps", "--no-audit", "--no-fund", "--no-package-lock"],
      project
    )
    for (const linked of ["react", "@types/react", "@types/prop-types", "csstype"]) {
      const from = path.join(REPO, "node_modules", linked)
      if (fs.existsSync(from)) {
        fs.mkdirSync(path.dirname(path.join(project, "node_modules", linked)), { recursive: true })
        fs.symlinkSync(from, path.join(project, "node_modules", linked))
      }
    }
  })

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("holds the built entries, their types and the styles, and no sources or tests", () => {
    const files = packed.files.map((file) => file.path)
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/index.mjs",
        "dist/index.cjs",
        "dist/react.mjs",
        "dist/react.cjs",
        "dist/styles.css",
        "dist/types/storefront/src/index.d.ts",
        "dist/types/storefront/src/react/index.d.ts",
        "package.json",
      ])
    )
    expect(files.filter((file) => /(^src\/|__tests__|\.spec\.|\.tgz$)/.test(file))).toEqual([])
    // Installed, it depends on nothing: the js-sdk and React are the storefront's own.
    const installed = JSON.parse(fs.readFileSync(path.join(project, "node_modules", NAME, "package.json"), "utf8"))
    expect(installed.dependencies).toBeUndefined()
  })

  it("loads each entry with require (CommonJS)", () => {
    const script = `
      const kit = require("${NAME}")
      const react = require("${NAME}/react")
      console.log(JSON.stringify({
        line: kit.promoLine(1200, { locale: "ar" }),
        core: ["plansFor", "decideReturn", "installmentsReturnRoute", "paymentLink", "linkState", "offeredPaymentMethods", "paymentSessionBody"].every((name) => typeof kit[name] === "function"),
        react: ["InstallmentsPromo", "InstallmentsPayButton", "InstallmentsRefusal", "InstallmentsReview", "InstallmentsUnavailable", "useInstallmentsPayment"].every((name) => typeof react[name] === "function"),
        css: require.resolve("${NAME}/styles.css").endsWith("dist/styles.css"),
      }))`
    expect(JSON.parse(run(process.execPath, ["-e", script], project))).toEqual({
      line: "أو 24 × 50.00 ر.س بدون فوائد",
      core: true,
      react: true,
      css: true,
    })
  })

  it("loads each entry with import (ESM), the React entry marked for the client", () => {
    fs.writeFileSync(
      path.join(project, "check.mjs"),
      `import { promoLine, plansFor } from "${NAME}"
       import { InstallmentsPromo, InstallmentsRefusal } from "${NAME}/react"
       import { createElement } from "react"
       console.log(JSON.stringify({
         line: promoLine(1200, { locale: "en" }),
         plans: plansFor("1200.00").length,
         element: createElement(InstallmentsPromo, { amount: 1200 }).type === InstallmentsPromo && typeof InstallmentsRefusal,
       }))`
    )
    expect(JSON.parse(run(process.execPath, ["check.mjs"], project))).toEqual({
      line: "or 24 × 50.00 SAR at 0%",
      plans: 7,
      element: "function",
    })
    for (const file of ["react.mjs", "react.cjs"]) {
      expect(fs.readFileSync(path.join(project, "node_modules", NAME, "dist", file), "utf8")).toMatch(
        /^("use strict";\s*)?"use client";/
      )
    }
  })

  it("has types that resolve from ESM and CommonJS files (Node16) and from a bundler project, with no error", () => {
    const write = (file: string, text: string) => fs.writeFileSync(path.join(project, file), text)
    const use = (entry: string) => `
      import { decideReturn, installmentsReturnRoute, plansFor, promoLine, type InstallmentPlan, type StoreSdk } from "${NAME}"
      import { InstallmentsPayButton, InstallmentsPromo, InstallmentsRefusal } from "${NAME}/react"
      const plans: InstallmentPlan[] = plansFor("1200.00")
      const line: string | null = promoLine(1200, { locale: "ar" })
      declare const sdk: StoreSdk
      export const GET = installmentsReturnRoute({ sdk })
      export const decided = decideReturn(sdk, "cart_1")
      export const parts = [InstallmentsPromo, InstallmentsPayButton, InstallmentsRefusal, plans, line, ${JSON.stringify(entry)}]
      // @ts-expect-error the amount is a number or a decimal string
      promoLine(true)
    `
    write("esm.mts", use("esm"))
    write("cjs.cts", use("cjs"))
    write(
      "page.tsx",
      `import { InstallmentsPromo } from "${NAME}/react"\nexport const Page = () => <InstallmentsPromo amount={1200} locale="ar" />\n`
    )
    const options = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      jsx: "react-jsx",
      types: [],
      target: "es2020",
      lib: ["es2020", "dom"],
    }
    write(
      "tsconfig.json",
      JSON.stringify({ compilerOptions: { ...options, module: "node16", moduleResolution: "node16" }, files: ["esm.mts", "cjs.cts"] })
    )
    write(
      "tsconfig.bundler.json",
      JSON.stringify({
        compilerOptions: { ...options, module: "esnext", moduleResolution: "bundler" },
        files: ["esm.mts", "page.tsx"],
      })
    )
    const tsc = path.join(REPO, "node_modules", "typescript", "bin", "tsc")
    expect(run(process.execPath, [tsc, "-p", "tsconfig.json"], project)).toBe("")
    expect(run(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], project)).toBe("")
  })

  it("adds one package of a few kilobytes to the shop, and a promo line of under 4 KiB gzipped to its pages", () => {
    const installed = fs.readdirSync(path.join(project, "node_modules")).filter((entry) => !entry.startsWith("."))
    const links = ["react", "@types", "csstype"]
    expect(installed.filter((entry) => !links.includes(entry))).toEqual([NAME])
    const size = (target: string): number =>
      fs.statSync(target).isDirectory()
        ? fs.readdirSync(target).reduce((sum, entry) => sum + size(path.join(target, entry)), 0)
        : fs.statSync(target).size
    const bytes = size(path.join(project, "node_modules", NAME))
    expect(bytes).toBeLessThan(200 * 1024)
    // size.mjs bundles one import from the built package with esbuild (React left out), minified, gzipped.
    const figures = JSON.parse(run(process.execPath, [path.join(KIT, "size.mjs"), "--json"], KIT)) as Record<
      string,
      { minified: number; gzipped: number }
    >
    expect(figures["promo line (React: InstallmentsPromo)"].gzipped).toBeLessThan(4 * 1024)
    expect(figures["every React part"].gzipped).toBeLessThan(6 * 1024)
    console.log(`installed: ${(bytes / 1024).toFixed(1)} KiB; bundle: ${JSON.stringify(figures)}`)
  })
})
