// Prints how long each spec file (unit tests as one group) took, each failed, skipped or todo test by
// name, any reason the run failed besides failed tests (scripts/test-verdict.js decides), notes, then one plain "N passed, N failed" line for
// CI readers that do not parse jest's own summary. Exits non-zero when the run failed.
// For each report `x.json` it also reads `x.status` (the jest process's exit status, written by
// scripts/test-suites.sh) and `x.log` (its output) when present; a report named unit* ran with
// --coverage.
// Usage: node scripts/test-summary.js [--started <epoch seconds>] [--manifest <file>] report.json...
const fs = require("node:fs")
const path = require("node:path")
const { judge } = require("./test-verdict")

const args = process.argv.slice(2)
let started
let manifestFile = "test-manifest.json"
while (args[0]?.startsWith("--")) {
  const [flag, value] = args.splice(0, 2)
  if (flag === "--started") started = Number(value) * 1000
  else if (flag === "--manifest") manifestFile = value
  else throw new Error(`test summary: unknown option ${flag}`)
}

const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined)
const sibling = (file, ext) => path.join(path.dirname(file), `${path.basename(file, ".json")}${ext}`)

const jobs = args.map((reportFile) => {
  const report = read(reportFile)
  const status = read(sibling(reportFile, ".status"))
  const logFile = sibling(reportFile, ".log")
  const name = path.basename(reportFile, ".json")
  return {
    name,
    reportFile,
    logFile: fs.existsSync(logFile) ? logFile : undefined,
    report: report === undefined ? undefined : JSON.parse(report),
    exitStatus: status === undefined ? undefined : Number(status.trim()),
    log: read(logFile),
    coverage: name.startsWith("unit"),
  }
})
const manifestText = read(manifestFile)
const manifest = manifestText === undefined ? undefined : JSON.parse(manifestText)

const { passed, failed, problems, failures, notes, rows } = judge({ jobs, manifest, root: process.cwd() })
if (!manifest) {
  problems.push(`${manifestFile} is missing: no spec can be checked for having run; npm run test:manifest writes it`)
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
for (const note of notes) {
  console.log(`note: ${note}`)
}
for (const failure of failures) {
  console.log(`FAILED test: ${failure}`)
}
for (const problem of problems) {
  console.log(`FAILED: ${problem}`)
}
// A missing manifest is one more reason the run cannot be called green.
const failedCount = failed + (manifest ? 0 : 1)
console.log(`${passed} passed, ${failedCount} failed`)
process.exit(failedCount > 0 ? 1 : 0)
