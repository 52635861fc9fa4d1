import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestPaymentLink } from "../../../orders/request-payment-link"
import type { AdminRequestOrderPaymentLinkType } from "../../../orders/payment-link-validators"

/**
 * A payment link for a draft order's total (a phone or WhatsApp sale): once paid, the draft becomes
 * an order with its payment captured. 404 when no draft order has this id.
 */
export const POST = (req: AuthenticatedMedusaRequest<AdminRequestOrderPaymentLinkType>, res: MedusaResponse) =>
  requestPaymentLink(req, res, "draft")
