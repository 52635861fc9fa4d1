// Writes test-manifest.json: every spec file jest collects and how many tests it defines, per jest
// project. `npm test` fails when a spec in it does not run or runs fewer tests (scripts/test-verdict.js),
// so this is run on purpose, after adding, removing or renaming tests, and the diff is committed.
//
// It collects without running: jest loads every spec with a test name pattern no test matches, so
// no hook runs and no Medusa boots (no database, no lock needed; about 3 minutes on a busy 2-core machine). A spec that fails
// to load stops it: a manifest must not record a broken file as having no tests.
// Usage: npm run test:manifest [-- --check]   (--check: exit 1 if the committed file is out of date)
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

const manifest = {
  $comment:
    "Every spec file and its test count, per jest project. Written by `npm run test:manifest`; npm test fails when a spec here does not run or runs fewer tests.",
  ...Object.fromEntries(PROJECTS.map((project) => [project, collect(project)])),
}
const text = JSON.stringify(manifest, null, 2) + "\n"
const total = (project) => Object.values(manifest[project]).reduce((sum, n) => sum + n, 0)
const summary = PROJECTS.map((p) => `${p}: ${Object.keys(manifest[p]).length} files, ${total(p)} tests`).join("; ")

if (process.argv.includes("--check")) {
  const committed = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : ""
  if (committed !== text) {
    console.error(`test-manifest.json is out of date (collected ${summary}): run npm run test:manifest`)
    process.exit(1)
  }
  console.log(`test-manifest.json is up to date (${summary})`)
} else {
  fs.writeFileSync(OUT, text)
  console.log(`wrote test-manifest.json (${summary})`)
}
