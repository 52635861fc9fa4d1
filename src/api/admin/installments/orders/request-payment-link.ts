import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { OrderPaymentLinkResponse } from "../../../../installments/back-office/answers"
import { providerIdOf } from "../../../../installments/registrations/provider-ids"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import type { DebtKind } from "../../../../workflows/request-order-payment/order-debt-decision"
import { requestInstallmentsOrderPaymentWorkflow } from "../../../../workflows/request-order-payment"
import { qrCodeOf } from "../payment-links/qr-code"
import type { AdminRequestOrderPaymentLinkType } from "./payment-link-validators"

/**
 * Answers a payment link for what an order (or a draft order) owes: 200 with the link already open
 * for that amount, 201 with a new one; its URL, QR code, expiry, session and collection.
 */
export async function requestPaymentLink(
  req: AuthenticatedMedusaRequest<AdminRequestOrderPaymentLinkType>,
  res: MedusaResponse,
  kind: DebtKind
) {
  const { provider_id, ...choices } = req.validatedBody ?? {}
  const registration = resolveRegistration(req.scope, provider_id)
  const { result } = await requestInstallmentsOrderPaymentWorkflow(req.scope).run({
    input: { order_id: req.params.id, kind, provider_id: providerIdOf(registration.id), ...choices },
  })
  const { link, reused } = result
  const answer: OrderPaymentLinkResponse = {
    payment_link: {
      id: link.payment_link_id,
      url: link.url,
      amount: link.amount,
      currency_code: "sar",
      expires_at: link.expires_at,
      provider_id: link.provider_id,
      payment_session_id: link.session_id,
      payment_collection_id: link.payment_collection_id,
      reused,
    },
    qr: await qrCodeOf(link.url),
  }
  res.status(reused ? 200 : 201).json(answer)
}
