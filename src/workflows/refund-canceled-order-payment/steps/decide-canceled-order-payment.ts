import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentLinkDetails } from "../../../lib/client"
import { readLink } from "../../../installments/links/read-link"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { decideCanceledOrderPayment, type CanceledOrderPaymentDecision } from "../../../installments/refunds/canceled-order-decision"
import { PAID_LINK_GRACE_MS } from "../../../installments/links/transactions"
import { registrationIdOf } from "../../../installments/registrations/provider-ids"
import { loadSessionContext, type SessionContext } from "../../../installments/sessions/records"

export interface CanceledOrderPaymentInput {
  session_id: string
  /** The paid link (a hint: the session must still hold it). */
  payment_link_id: string
  /**
   * How old a payment Medusa recorded nothing for must be before it is refunded directly with the
   * service (Medusa may still be recording it); defaults to 10 minutes. The webhook follow-up waits
   * for Medusa's own processing first and passes 0.
   */
  grace_ms?: number
  /** The decision's clock (ms since epoch); defaults to now. */
  now?: number
}

/**
 * Under the cart's lock (so Medusa's processPaymentWorkflow cannot be recording the payment at the
 * same time, and two runs cannot both refund), reads the session, its order and payments and the
 * link again, and decides whether and how the payment is refunded.
 */
export const decideCanceledOrderPaymentStep = createStep(
  "installments-decide-canceled-order-payment",
  async (input: CanceledOrderPaymentInput & { candidate: boolean }, { container }) => {
    if (!input.candidate) {
      return new StepResponse<CanceledOrderPaymentDecision>({
        refund: false,
        reason: "no canceled order for a session holding this link",
        session_id: input.session_id,
      })
    }
    const context = await loadSessionContext(container, input.session_id)
    const details = await readLinkOf(container, context)
    return new StepResponse(
      decideCanceledOrderPayment({
        session_id: input.session_id,
        details,
        context,
        now: input.now ?? Date.now(),
        graceMs: input.grace_ms ?? PAID_LINK_GRACE_MS,
      })
    )
  }
)

async function readLinkOf(container: MedusaContainer, context: SessionContext): Promise<PaymentLinkDetails | undefined> {
  const session = context.session
  const linkId = session?.data?.payment_link_id
  if (!session || typeof linkId !== "string" || !linkId) {
    return undefined
  }
  const registrationId = registrationIdOf(session.provider_id)
  const client = registrationId && clientForProvider(container, registrationId)
  return client ? readLink(client, linkId) : undefined
}
