import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// A scenario file (integration-tests/scenarios/) defines tests only when a spec calls it: one that no
// integration spec imports, directly or through a helper, never runs, and nothing else would say so.

const ROOT = path.join(__dirname, "..", "..")

// The relative modules a file loads when it runs: `import … from`, `export … from`, a bare `import "…"`,
// `require("…")` and `import("…")`. A type-only import (`import type`, `export type`) loads nothing.
const FROM = /\b(import|export)\b([^;"'`]*?)\bfrom\s*["'](\.[^"']*)["']/g
const BARE = /\bimport\s*["'](\.[^"']*)["']/g
const CALLED = /\b(?:require|import)\(\s*["'](\.[^"']*)["']\s*\)/g

function loadedModules(source: string): string[] {
  const loaded: string[] = []
  for (const [, , clause, specifier] of source.matchAll(FROM)) {
    if (!/^\s*type\b/.test(clause)) loaded.push(specifier)
  }
  for (const [, specifier] of source.matchAll(BARE)) loaded.push(specifier)
  for (const [, specifier] of source.matchAll(CALLED)) loaded.push(specifier)
  return loaded
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [
    base,
    ...[".ts", ".tsx", ".js"].map((ext) => base + ext),
    ...["index.ts", "index.js"].map((i) => path.join(base, i)),
  ]
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : /\.[jt]sx?$/.test(entry.name) ? [full] : []
  })
}

/**
 * The scenario files of `root`'s integration-tests/scenarios/ that no integration-tests/*.spec.ts loads,
 * directly or through the files it loads (helpers, other scenarios), as paths relative to scenarios/.
 */
export function scenariosNotRun(root: string): string[] {
  const tests = path.join(root, "integration-tests")
  const specs = fs.readdirSync(tests).filter((name) => /\.spec\.[jt]s$/.test(name))
  const reached = new Set<string>()
  const queue = specs.map((name) => path.join(tests, name))
  while (queue.length) {
    const file = queue.pop() as string
    if (reached.has(file)) continue
    reached.add(file)
    for (const specifier of loadedModules(fs.readFileSync(file, "utf8"))) {
      const target = resolveModule(file, specifier)
      // Only the test tree is followed: a scenario is loaded from a spec or a helper, not from src/.
      if (target && target.startsWith(tests + path.sep)) queue.push(target)
    }
  }
  const scenarios = path.join(tests, "scenarios")
  return filesUnder(scenarios)
    .filter((file) => !reached.has(file))
    .map((file) => path.relative(scenarios, file).split(path.sep).join("/"))
    .sort()
}

describe("every scenario file runs", () => {
  it("is loaded by an integration spec, directly or through a helper", () => {
    expect(filesUnder(path.join(ROOT, "integration-tests", "scenarios")).length).toBeGreaterThan(0)
    expect(scenariosNotRun(ROOT)).toEqual([])
  })

  it("names a scenario that nothing loads, or that is loaded only for its types", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "scenarios-run-"))
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      fs.writeFileSync(path.join(root, file), text)
    }
    try {
      write(
        "integration-tests/a.spec.ts",
        [
          'import { direct } from "./scenarios/direct"',
          'import type { Shape } from "./scenarios/types-only"',
          'import {\n  run,\n} from "./helpers/runner"',
          'const lazy = require("./scenarios/required")',
        ].join("\n")
      )
      write("integration-tests/helpers/runner.ts", 'export { viaHelper as run } from "../scenarios/nested/via-helper"\n')
      write("integration-tests/scenarios/direct.ts", 'import "./side-effect"\nexport const direct = 1\n')
      write("integration-tests/scenarios/side-effect.ts", "")
      write("integration-tests/scenarios/nested/via-helper.ts", "export const viaHelper = 1\n")
      write("integration-tests/scenarios/required.ts", "")
      write("integration-tests/scenarios/types-only.ts", "export type Shape = number\n")
      write("integration-tests/scenarios/orphan.ts", "export const orphan = 1\n")
      // Loaded only by a file that is not a spec: still never run.
      write("integration-tests/sequencer.js", 'require("./scenarios/by-sequencer")\n')
      write("integration-tests/scenarios/by-sequencer.ts", "")
      expect(scenariosNotRun(root)).toEqual(["by-sequencer.ts", "orphan.ts", "types-only.ts"])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
