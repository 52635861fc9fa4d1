// Prints one plain "N passed, N failed" line from jest's --json reports, for CI readers that do not
// parse jest's own summary. Exits non-zero when a report is missing or any test or suite failed.
const fs = require("node:fs")

let passed = 0
let failed = 0
let broken = 0
for (const file of process.argv.slice(2)) {
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
}
console.log(`${passed} passed, ${failed + broken} failed`)
process.exit(failed + broken > 0 ? 1 : 0)
