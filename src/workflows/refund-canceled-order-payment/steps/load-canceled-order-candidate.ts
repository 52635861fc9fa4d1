import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isInstallmentsProvider } from "../../../installments/registrations/provider-ids"
import { loadSessionContext } from "../../../installments/sessions/records"
import type { CanceledOrderPaymentInput } from "./decide-canceled-order-payment"
import { sameLinkId } from "../../../installments/links/ids"

/**
 * Where the session stands before the cart is locked, from the database only: only a session of
 * this plugin that still holds the link and whose order is canceled goes on.
 */
export const loadCanceledOrderCandidateStep = createStep(
  "installments-load-canceled-order-candidate",
  async (input: CanceledOrderPaymentInput, { container }) => {
    const context = await loadSessionContext(container, input.session_id)
    const candidate =
      isInstallmentsProvider(context.session?.provider_id) &&
      sameLinkId(context.session.data?.payment_link_id as string | undefined, input.payment_link_id) &&
      !!context.cart_id &&
      context.order?.status === "canceled"
    return new StepResponse({ candidate, cart_id: context.cart_id ?? null })
  }
)
