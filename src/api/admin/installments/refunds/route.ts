import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import { refundView } from "./refund-view"
import type { AdminListRefundsType } from "../validators"

/**
 * The refund ledger a page at a time, Medusa-style `limit`/`offset`/`count`: each refund sent to
 * the service, pending, settled (with its rrn) or failed (why, and whether the plugin retries it),
 * with where it came from.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListRefundsType>, res: MedusaResponse) => {
  const service = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const { limit, offset, ...query } = req.validatedQuery
  const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined))
  // The id breaks ties between rows written in the same millisecond, so pages never overlap.
  const [refunds, count] = await service.listAndCountInstallmentsRefunds(filters, {
    order: { created_at: "ASC", id: "ASC" },
    skip: offset,
    take: limit,
  })
  res.json({ refunds: refunds.map(refundView), count, limit, offset })
}
