import { existsSync, readdirSync, readFileSync } from "node:fs"
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

/** Files outside sandbox/ that the sandbox's sources pull in, directly or through other shared files. */
function sharedFilesCompiled(): string[] {
  const seen = new Set<string>()
  const queue = codeFiles(join(PACKAGE, "src")).filter((file) => !file.includes(`${sep}__tests__${sep}`))
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) {
      continue
    }
    seen.add(file)
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (fileName.startsWith(".")) {
        const base = resolve(dirname(file), fileName)
        queue.push(...[`${base}.ts`, join(base, "index.ts")].filter((candidate) => existsSync(candidate)).slice(0, 1))
      }
    }
  }
  return [...seen].filter((file) => !file.startsWith(PACKAGE + sep)).map((file) => relative(ROOT, file))
}

describe("the sandbox is independent of the client", () => {
  it("no file under sandbox/ imports from src/lib/client", () => {
    expect(clientImports()).toEqual([])
  })

  // A shared src/lib file that imports the client (src/lib/webhooks/index.ts does, for its event
  // schemas) would bring the client's rules back in by the side door.
  it("nor does any shared file the sandbox's build compiles", () => {
    expect(sharedFilesCompiled().filter((file) => file.startsWith(`src${sep}lib${sep}client${sep}`))).toEqual([])
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
