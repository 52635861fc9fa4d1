import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { formatAmount, parseAmount } from "../../../lib/money"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { readSessionData } from "../../../installments/sessions/data"
import { readOrderDebtRequest } from "../../../installments/sessions/order-debt-request"
import { linkVerdict, webhookActionOf } from "../../../installments/links/verdict"
import { refundedByPlugin } from "../../../installments/refunds/keys"
import { readLink } from "../../../installments/links/read-link"
import { registrationIdOf } from "../../../installments/registrations/provider-ids"
import { checkoutRecorderIn } from "../../../installments/insights/record-checkout"

export interface SessionToReconcile {
  session_id: string
  provider_id: string
  data: Record<string, unknown>
}

export interface SessionVerdict {
  action: PaymentActions
  session_id: string
  amount: string
  /** Paid but not settled yet (bank review, or a transaction the service still records): read again even past the link's expiry. */
  still_waiting: boolean
  /** True when the session collects what an existing order owes (no cart, no order to place). */
  order_debt: boolean
}

/** Reads a waiting session's link from the service, as a webhook would have reported it. */
export const readSessionVerdictStep = createStep(
  "installments-read-session-verdict",
  async (input: SessionToReconcile, { container }) => {
    const data = readSessionData(input.data)
    const registrationId = registrationIdOf(input.provider_id)
    const client = registrationId ? clientForProvider(container, registrationId) : undefined
    if (!data || !client) {
      return new StepResponse<SessionVerdict>({
        action: PaymentActions.NOT_SUPPORTED,
        session_id: input.session_id,
        amount: "0",
        still_waiting: false,
        order_debt: false,
      })
    }
    // Every sweep reads the same waiting links again: the reader reports an unknown status once, as on checkout.
    const details = await readLink(client, data.payment_link_id, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
    const amount = parseAmount(data.amount)
    const verdict = linkVerdict(details, { session_id: data.session_id, amount, currency_code: data.currency_code })
    await checkoutRecorderIn(container).record({ ...data, provider_id: input.provider_id }, details, verdict)
    const transaction = verdict.transaction
    // A payment the plugin already refunded directly (Medusa had recorded none) is not recorded now:
    // Medusa would show it captured and never refunded.
    return new StepResponse<SessionVerdict>({
      action: transaction && refundedByPlugin(transaction) ? PaymentActions.NOT_SUPPORTED : webhookActionOf(verdict),
      session_id: input.session_id,
      amount: formatAmount(amount),
      still_waiting: verdict.status === PaymentSessionStatus.PENDING_AUTHORIZATION || verdict.settling === true,
      order_debt: !!readOrderDebtRequest(input.data),
    })
  }
)
