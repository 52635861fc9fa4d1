import fs from "node:fs"
import { builtinModules } from "node:module"
import os from "node:os"
import path from "node:path"
import { importGraph, type ImportGraph } from "./import-graph"

const REPO = path.resolve(__dirname, "../../..")
const ENTRIES = [path.join(REPO, "storefront/src/index.ts"), path.join(REPO, "storefront/src/react/index.tsx")]

/** The plugin's files the kit may share: pure rules with no import outside themselves. */
const SHARED = ["src/installments/messages/shopper-language.ts", "src/lib/money.ts", "src/lib/plans.ts"]
/** The only packages the kit's code may import (React's JSX runtime comes with react). */
const PACKAGES = ["react"]
const SERVER_PATHS = /^src\/(api|modules|providers|workflows|subscribers|jobs|admin|lib\/client|lib\/webhooks)\//

/** What a storefront kit must never pull in, file by file: the reasons the graph is refused. */
function serverCode(graph: ImportGraph, root: string): string[] {
  const problems: string[] = []
  for (const { specifier, from } of graph.packages) {
    const where = path.relative(root, from)
    if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0])) {
      problems.push(`${where} imports the Node builtin ${specifier}`)
    } else if (/^@medusajs\/(framework|medusa|utils|modules-sdk|workflows-sdk)(\/|$)/.test(specifier)) {
      problems.push(`${where} imports Medusa's server package ${specifier}`)
    } else if (!PACKAGES.includes(specifier)) {
      problems.push(`${where} imports ${specifier}, not one of the kit's packages (${PACKAGES.join(", ")})`)
    }
  }
  for (const file of graph.files.map((absolute) => path.relative(root, absolute).split(path.sep).join("/"))) {
    if (SERVER_PATHS.test(file)) {
      problems.push(`the kit reaches server code: ${file}`)
    } else if (!file.startsWith("storefront/src/") && !SHARED.includes(file)) {
      problems.push(`the kit reaches ${file}, which is not one of the plugin's shared pure files`)
    }
  }
  return problems
}

describe("the storefront kit imports no server code", () => {
  const graph = importGraph(ENTRIES)

  it("reaches only its own files and the plugin's pure rules (plans, money, the shopper's words)", () => {
    const outside = graph.files.map((file) => path.relative(REPO, file)).filter((file) => !file.startsWith("storefront/"))
    expect(outside.sort()).toEqual(SHARED)
    expect(serverCode(graph, REPO)).toEqual([])
  })

  it("imports no package but React: not Medusa's server, not the js-sdk at run time, no Node builtin", () => {
    expect([...new Set(graph.packages.map((entry) => entry.specifier))]).toEqual(["react"])
  })

  it("calls only store routes and reads no environment (it carries no key)", () => {
    const sources = graph.files.map((file) => fs.readFileSync(file, "utf8")).join("\n")
    const fetched = [...sources.matchAll(/client\.fetch<[\s\S]*?>\(\s*[`"']([^`"']+)/g)].map((match) => match[1])
    expect(fetched.length).toBeGreaterThanOrEqual(2)
    expect(fetched.every((route) => route.startsWith("/store/"))).toBe(true)
    expect(sources).not.toMatch(/process\.env|\/admin\/|\/hooks\/|x-publishable-api-key/)
  })

  it("the walk finds what it must refuse: a Node builtin, Medusa's framework, a route, the service's client", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "kit-graph-"))
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
        fs.writeFileSync(path.join(root, file), text)
      }
      write("storefront/src/index.ts", 'export * from "./a"\nimport "../../src/api/store/route"\n')
      write(
        "storefront/src/a.ts",
        'import fs from "node:fs"\nimport type { MedusaRequest } from "@medusajs/framework/http"\nexport const x = () => import("crypto")\n'
      )
      write("src/api/store/route.ts", 'import { client } from "../../lib/client"\n')
      write("src/lib/client/index.ts", 'import axios from "axios"\n')
      const problems = serverCode(importGraph([path.join(root, "storefront/src/index.ts")]), root)
      expect(problems).toEqual(
        expect.arrayContaining([
          "storefront/src/a.ts imports the Node builtin node:fs",
          "storefront/src/a.ts imports Medusa's server package @medusajs/framework/http",
          "storefront/src/a.ts imports the Node builtin crypto",
          "src/lib/client/index.ts imports axios, not one of the kit's packages (react)",
          "the kit reaches server code: src/api/store/route.ts",
          "the kit reaches server code: src/lib/client/index.ts",
        ])
      )
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
