import { existsSync, readdirSync, readFileSync } from "node:fs"
import { builtinModules } from "node:module"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

// The sandbox is its own package: its build compiles sandbox/src plus the plugin's src/lib files it
// imports, and installs only its own dependencies. An import of the plugin's Medusa code (providers,
// modules, api, workflows) or of a package it does not declare would break the published package.

const PACKAGE = join(__dirname, "..", "..")
const ROOT = join(PACKAGE, "..")
const SOURCES = join(PACKAGE, "src")
const SHARED = join(ROOT, "src", "lib")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === "__tests__" ? [] : sourceFiles(path)
    }
    return entry.name.endsWith(".ts") ? [path] : []
  })
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier)
  const found = [`${base}.ts`, join(base, "index.ts")].find((candidate) => existsSync(candidate))
  if (!found) {
    throw new Error(`${relative(ROOT, from)} imports ${specifier}, which does not resolve to a .ts file`)
  }
  return found
}

/** Every file the sandbox's build compiles, and every package those files import. */
function compiledProgram(): { files: string[]; packages: Set<string> } {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const queue = sourceFiles(SOURCES)
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) {
      continue
    }
    seen.add(file)
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (fileName.startsWith(".")) {
        queue.push(resolveRelative(file, fileName))
      } else {
        const [scopeOrName, name] = fileName.split("/")
        packages.add(scopeOrName.startsWith("@") ? `${scopeOrName}/${name}` : scopeOrName)
      }
    }
  }
  return { files: [...seen], packages }
}

describe("the sandbox package's boundary", () => {
  const { files, packages } = compiledProgram()

  it("compiles only its own sources and the plugin's framework-free src/lib", () => {
    const outside = files.filter((file) => !file.startsWith(SOURCES + "/") && !file.startsWith(SHARED + "/"))
    expect(outside.map((file) => relative(ROOT, file))).toEqual([])
    // It does use the shared rules rather than copies of them.
    expect(files.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(["src/lib/money.ts", "src/lib/plans.ts"]))
  })

  it("imports only Node's built-ins and the packages its package.json depends on", () => {
    const declared = Object.keys(JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")).dependencies)
    const undeclared = [...packages].filter(
      (name) => !name.startsWith("node:") && !builtinModules.includes(name) && !declared.includes(name)
    )
    expect(undeclared).toEqual([])
    expect([...packages].filter((name) => name.startsWith("@medusajs/"))).toEqual([])
  })
})
