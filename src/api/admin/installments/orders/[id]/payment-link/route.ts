import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestPaymentLink } from "../../request-payment-link"
import type { AdminRequestOrderPaymentLinkType } from "../../payment-link-validators"

/**
 * A payment link for what the order owes (after an exchange or an edit): the link already open for
 * that amount, or a new one. 400 when the order owes nothing or is canceled, 404 when it is unknown.
 */
export const POST = (req: AuthenticatedMedusaRequest<AdminRequestOrderPaymentLinkType>, res: MedusaResponse) =>
  requestPaymentLink(req, res, "order")
