import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import ts from "typescript"

// The sandbox is the second reading of docs/service-api.md that the client's contract scenarios are
// checked against. If it borrowed the client's schemas or rules, a misreading in the client would be
// repeated in the sandbox and the scenarios would pass on both: so no file under sandbox/, tests
// included, may import the client, by relative path or through the plugin's package name.

const PACKAGE = join(__dirname, "..", "..")
const ROOT = join(PACKAGE, "..")
const CLIENT = join(ROOT, "src", "lib", "client")
const SKIPPED = new Set(["node_modules", "dist"])
const CODE = /\.(?:[cm]?[jt]s|tsx)$/

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return SKIPPED.has(entry.name) ? [] : codeFiles(path)
    }
    return CODE.test(entry.name) ? [path] : []
  })
}

/** Whether an import specifier written in `file` reaches the plugin's client. */
function reachesClient(file: string, specifier: string): boolean {
  if (specifier.startsWith(".")) {
    const target = resolve(dirname(file), specifier)
    return target === CLIENT || target.startsWith(CLIENT + sep)
  }
  return /^medusa-payment-installments\/(?:client\b|\.medusa\/server\/src\/lib\/client\b)/.test(specifier)
}

/** "file: specifier" for each import of the client under sandbox/. */
function clientImports(): string[] {
  return codeFiles(PACKAGE).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, "utf8"), true, true)
      .importedFiles.filter(({ fileName }) => reachesClient(file, fileName))
      .map(({ fileName }) => `${relative(ROOT, file)}: ${fileName}`)
  )
}

describe("the sandbox is independent of the client", () => {
  it("no file under sandbox/ imports from src/lib/client", () => {
    expect(clientImports()).toEqual([])
  })

  it("the scan sees every kind of import that reaches the client", () => {
    const file = join(PACKAGE, "src", "routes", "example.ts")
    expect(reachesClient(file, "../../../src/lib/client/schemas/common")).toBe(true)
    expect(reachesClient(file, "../../../src/lib/client")).toBe(true)
    expect(reachesClient(file, "medusa-payment-installments/client")).toBe(true)
    expect(reachesClient(file, "../../../src/lib/money")).toBe(false)
    expect(reachesClient(file, "../../../src/lib/clientele")).toBe(false)
    const found = ts.preProcessFile('const c = require("../../../src/lib/client")\nexport * from "../x"', true, true).importedFiles
    expect(found.map(({ fileName }) => fileName)).toContain("../../../src/lib/client")
  })
})
