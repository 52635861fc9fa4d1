import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { healthReport } from "./health-report"
import type { AdminHealthQueryType } from "./validators"

/**
 * Is the payment integration healthy: per registration the connection (only with
 * `?check=connection`), deliveries verified and refused, the service's error rate; each job's last
 * run and next; refunds waiting, retrying or failed for good; and what needs a person, worst first.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminHealthQueryType>, res: MedusaResponse) => {
  res.json(await healthReport(req.scope, { checkConnection: req.validatedQuery.check === "connection" }))
}
