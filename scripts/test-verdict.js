// What a run of `npm test` proved, from jest's --json reports, each job's exit status and log, and
// the committed test-manifest.json. Pure (no files, no process): scripts/test-summary.js reads the
// inputs and prints; scripts/__tests__/test-verdict.spec.js tests this.
//
// A run fails, with one line naming why, when a test fails, is skipped or todo, a suite fails to
// load, a job has no report, a job exits non-zero (the unit job on its coverage threshold), coverage
// was not collected, or a spec file in the manifest ran fewer tests than recorded or was not run.
// More tests than recorded, or a spec the manifest does not list, only adds a note: the manifest is
// updated on purpose (`npm run test:manifest`).
// Jest colours its coverage line: the escape sequences are stripped before it is quoted.
const ANSI_COLOURS = new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g")

const path = require("node:path")

const MANIFEST = "test-manifest.json"
const UPDATE = "npm run test:manifest"
// Past this many files, a job that ran none of them is one line, not a list.
const LISTED = 10

/** `integration-2` -> `integration`: the lanes of a project share its manifest entries. */
const projectOf = (job) => job.replace(/-\d+$/, "")

const relative = (root, file) => path.relative(root, file).split(path.sep).join("/")

const firstLine = (message) =>
  String(message ?? "")
    // jest's messages carry colours and a heading line ("● Test suite failed to run").
    .replace(ANSI_COLOURS, "")
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith("●")) ?? "no message"

/**
 * @param {object} input
 * @param {{ name: string, report?: object, exitStatus?: number, log?: string, reportFile?: string, logFile?: string, coverage?: boolean }[]} input.jobs
 *   one per jest process: `report` is its parsed --json output (absent when the process crashed
 *   before writing it), `coverage` whether it ran with --coverage.
 * @param {Record<string, Record<string, number>>} input.manifest project -> spec file -> test count
 * @param {string} input.root the repository, to which spec paths are relative
 * @returns {{ passed: number, failed: number, problems: string[], failures: string[], notes: string[], rows: [string, number, number][] }}
 *   `failed` counts failed, skipped and todo tests plus one per problem, so a failed run never reads "0 failed";
 *   `failures` names each of those tests, so a reader of the run's last lines knows which one.
 */
function judge({ jobs, manifest, root }) {
  let passed = 0
  let failedTests = 0
  const problems = []
  const failures = []
  const notes = []
  const rows = []
  // spec file -> tests it ran, over every job of a project
  const ran = new Map()

  for (const job of jobs) {
    const { name, report } = job
    const where = job.logFile ? ` (see ${job.logFile})` : ""
    if (!report) {
      problems.push(`${name}: no report${job.reportFile ? ` at ${job.reportFile}` : ""}: jest crashed before reporting${where}`)
      continue
    }
    const results = report.testResults ?? []
    let jobFailures = 0
    for (const result of results) {
      const file = relative(root, result.name)
      const tests = result.assertionResults ?? []
      const projectRan = ran.get(projectOf(name)) ?? new Map()
      projectRan.set(file, (projectRan.get(file) ?? 0) + tests.length)
      ran.set(projectOf(name), projectRan)
      for (const test of tests) {
        if (test.status === "passed") {
          passed++
        } else {
          // Skipped and todo tests prove nothing: they count as failures.
          failedTests++
          jobFailures++
          const title = test.fullName ?? test.title ?? "a test with no name"
          const why = test.status === "failed" ? firstLine(test.failureMessages?.[0]) : test.status
          failures.push(`${file} › ${title}: ${why}`)
        }
      }
      const testFailed = tests.some((test) => test.status === "failed")
      if (result.status === "failed" && !testFailed) {
        // No failed test, yet the file failed: it did not load, or a hook outside any test threw.
        problems.push(`${file}: suite failed to run: ${firstLine(result.message ?? result.failureMessage)}`)
        jobFailures++
      }
    }
    if (job.coverage && !report.coverageMap) {
      problems.push(`${name}: no coverage in its report: it ran without --coverage, so its threshold was not checked`)
      jobFailures++
    }
    const thresholdLines = (job.log ?? "").split("\n").filter((line) => /coverage threshold for .* not met/.test(line))
    for (const line of thresholdLines) {
      problems.push(`${name}: coverage threshold missed: ${line.replace(ANSI_COLOURS, "").trim()}`)
      jobFailures++
    }
    if (job.exitStatus !== undefined && job.exitStatus !== 0 && jobFailures === 0) {
      problems.push(`${name}: jest exited ${job.exitStatus} with no failed test${where}`)
    }

    if (projectOf(name) === "unit") {
      // Unit files run in parallel: the group's wall time is what a run waits for.
      const end = Math.max(report.startTime, ...results.map((result) => result.endTime ?? 0))
      rows.push([
        "unit (src/**/__tests__, sandbox, scripts)",
        results.reduce((sum, r) => sum + (r.assertionResults?.length ?? 0), 0),
        end - report.startTime,
      ])
    } else {
      for (const result of results) {
        rows.push([relative(root, result.name), result.assertionResults?.length ?? 0, (result.endTime ?? 0) - (result.startTime ?? 0)])
      }
    }
  }

  for (const [project, expected] of Object.entries(manifest ?? {})) {
    if (project.startsWith("$")) {
      continue
    }
    const actual = ran.get(project) ?? new Map()
    const missing = Object.keys(expected).filter((file) => !actual.has(file))
    const reported = jobs.some((job) => projectOf(job.name) === project && job.report)
    if (missing.length > LISTED && actual.size === 0) {
      problems.push(
        `${project}: none of its ${missing.length} spec files in ${MANIFEST} ran${reported ? "" : " (its job has no report)"}`
      )
    } else {
      for (const file of missing) {
        problems.push(
          `${file}: not run (${MANIFEST} has it with ${expected[file]} tests): not collected, renamed or deleted? If on purpose, ${UPDATE}`
        )
      }
    }
    for (const [file, count] of actual) {
      if (!(file in expected)) {
        notes.push(`${file}: ${count} tests, not in ${MANIFEST}: ${UPDATE} to record it`)
      } else if (count < expected[file]) {
        problems.push(
          `${file}: ran ${count} tests, ${MANIFEST} has ${expected[file]}: ${expected[file] - count} not collected. If on purpose, ${UPDATE}`
        )
      } else if (count > expected[file]) {
        notes.push(`${file}: ran ${count} tests, ${MANIFEST} has ${expected[file]}: ${UPDATE} to record the new ones`)
      }
    }
  }

  return { passed, failed: failedTests + problems.length, problems, failures, notes, rows }
}

module.exports = { judge, projectOf, firstLine }
