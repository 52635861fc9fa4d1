import express from "express"
import { StatementParams } from "../../lib/client/schemas/reports"
import { requireAuth } from "../auth"
import { SandboxContext } from "../context"
import { codeError } from "../errors"
import { handle, jsonBody, methodNotAllowed } from "../http"
import { statementCsv } from "../statements/csv"
import { statementPdf } from "../statements/pdf"
import { buildStatement, statementJson } from "../statements/report"
import { describeIssues, parseUtc, parseUtcUpperBound } from "../validation"

// The window rules of StatementParams (D17) answer invalid_date_range; any other issue is invalid_request.
const RANGE_MESSAGES = [/from_date must not be after to_date/, /must be at most \d+ days/]

/** Endpoint 8: `POST /reports/statements` in json, csv or pdf. */
export function reportRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  router.post(
    "/reports/statements",
    requireAuth(ctx, "code"),
    ...jsonBody("code", true),
    handle(async (req, res) => {
      const parsed = StatementParams.safeParse(req.body)
      if (!parsed.success) {
        const range = parsed.error.issues.every((issue) => RANGE_MESSAGES.some((pattern) => pattern.test(issue.message)))
        throw range
          ? codeError(400, "invalid_date_range", describeIssues(parsed.error))
          : codeError(400, "invalid_request", describeIssues(parsed.error))
      }
      const params = parsed.data
      if (params.store_id.toLowerCase() !== ctx.config.storeId) {
        throw codeError(404, "store_not_found", `Store ${params.store_id} does not exist or does not belong to this merchant.`)
      }
      const from = parseUtc(params.from_date)
      const to = parseUtcUpperBound(params.to_date)
      if (from > to) {
        throw codeError(400, "invalid_date_range", "from_date must not be after to_date")
      }
      const statement = buildStatement(ctx, ctx.config.storeId, from, to)
      const format = params.format ?? "json"
      if (format === "csv") {
        res
          .status(200)
          .type("text/csv; charset=utf-8")
          .set("Content-Disposition", `attachment; filename="statement-${statement.report_id}.csv"`)
          .send(statementCsv(statement))
        return
      }
      if (format === "pdf") {
        const pdf = await statementPdf(statement, ctx.config.merchantEnglishName ?? ctx.config.merchantName)
        res
          .status(200)
          .type("application/pdf")
          .set("Content-Disposition", `attachment; filename="statement-${statement.report_id}.pdf"`)
          .send(pdf)
        return
      }
      res.status(200).json(statementJson(statement))
    })
  )
  router.all("/reports/statements", methodNotAllowed)
  return router
}
