import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { allRegistrations } from "../../../../installments/registrations/lookup"
import { connectionStatus } from "./connection-status"

/** The connection check of every installments registration: keys, store, webhooks, what is waiting. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const registrations = await Promise.all(allRegistrations(req.scope).map((registration) => connectionStatus(req.scope, registration)))
  res.json({ registrations })
}
