import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import { refundView } from "./refund-view"
import type { AdminListRefundsType } from "../validators"

/**
 * The refund ledger: each refund sent to the service, pending, settled (with its rrn) or failed
 * (why, and whether the plugin retries it), with where it came from.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListRefundsType>, res: MedusaResponse) => {
  const service = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const filters = Object.fromEntries(Object.entries(req.validatedQuery ?? {}).filter(([, value]) => value !== undefined))
  const refunds = await service.listInstallmentsRefunds(filters, { order: { created_at: "ASC" } })
  res.json({ refunds: refunds.map(refundView) })
}
