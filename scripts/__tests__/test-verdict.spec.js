const { judge, projectOf, firstLine } = require("../test-verdict")

const ROOT = "/repo"
const passing = (n) => Array.from({ length: n }, () => ({ status: "passed" }))
const result = (file, tests, extra = {}) => ({
  name: `${ROOT}/${file}`,
  status: "passed",
  assertionResults: tests,
  startTime: 0,
  endTime: 1000,
  ...extra,
})
const report = (testResults, extra = {}) => ({ startTime: 0, testResults, ...extra })

const unitJob = (testResults = [result("src/lib/__tests__/money.spec.ts", passing(3))], extra = {}) => ({
  name: "unit",
  report: report(testResults, { coverageMap: {} }),
  exitStatus: 0,
  log: "",
  coverage: true,
  ...extra,
})
const laneJob = (lane, testResults, extra = {}) => ({
  name: `integration-${lane}`,
  report: report(testResults),
  exitStatus: 0,
  log: "",
  ...extra,
})
const MANIFEST = {
  unit: { "src/lib/__tests__/money.spec.ts": 3 },
  integration: { "integration-tests/a.spec.ts": 2, "integration-tests/b.spec.ts": 1 },
}
const green = () => [
  unitJob(),
  laneJob(1, [result("integration-tests/a.spec.ts", passing(2))]),
  laneJob(2, [result("integration-tests/b.spec.ts", passing(1))]),
]

describe("the test run's verdict", () => {
  it("is green when every spec of the manifest ran its tests and every job exited 0", () => {
    expect(judge({ jobs: green(), manifest: MANIFEST, root: ROOT })).toMatchObject({ passed: 6, failed: 0, problems: [], notes: [] })
  })

  it("fails on a missed coverage threshold even when every test passed", () => {
    const jobs = green()
    jobs[0] = unitJob(undefined, { exitStatus: 1, log: 'Jest: "./src/lib/" coverage threshold for lines (90%) not met: 89.5%\n' })
    const verdict = judge({ jobs, manifest: MANIFEST, root: ROOT })
    expect(verdict.problems).toEqual([
      'unit: coverage threshold missed: Jest: "./src/lib/" coverage threshold for lines (90%) not met: 89.5%',
    ])
    expect(verdict.failed).toBe(1)
  })

  it("fails a job that exited non-zero with every test passed, naming its log", () => {
    const jobs = green()
    jobs[1] = laneJob(1, [result("integration-tests/a.spec.ts", passing(2))], {
      exitStatus: 1,
      logFile: "test-results/integration-1.log",
    })
    expect(judge({ jobs, manifest: MANIFEST, root: ROOT }).problems).toEqual([
      "integration-1: jest exited 1 with no failed test (see test-results/integration-1.log)",
    ])
  })

  it("fails a unit job whose report has no coverage", () => {
    const jobs = green()
    delete jobs[0].report.coverageMap
    expect(judge({ jobs, manifest: MANIFEST, root: ROOT }).problems).toEqual([expect.stringMatching(/^unit: no coverage/)])
  })

  it("fails a spec of the manifest that did not run, naming the file", () => {
    const jobs = green()
    jobs[2] = laneJob(2, [])
    const verdict = judge({ jobs, manifest: MANIFEST, root: ROOT })
    expect(verdict.problems).toEqual([
      expect.stringMatching(/^integration-tests\/b\.spec\.ts: not run \(test-manifest\.json has it with 1 tests\)/),
    ])
    expect(verdict.failed).toBe(1)
  })

  it("fails a spec that ran fewer tests than the manifest, and only notes one that ran more", () => {
    const jobs = [
      unitJob([result("src/lib/__tests__/money.spec.ts", passing(5))]),
      laneJob(1, [result("integration-tests/a.spec.ts", passing(1))]),
      laneJob(2, [result("integration-tests/b.spec.ts", passing(1)), result("integration-tests/c.spec.ts", passing(4))]),
    ]
    const verdict = judge({ jobs, manifest: MANIFEST, root: ROOT })
    expect(verdict.problems).toEqual([
      expect.stringMatching(/^integration-tests\/a\.spec\.ts: ran 1 tests, test-manifest\.json has 2/),
    ])
    expect(verdict.notes).toEqual([
      expect.stringMatching(/^src\/lib\/__tests__\/money\.spec\.ts: ran 5 tests, test-manifest\.json has 3: npm run test:manifest/),
      expect.stringMatching(/^integration-tests\/c\.spec\.ts: 4 tests, not in test-manifest\.json/),
    ])
  })

  it("fails a suite that failed to load, with the first line of its message", () => {
    const jobs = green()
    jobs[1] = laneJob(
      1,
      [
        result("integration-tests/a.spec.ts", [], {
          status: "failed",
          message: "\u001b[1m● Test suite failed to run\u001b[22m\n\n  Cannot find module './gone'\n",
        }),
      ],
      {
        exitStatus: 1,
      }
    )
    const verdict = judge({ jobs, manifest: MANIFEST, root: ROOT })
    expect(verdict.problems).toEqual([
      "integration-tests/a.spec.ts: suite failed to run: Cannot find module './gone'",
      expect.stringMatching(/^integration-tests\/a\.spec\.ts: ran 0 tests, test-manifest\.json has 2/),
    ])
  })

  it("counts failed, skipped and todo tests as failed, without a second line for the job's exit status", () => {
    const jobs = green()
    jobs[1] = laneJob(
      1,
      [result("integration-tests/a.spec.ts", [{ status: "failed" }, { status: "pending" }], { status: "failed" })],
      { exitStatus: 1 }
    )
    expect(judge({ jobs, manifest: MANIFEST, root: ROOT })).toMatchObject({ passed: 4, failed: 2, problems: [] })
  })

  it("names each failed, skipped or todo test with its file and the first line of its message", () => {
    const jobs = green()
    jobs[1] = laneJob(
      1,
      [
        result(
          "integration-tests/a.spec.ts",
          [
            {
              status: "failed",
              fullName: "checkout places the order",
              failureMessages: ["\u001b[31m●\u001b[0m heading\nexpected 1, got 2\n    at x"],
            },
            { status: "pending", fullName: "checkout is skipped" },
          ],
          { status: "failed" }
        ),
      ],
      { exitStatus: 1 }
    )
    expect(judge({ jobs, manifest: MANIFEST, root: ROOT }).failures).toEqual([
      "integration-tests/a.spec.ts › checkout places the order: expected 1, got 2",
      "integration-tests/a.spec.ts › checkout is skipped: pending",
    ])
    expect(judge({ jobs: green(), manifest: MANIFEST, root: ROOT }).failures).toEqual([])
  })

  it("fails a job with no report, and sums up its project's specs rather than listing many", () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`src/x${i}.spec.ts`, 1]))
    const verdict = judge({
      jobs: [{ name: "unit", reportFile: "test-results/unit.json", exitStatus: 1, coverage: true }],
      manifest: { unit: many },
      root: ROOT,
    })
    expect(verdict.problems).toEqual([
      "unit: no report at test-results/unit.json: jest crashed before reporting",
      "unit: none of its 12 spec files in test-manifest.json ran (its job has no report)",
    ])
  })

  it("maps lanes to their project and skips the manifest's comment keys", () => {
    expect(projectOf("integration-2")).toBe("integration")
    expect(projectOf("unit")).toBe("unit")
    expect(judge({ jobs: green(), manifest: { $comment: "x", ...MANIFEST }, root: ROOT }).problems).toEqual([])
    expect(firstLine(undefined)).toBe("no message")
  })
})
