import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isInstallmentsProvider } from "../../../installments/registrations/provider-ids"
import { loadSessionContext } from "../../../installments/sessions/records"
import type { UnpaidOrderInput } from "./decide-unpaid-order"

/** Where the session stands before the cart is locked: only a session with an open order goes on. */
export const loadUnpaidOrderCandidateStep = createStep(
  "installments-load-unpaid-order-candidate",
  async (input: UnpaidOrderInput, { container }) => {
    const context = await loadSessionContext(container, input.session_id)
    const candidate =
      isInstallmentsProvider(context.session?.provider_id) &&
      !!context.cart_id &&
      !!context.order &&
      context.order.status !== "canceled" &&
      !context.payments.length
    return new StepResponse({ candidate, cart_id: context.cart_id ?? null })
  }
)
