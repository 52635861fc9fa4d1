import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import type { AdminListRefundsType } from "../validators"

/** The refund ledger: each refund sent to the service, pending (`P`) or settled (`R`, with its rrn). */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListRefundsType>, res: MedusaResponse) => {
  const service = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const filters = Object.fromEntries(Object.entries(req.validatedQuery ?? {}).filter(([, value]) => value !== undefined))
  const refunds = await service.listInstallmentsRefunds(filters, { order: { created_at: "ASC" } })
  res.json({ refunds })
}
