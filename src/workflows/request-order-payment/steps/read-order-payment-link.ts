import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loadSession } from "../../../installments/sessions/records"
import { readSessionData } from "../../../installments/sessions/data"

/** The link a merchant hands the customer for an order's debt. */
export interface OrderPaymentLink {
  session_id: string
  payment_collection_id: string
  provider_id: string
  payment_link_id: string
  url: string
  amount: string
  expires_at: string
}

/** Reads the session that collects the debt back as the link the merchant hands out (only reads). */
export const readOrderPaymentLinkStep = createStep(
  "installments-read-order-payment-link",
  async (input: { session_id: string }, { container }) => {
    const session = await loadSession(container, input.session_id)
    const data = readSessionData(session?.data ?? undefined)
    if (!session || !data) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Payment session ${input.session_id} holds no installments payment link.`
      )
    }
    return new StepResponse<OrderPaymentLink>({
      session_id: session.id,
      payment_collection_id: session.payment_collection_id,
      provider_id: session.provider_id,
      payment_link_id: data.payment_link_id,
      url: data.url,
      amount: data.amount,
      expires_at: data.expires_at,
    })
  }
)
