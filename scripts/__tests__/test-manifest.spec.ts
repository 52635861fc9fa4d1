import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// `npm test` checks test-manifest.json against the reports of the run it made (scripts/test.sh runs
// `node scripts/test-manifest.js --check --reports ...`): the counts come from those reports, and the
// check fails, naming each file, when they differ from the committed manifest in either direction.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { countsOfReports, manifestText, projectOfReport } = require("../test-manifest.js") as {
  countsOfReports: (reports: { file: string; report: unknown }[], root: string) => Record<string, Record<string, number>>
  manifestText: (counts: Record<string, Record<string, number>>) => string
  projectOfReport: (file: string) => string
}

const ROOT = path.join(__dirname, "..", "..")
const SCRIPT = path.join(ROOT, "scripts", "test-manifest.js")

/** A jest --json report of these spec files (relative to ROOT), each with that many passed tests. */
function report(files: Record<string, number>) {
  return {
    testResults: Object.entries(files).map(([file, count]) => ({
      name: path.join(ROOT, file),
      assertionResults: Array.from({ length: count }, (_, i) => ({ title: `test ${i}`, status: "passed" })),
    })),
  }
}

describe("test-manifest.js --check --reports: the manifest against a run's own reports", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "manifest-check-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name)
    fs.writeFileSync(file, JSON.stringify(content))
    return file
  }
  const check = (...files: string[]) => spawnSync("node", [SCRIPT, "--check", "--reports", ...files], { cwd: ROOT, encoding: "utf8" })

  it("reads a report's project from its file name; lanes of a project add up", () => {
    expect(["unit.json", "integration-1.json", "integration-4.json"].map(projectOfReport)).toEqual([
      "unit",
      "integration",
      "integration",
    ])
    const counts = countsOfReports(
      [
        { file: "unit.json", report: report({ "src/b.spec.ts": 2, "src/a.spec.ts": 1 }) },
        { file: "integration-1.json", report: report({ "integration-tests/x.spec.ts": 3 }) },
        { file: "integration-2.json", report: report({ "integration-tests/w.spec.ts": 4 }) },
      ],
      ROOT
    )
    expect(counts).toEqual({
      unit: { "src/a.spec.ts": 1, "src/b.spec.ts": 2 },
      integration: { "integration-tests/w.spec.ts": 4, "integration-tests/x.spec.ts": 3 },
    })
    // Sorted as npm run test:manifest writes them, so an up-to-date manifest is the same text.
    expect(Object.keys(JSON.parse(manifestText(counts)).unit)).toEqual(["src/a.spec.ts", "src/b.spec.ts"])
  })

  it("passes when the reports ran what the committed manifest records", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(ROOT, "test-manifest.json"), "utf8"))
    const run = check(write("unit.json", report(committed.unit)), write("integration-2.json", report(committed.integration)))
    expect(run.stderr).toBe("")
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^test-manifest\.json is up to date \(unit: \d+ files/)
  })

  it("fails naming each file whose count differs: more tests, fewer, a spec not recorded, a spec not run", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(ROOT, "test-manifest.json"), "utf8")) as Record<
      string,
      Record<string, number>
    >
    const [more, fewer, gone] = Object.keys(committed.unit)
    const unit: Record<string, number> = { ...committed.unit, [more]: committed.unit[more] + 1, [fewer]: committed.unit[fewer] - 1 }
    delete unit[gone]
    unit["src/new-file.spec.ts"] = 2
    const run = check(write("unit.json", report(unit)), write("integration-1.json", report(committed.integration)))
    expect(run.status).toBe(1)
    expect(run.stderr.split("\n").slice(1).filter(Boolean).sort()).toEqual(
      [
        `  ${more}: ${committed.unit[more] + 1} tests ran, test-manifest.json has ${committed.unit[more]}`,
        `  ${fewer}: ${committed.unit[fewer] - 1} tests ran, test-manifest.json has ${committed.unit[fewer]}`,
        `  ${gone}: no tests ran, test-manifest.json has ${committed.unit[gone]}`,
        "  src/new-file.spec.ts: 2 tests ran, test-manifest.json has none",
      ].sort()
    )
    expect(run.stderr).toMatch(/^test-manifest\.json is out of date \(this run: unit: /)
  })

  it("fails when a report is missing: nothing is checked against a run that left none", () => {
    const run = check(path.join(dir, "unit.json"))
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(`test-manifest.json not checked: no jest report at ${path.join(dir, "unit.json")}\n`)
  })
})
