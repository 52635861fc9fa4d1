import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { callService } from "../../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../../installments/registrations/lookup"
import type { AdminTransactionQueryType } from "../validators"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A transaction as the service reports it: fees, net payout, installment and refund trackers. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminTransactionQueryType>, res: MedusaResponse) => {
  const id = req.params.id
  if (!UUID.test(id)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `id must be the service's transaction id (a UUID), got "${id}"`)
  }
  const registration = resolveRegistration(req.scope, req.validatedQuery.provider_id)
  const transaction = await callService(registration, () => registration.client.transactions.retrieve(id))
  res.json({ transaction })
}
