import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { InstallmentsStatusResponse } from "../../../../installments/back-office/answers"
import { allRegistrations } from "../../../../installments/registrations/lookup"
import { connectionStatus } from "./connection-status"

/** The connection check of every installments registration: keys, store, webhooks, what is waiting. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const registrations = await Promise.all(allRegistrations(req.scope).map((registration) => connectionStatus(req.scope, registration)))
  const answer: InstallmentsStatusResponse = { registrations }
  res.json(answer)
}
