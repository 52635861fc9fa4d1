import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Readable } from "node:stream"
import { statementCsvLines } from "../../../../lib/statements/statement-csv"
import { textChunks } from "../../../../lib/statements/text-chunks"
import { callService } from "../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import { unreadableAsServiceError } from "../settlements/unreadable-statement"
import { sendDownload, statementFileName } from "./download"
import type { AdminStatementQueryType } from "./validators"

/**
 * The service's settlement statement for a window: the report as JSON, its pdf file streamed through
 * as a download, or its csv file streamed through the plugin's csv writer (every text cell quoted
 * and neutralised, amounts as numbers: a spreadsheet in any locale opens it safely).
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminStatementQueryType>, res: MedusaResponse) => {
  const { provider_id, from_date, to_date, format } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const params = { from_date, to_date, store_id: registration.options.storeId }
  if (format === "json") {
    const statement = await callService(registration, () => registration.client.reports.statements(params))
    res.json({ statement })
    return
  }
  const file = await callService(registration, () => registration.client.reports.streamStatement({ ...params, format }))
  await sendDownload(
    res,
    {
      contentType: format === "csv" ? "text/csv; charset=utf-8" : file.contentType,
      name: statementFileName("installments-statement", from_date, to_date, format),
      body:
        format === "csv"
          ? Readable.from(textChunks(unreadableAsServiceError(registration, statementCsvLines(file.stream))))
          : file.stream,
    },
    req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  )
}
