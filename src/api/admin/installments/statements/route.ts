import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { callService } from "../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import { sendDownload, statementFileName } from "./download"
import type { AdminStatementQueryType } from "./validators"

/**
 * The service's settlement statement for a window: the report as JSON, or its csv or pdf file
 * streamed through as a download.
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
      contentType: file.contentType,
      name: statementFileName("installments-statement", from_date, to_date, format),
      body: file.stream,
    },
    req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  )
}
