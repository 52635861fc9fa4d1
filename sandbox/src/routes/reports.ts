import express from "express"
import { requireAuth } from "../auth"
import { SandboxContext } from "../context"
import { codeError } from "../errors"
import { handle, jsonBody, methodNotAllowed } from "../http"
import { statementCsv } from "../statements/csv"
import { statementPdf } from "../statements/pdf"
import { buildStatement, statementJson } from "../statements/report"
import { isReversed, spansMoreThan, utcWindow } from "../validation/dates"
import { describeIssues } from "../validation/issues"
import { STATEMENT_WINDOW_DAYS, StatementRequest } from "../validation/statements"

/** Endpoint 8: `POST /reports/statements` in json, csv or pdf. */
export function reportRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  router.post(
    "/reports/statements",
    requireAuth(ctx, "code"),
    ...jsonBody("code", true),
    handle(async (req, res) => {
      const parsed = StatementRequest.safeParse(req.body)
      if (!parsed.success) {
        throw codeError(400, "invalid_request", describeIssues(parsed.error))
      }
      const params = parsed.data
      // D17: the window is checked on the instants the filter uses, before the store.
      const window = utcWindow(params.from_date, params.to_date)
      if (isReversed(window)) {
        throw codeError(400, "invalid_date_range", "from_date must not be after to_date")
      }
      if (spansMoreThan(window, STATEMENT_WINDOW_DAYS)) {
        throw codeError(
          400,
          "invalid_date_range",
          `the window from from_date to to_date must be at most ${STATEMENT_WINDOW_DAYS} days (a date-only to_date includes that whole day)`
        )
      }
      if (params.store_id.toLowerCase() !== ctx.config.storeId) {
        throw codeError(404, "store_not_found", `Store ${params.store_id} does not exist or does not belong to this merchant.`)
      }
      const statement = buildStatement(ctx, ctx.config.storeId, window.from as number, window.to as number)
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
