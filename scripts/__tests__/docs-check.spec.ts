import { readFileSync } from "node:fs"
import path from "node:path"
import type { Problem } from "../docs-check/checks"
import { checkDocs } from "../docs-check/main"
import { diskRepo } from "../docs-check/repo"

// The docs check (npm run docs:check, in npm test's static checks) against drifts planted in copies
// of the real pages: each must be found and named. Only what the planted drift adds is compared, so
// these tests hold whatever the real docs say today (the check itself judges those).

const ROOT = path.resolve(__dirname, "../..")
const real = (file: string) => readFileSync(path.join(ROOT, file), "utf8")
const said = (problem: Problem) => `${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}`

/** The problems a drift adds to those of the real docs, by check. */
function added(planted: Record<string, string | null>): Record<string, string[]> {
  const before = new Set(checkDocs(diskRepo(ROOT)).flatMap((result) => result.problems.map((problem) => problem.message)))
  const after = checkDocs(diskRepo(ROOT, planted))
  return Object.fromEntries(
    after
      .map(({ name, problems }) => [name, problems.filter((problem) => !before.has(problem.message)).map(said)] as const)
      .filter(([, found]) => found.length)
  )
}

/** A real page with `from` replaced by `to` (which must be there: a drift that changes nothing proves nothing). */
function edit(file: string, from: string | RegExp, to: string): Record<string, string> {
  const text = real(file)
  const changed = text.replace(from, to)
  if (changed === text) {
    throw new Error(`${file} no longer contains ${from}`)
  }
  return { [file]: changed }
}

describe("the docs check", () => {
  it("finds an option whose default options.md misstates, and one it leaves out", () => {
    const drift = added(edit("docs/options.md", /\| `linkTtlMinutes` \| `?60`? \|/, "| `linkTtlMinutes` | `30` |"))
    expect(drift).toEqual({
      "provider options in options.md": [
        expect.stringMatching(/option `linkTtlMinutes`: the table says default "30", the schema "60"/),
      ],
    })
    const missing = added(edit("docs/options.md", /\n\| `passkeyEnabled` \|[^\n]*/, ""))
    expect(missing["provider options in options.md"]).toEqual([
      expect.stringMatching(/`passkeyEnabled` .* missing from the options table/),
    ])
  })

  it("finds a route the table leaves out and one no route file answers", () => {
    const page = "docs/back-office-api.md"
    expect(added(edit(page, /\n\| `GET \/admin\/installments\/bin-lookup` \|[^\n]*/, ""))).toEqual({
      "routes in back-office-api.md": [expect.stringMatching(/`GET \/admin\/installments\/bin-lookup` \(src\/api\) is missing/)],
    })
    const stale = edit(
      page,
      "| `GET /admin/installments/status` |",
      "| `DELETE /admin/installments/cache` | | |\n| `GET /admin/installments/status` |"
    )
    expect(added(stale)["routes in back-office-api.md"]).toEqual([
      expect.stringMatching(/`DELETE \/admin\/installments\/cache` is in the table but no src\/api route file answers it/),
    ])
  })

  it("finds an emitted event left out of events.md, and an import path that does not export the events", () => {
    expect(added(edit("docs/events.md", /\n\| `installments\.refund_failed` \|[^\n]*/, ""))).toEqual({
      "events in events.md": [expect.stringMatching(/event `installments\.refund_failed` is emitted but not documented/)],
    })
    const path = added(edit("docs/events.md", /exported from `[^`]+`/, "exported from `medusa-payment-installments/client`"))
    expect(path["events in events.md"]).toEqual([
      expect.stringMatching(/`medusa-payment-installments\/client` \(src\/lib\/client\/index\.ts\) does not export/),
    ])
  })

  it("reads the alert events from telemetry.md's alerts section: one left out is found", () => {
    expect(added(edit("docs/telemetry.md", /\n\| `installments\.job_late` \|[^\n]*/, ""))).toEqual({
      "events in events.md": [expect.stringMatching(/event `installments\.job_late` is emitted but not documented/)],
    })
    // The page's attribute tables name `installments.registration` in their first cells: read as an
    // event, it would be "documented but nothing emits it" in the real docs.
    expect(real("docs/telemetry.md")).toMatch(/\n\| `installments\.registration` \|/)
    expect(checkDocs(diskRepo(ROOT)).find((result) => result.name === "events in events.md")?.problems).toEqual([])
  })

  it("finds an error code troubleshooting.md no longer names", () => {
    expect(added(edit("docs/troubleshooting.md", /`exceeds_balance`/g, "exceeds balance"))).toEqual({
      "error codes in troubleshooting.md": [expect.stringMatching(/error code `exceeds_balance` \(the service's refund refusals/)],
    })
  })

  it("finds a link to a missing page and an anchor no heading gives", () => {
    const drift = added(
      edit("docs/admin.md", /\n/, "\nSee [the guide](missing-guide.md) and [its setup](operations.md#no-such-heading).\n")
    )
    expect(drift).toEqual({
      "links and anchors": [
        expect.stringMatching(/docs\/admin\.md:2: link to `missing-guide\.md`: docs\/missing-guide\.md does not exist/),
        expect.stringMatching(/docs\/admin\.md:2: link to `operations\.md#no-such-heading`: docs\/operations\.md has no heading/),
      ],
    })
  })

  it("finds an npm script that does not exist", () => {
    expect(added(edit("docs/contributing.md", "npm run typecheck", "npm run type-check"))).toEqual({
      "npm scripts named": [expect.stringMatching(/`npm run type-check`: package\.json has no such script/)],
    })
  })

  it("finds a JSON example that does not parse: a json block, a shell answer, a request body", () => {
    const drift = added({
      ...edit(
        "docs/admin.md",
        /\n/,
        '\n```json\n{ "a": 1, }\n```\n```bash\ncurl -d \'{"amount": 1200.00,}\' x\n# {"ok": true, …}\n```\n'
      ),
    })
    expect(drift["JSON examples"]).toEqual([
      expect.stringMatching(/docs\/admin\.md:3: the json block is not JSON/),
      expect.stringMatching(/docs\/admin\.md:6: the request body is not JSON/),
      expect.stringMatching(/docs\/admin\.md:7: the answer is not JSON/),
    ])
  })

  it("finds a figure of the suite stated outside its one table, and a spec with two rows", () => {
    const twice = added(edit("README.md", /\n## /, "\n`npm test` runs 1,713 tests in about 17 minutes.\n\n## "))
    expect(twice["figures of the suite"]).toEqual([
      expect.stringMatching(/README\.md:\d+: "1,713 tests" states a figure of the suite/),
    ])
    const row = real("docs/contributing.md")
      .split("\n")
      .find((line) => line.startsWith("| `integration-tests/admin.spec.ts` |"))!
    const doubled = added(edit("docs/contributing.md", row, `${row}\n${row.replace(/\| \d+ \|/, "| 3 |")}`))
    expect(doubled["figures of the suite"]).toEqual([expect.stringMatching(/`integration-tests\/admin\.spec\.ts` has two rows/)])
  })

  it("finds a README grown past a front page", () => {
    expect(added({ "README.md": `${real("README.md")}${"\nmore".repeat(130)}` })["README length"]).toEqual([
      expect.stringMatching(/README\.md: \d+ lines; a front page has at most 120/),
    ])
  })

  it("finds a route said to take a query field its validator does not read, and a refund status left out", () => {
    const page = "docs/back-office-api.md"
    expect(
      added(edit(page, "| `GET /admin/installments/status` | |", "| `GET /admin/installments/status` | `provider_id?` |"))
    ).toEqual({
      "route fields in back-office-api.md": [
        expect.stringMatching(/`GET \/admin\/installments\/status` is said to take provider_id; its validator reads nothing/),
      ],
    })
    expect(added(edit(page, "`confirming` (sent", "confirming (sent"))).toEqual({
      "refund statuses in back-office-api.md": [expect.stringMatching(/refund status `confirming` is not named/)],
    })
  })

  it("finds a path of one machine, a wrong count of routes, and a decision cited without its anchor", () => {
    expect(added(edit("docs/admin.md", /\n/, "\nThe pictures are in /tmp/shots and all 16 routes answer 403; see D12.\n"))).toEqual({
      "counts of routes": [expect.stringMatching(/docs\/admin\.md:2: "16 routes": the plugin has 19 admin routes/)],
      "no path of one machine": [expect.stringMatching(/docs\/admin\.md:2: `\/tmp\/shots` is a path of one machine/)],
      "decisions linked by anchor": [expect.stringMatching(/docs\/admin\.md:2: D12 is cited without a link to decisions\.md#d12/)],
    })
    expect(added(edit("docs/options.md", "(decisions.md#d38)", "(decisions.md)"))["decisions linked by anchor"]).toEqual([
      expect.stringMatching(/link `\[D38\]\(decisions\.md\)` does not go to #d38/),
    ])
  })

  it("finds a wrong count of stored models or tables, a refund key format the code does not have, and an issue number", () => {
    expect(
      added(edit("docs/admin.md", /\n/, "\nThe plugin keeps 3 tables: 9 models and 4 tables of plain SQL.\n"))[
        "counts of stored models and tables"
      ]
    ).toEqual([
      expect.stringMatching(/docs\/admin\.md:2: "3 tables": the plugin has 15 tables in its migrations/),
      expect.stringMatching(/docs\/admin\.md:2: "9 models": the plugin has 10 data models/),
      expect.stringMatching(/docs\/admin\.md:2: "4 tables of plain SQL": the plugin has 5 tables of plain SQL/),
    ])
    const keys = added(
      edit("docs/decisions.md", "`return:<return id>:<payment id>:<receipt>`", "`return:<return id>:<payment id>`, `refund:<id>`")
    )
    expect(keys["refund key formats in decisions.md"]).toEqual([
      "docs/decisions.md: refund key `return:…` has 2 part(s) in D53; the code's has 3",
      "docs/decisions.md: refund key cause `refund:…` is in D53 but not in keys.ts",
    ])
    expect(added(edit("docs/admin.md", /\n/, "\nThe Health page came with issue 42.\n"))["no issue or pull request numbers"]).toEqual([
      expect.stringMatching(/docs\/admin\.md:2: "issue 42" cites a tracker's item/),
    ])
  })

  it("finds a file the architecture page names that the repository does not have", () => {
    expect(
      added(edit("docs/architecture.md", "`installments/refunds/send-refund.ts`", "`installments/refunds/send-refunds.ts`"))[
        "files named in the explanation and operations pages"
      ]
    ).toEqual([expect.stringMatching(/`installments\/refunds\/send-refunds\.ts` names no file or folder of the repository/)])
  })

  it("finds a table row with a cell more than its header", () => {
    expect(
      added(edit("docs/back-office-api.md", "| `GET` or another method | 405", "| `GET` or another method | | 405"))[
        "tables of one shape"
      ]
    ).toEqual([expect.stringMatching(/docs\/back-office-api\.md:\d+: a table row with 3 cells under a header of 2/)])
  })
})
