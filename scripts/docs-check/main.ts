import path from "node:path"
import { SERVICE_ERROR_CODES } from "../../src/installments/messages/service-errors"
import { REFUND_PENDING_CODES } from "../../src/installments/refunds/send-refund"
import { REFUND_STATUS } from "../../src/api/admin/installments/validators"
import { ProviderOptionsSchema } from "../../src/installments/registrations/options"
import {
  answeredReasons,
  checkErrorCodes,
  checkDecisionLinks,
  checkEvents,
  checkJsonExamples,
  checkLinks,
  checkMachinePaths,
  checkNamedPaths,
  checkNpmScripts,
  checkOptionsTable,
  checkReadmeLength,
  checkRefundKeyFormats,
  checkRouteCounts,
  checkStoredCounts,
  checkTableShapes,
  checkTrackerReferences,
  checkRouteFields,
  checkRoutes,
  checkSuiteFigures,
  checkValuesNamed,
  optionDefaults,
  refundKeyFormats,
  run,
  schemaFields,
  unionMembers,
  validatedRoutes,
  type Problem,
} from "./checks"
import { diskRepo, type Repo } from "./repo"

// `npm run docs:check` (and `npm test`, through scripts/checks.sh): fails when the docs no longer
// say what the code does. Each check reads the code for what the page must say, so a new option,
// route, event or error code without its line fails here the day it lands.

/** Every check of the docs against the repository `repo`. */
export function checkDocs(repo: Repo): { name: string; problems: Problem[] }[] {
  const codes = () => ({
    "the admin API's service errors (SERVICE_ERROR_CODES)": Object.values(SERVICE_ERROR_CODES),
    "refunds waiting on the service (REFUND_PENDING_CODES)": Object.values(REFUND_PENDING_CODES),
    "the service's refund refusals (RefundRejectionReason)": unionMembers(repo, "src/lib/client/errors.ts", "RefundRejectionReason"),
    "refused webhook deliveries (WebhookVerificationReason)": unionMembers(
      repo,
      "src/lib/webhooks/errors.ts",
      "WebhookVerificationReason"
    ),
    "the webhook route's own refusals": answeredReasons(repo, "src/api/hooks"),
  })
  return [
    run("provider options in options.md", () => checkOptionsTable(repo, optionDefaults(ProviderOptionsSchema.shape))),
    run("routes in back-office-api.md", () => checkRoutes(repo)),
    run("events in events.md", () => checkEvents(repo)),
    run("error codes in troubleshooting.md", () => checkErrorCodes(repo, codes())),
    run("links and anchors", () => checkLinks(repo)),
    run("npm scripts named", () => checkNpmScripts(repo)),
    run("JSON examples", () => checkJsonExamples(repo)),
    run("figures of the suite", () => checkSuiteFigures(repo)),
    run("README length", () => checkReadmeLength(repo)),
    run("route fields in back-office-api.md", () => checkRouteFields(repo, routeFields(repo))),
    run("refund statuses in back-office-api.md", () =>
      checkValuesNamed(
        repo,
        "docs/back-office-api.md",
        "The refund ledger: `GET /admin/installments/refunds`",
        [...new Set(Object.values(REFUND_STATUS))],
        "refund status"
      )
    ),
    run("counts of routes", () => checkRouteCounts(repo)),
    run("no path of one machine", () => checkMachinePaths(repo)),
    run("decisions linked by anchor", () => checkDecisionLinks(repo)),
    run("counts of stored models and tables", () => checkStoredCounts(repo)),
    run("refund key formats in decisions.md", () => checkRefundKeyFormats(repo, refundKeyFormats(repo))),
    run("no issue or pull request numbers", () => checkTrackerReferences(repo)),
    run("files named in the explanation and operations pages", () => checkNamedPaths(repo)),
    run("tables of one shape", () => checkTableShapes(repo)),
  ]
}

/** Each validated route's fields, read from the validators src/api/middlewares.ts applies. */
function routeFields(repo: Repo): Record<string, string[]> {
  const root = path.resolve(__dirname, "../..")
  return Object.fromEntries(
    validatedRoutes(repo).map(({ route, schema, from }) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(path.join(root, from)) as Record<string, unknown>
      return [route, schemaFields(exported[schema])]
    })
  )
}

if (require.main === module) {
  const results = checkDocs(diskRepo(path.resolve(__dirname, "../..")))
  const problems = results.flatMap((result) => result.problems)
  for (const { name, problems: found } of results) {
    process.stdout.write(`${found.length ? "FAILED" : "ok    "} ${name}${found.length ? ` (${found.length})` : ""}\n`)
    for (const problem of found) {
      process.stdout.write(`  ${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}\n`)
    }
  }
  process.stdout.write(
    problems.length ? `docs check: ${problems.length} problem(s)\n` : "docs check: the docs say what the code does\n"
  )
  process.exit(problems.length ? 1 : 0)
}
