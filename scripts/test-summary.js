// Prints how long each spec file (unit tests as one group) took, then one plain "N passed, N failed"
// line from jest's --json reports, for CI readers that do not parse jest's own summary. Exits
// non-zero when a report is missing or any test or suite failed.
// Usage: node scripts/test-summary.js [--started <epoch seconds>] report.json...
const fs = require("node:fs")
const path = require("node:path")

const args = process.argv.slice(2)
let started
if (args[0] === "--started") {
  started = Number(args[1]) * 1000
  args.splice(0, 2)
}

let passed = 0
let failed = 0
let broken = 0
const rows = []
for (const file of args) {
  if (!fs.existsSync(file)) {
    console.error(`test summary: ${file} is missing (the run crashed before reporting)`)
    broken++
    continue
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"))
  passed += report.numPassedTests
  failed += report.numFailedTests
  // A suite that fails to load has no failed tests but is still a failure.
  broken += report.numRuntimeErrorTestSuites ?? 0
  failed += report.numPendingTests + report.numTodoTests

  const project = path.basename(file, ".json")
  const results = report.testResults ?? []
  const tests = (result) => result.assertionResults?.length ?? 0
  if (project === "unit") {
    // Unit files run in parallel: the group's wall time is what a run waits for.
    const end = Math.max(report.startTime, ...results.map((result) => result.endTime ?? 0))
    rows.push(["unit (src/**/__tests__)", results.reduce((sum, result) => sum + tests(result), 0), end - report.startTime])
  } else {
    for (const result of results) {
      rows.push([path.relative(process.cwd(), result.name), tests(result), (result.endTime ?? 0) - (result.startTime ?? 0)])
    }
  }
}

if (rows.length) {
  const width = Math.max(...rows.map(([name]) => name.length), "spec".length)
  const line = (name, count, seconds) => `${name.padEnd(width)}  ${String(count).padStart(5)}  ${String(seconds).padStart(7)}`
  console.log("\n" + line("spec", "tests", "seconds"))
  for (const [name, count, ms] of rows) {
    console.log(line(name, count, (ms / 1000).toFixed(0)))
  }
  if (started) {
    console.log(line("npm test, wall time", "", ((Date.now() - started) / 1000).toFixed(0)))
  }
  console.log("")
}
console.log(`${passed} passed, ${failed + broken} failed`)
process.exit(failed + broken > 0 ? 1 : 0)
