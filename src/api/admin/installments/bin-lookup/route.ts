import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { callService } from "../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import type { AdminBinLookupQueryType } from "./validators"

/** The service's answer for a card BIN: bank, scheme, programme and 0% eligibility at the amount. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminBinLookupQueryType>, res: MedusaResponse) => {
  const { provider_id, bin, amount } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const record = await callService(registration, () => registration.client.bins.lookup({ bin, amount }))
  res.json({ bin_lookup: record })
}
