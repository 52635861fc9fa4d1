// Writes test-manifest.json: every spec file jest collects and how many tests it defines, per jest
// project. `npm test` fails when a spec in it does not run or runs fewer tests (scripts/test-verdict.js),
// so this is run on purpose, after adding, removing or renaming tests, and the diff is committed.
//
// It collects without running: jest loads every spec with a test name pattern no test matches, so
// no hook runs and no Medusa boots (no database, no lock needed; about 3 minutes on a busy 2-core machine). A spec that fails
// to load stops it: a manifest must not record a broken file as having no tests.
// Usage: npm run test:manifest [-- --check]   (--check: exit 1 if the committed file is out of date)
//        node scripts/test-manifest.js --check --reports <jest --json report>...
// With --reports, the counts are a run's own instead of a fresh collection: `npm test` (scripts/test.sh)
// checks the manifest against the reports of the run it just made, which ran every spec (unit.json is
// the unit project; integration-<n>.json its lanes), so the check costs no second load of every spec.
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.join(__dirname, "..")
const OUT = path.join(ROOT, "test-manifest.json")
const PROJECTS = ["unit", "integration"]

function collect(project) {
  const report = path.join(ROOT, "test-results", `manifest-${project}.json`)
  fs.mkdirSync(path.dirname(report), { recursive: true })
  fs.rmSync(report, { force: true })
  const run = spawnSync(
    "npx",
    [
      "jest",
      "--config",
      "jest.config.js",
      "--selectProjects",
      project,
      "--testNamePattern",
      "(?!)",
      "--json",
      "--outputFile",
      report,
      "--silent",
    ],
    // Integration specs load as `npm test` loads them.
    {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_OPTIONS: project === "integration" ? "--experimental-vm-modules" : (process.env.NODE_OPTIONS ?? ""),
      },
    }
  )
  if (!fs.existsSync(report)) {
    throw new Error(`jest wrote no report for ${project}:\n${run.stderr}`)
  }
  const { testResults } = JSON.parse(fs.readFileSync(report, "utf8"))
  const broken = testResults.filter((result) => result.status === "failed")
  if (broken.length) {
    throw new Error(
      `these specs failed to load; fix them first:\n${broken.map((r) => `${path.relative(ROOT, r.name)}: ${r.message}`).join("\n")}`
    )
  }
  const counts = testResults
    .map((result) => [path.relative(ROOT, result.name).split(path.sep).join("/"), result.assertionResults.length])
    .sort(([a], [b]) => a.localeCompare(b))
  return Object.fromEntries(counts)
}

/** `integration-2.json` -> `integration`: a report's project, from its file name (lanes share one). */
function projectOfReport(file) {
  return path.basename(file, ".json").replace(/-\d+$/, "")
}

/**
 * The manifest's counts from jest --json reports that together ran every spec once: project -> spec
 * file (relative to `root`) -> tests. A file run in two reports of a project adds up both runs, so a
 * spec run twice shows as a difference too.
 */
function countsOfReports(reports, root) {
  const counts = Object.fromEntries(PROJECTS.map((project) => [project, {}]))
  for (const { file, report } of reports) {
    const project = projectOfReport(file)
    if (!(project in counts)) {
      throw new Error(`${file}: not a report of a jest project (${PROJECTS.join(", ")})`)
    }
    for (const result of report.testResults ?? []) {
      const spec = path.relative(root, result.name).split(path.sep).join("/")
      counts[project][spec] = (counts[project][spec] ?? 0) + (result.assertionResults ?? []).length
    }
  }
  return Object.fromEntries(
    Object.entries(counts).map(([project, files]) => [
      project,
      Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
    ])
  )
}

/** The manifest file's text for these counts. */
function manifestText(counts) {
  const manifest = {
    $comment:
      "Every spec file and its test count, per jest project. Written by `npm run test:manifest`; npm test fails when a spec here does not run or runs fewer tests.",
    ...Object.fromEntries(PROJECTS.map((project) => [project, counts[project]])),
  }
  return JSON.stringify(manifest, null, 2) + "\n"
}

function summaryOf(counts) {
  const total = (project) => Object.values(counts[project]).reduce((sum, n) => sum + n, 0)
  return PROJECTS.map((p) => `${p}: ${Object.keys(counts[p]).length} files, ${total(p)} tests`).join("; ")
}

function main(argv) {
  const at = argv.indexOf("--reports")
  const reportFiles = at === -1 ? undefined : argv.slice(at + 1).filter((arg) => !arg.startsWith("--"))
  let counts
  if (reportFiles) {
    const missing = reportFiles.filter((file) => !fs.existsSync(file))
    if (!reportFiles.length || missing.length) {
      console.error(`test-manifest.json not checked: no jest report at ${missing.join(", ") || "(none given)"}`)
      return 1
    }
    counts = countsOfReports(
      reportFiles.map((file) => ({ file, report: JSON.parse(fs.readFileSync(file, "utf8")) })),
      ROOT
    )
  } else {
    counts = Object.fromEntries(PROJECTS.map((project) => [project, collect(project)]))
  }
  const text = manifestText(counts)
  const summary = summaryOf(counts)
  if (argv.includes("--check")) {
    const committed = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : ""
    if (committed !== text) {
      const recorded = committed ? JSON.parse(committed) : {}
      const differences = PROJECTS.flatMap((project) => {
        const was = recorded[project] ?? {}
        const now = counts[project]
        return [...new Set([...Object.keys(was), ...Object.keys(now)])]
          .sort()
          .filter((file) => was[file] !== now[file])
          .map(
            (file) =>
              `  ${file}: ${now[file] ?? "no"} tests${reportFiles ? " ran" : ""}, test-manifest.json has ${was[file] ?? "none"}`
          )
      })
      console.error(
        [
          `test-manifest.json is out of date (${reportFiles ? "this run" : "collected"}: ${summary}): run npm run test:manifest`,
          ...differences,
        ].join("\n")
      )
      return 1
    }
    console.log(`test-manifest.json is up to date (${summary})`)
    return 0
  }
  fs.writeFileSync(OUT, text)
  console.log(`wrote test-manifest.json (${summary})`)
  return 0
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2))
}

module.exports = { countsOfReports, manifestText, projectOfReport }
