import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { formatAmount, parseAmount } from "../../lib/money"
import { clientForProvider } from "../../providers/installments/client"
import { readSessionData } from "../../providers/installments/session-data"
import { linkVerdict, webhookActionOf } from "../../providers/installments/status"
import { refundedByPlugin } from "../../providers/installments/plugin-refunds"
import { reportUnknownStatuses } from "../../providers/installments/unknown-status-log"

export interface SessionToReconcile {
  session_id: string
  provider_id: string
  data: Record<string, unknown>
}

export interface SessionVerdict {
  action: PaymentActions
  session_id: string
  amount: string
}

const PREFIX = "pp_installments_"

/** Reads a waiting session's link from the service, as a webhook would have reported it. */
export const readSessionVerdictStep = createStep(
  "installments-read-session-verdict",
  async (input: SessionToReconcile, { container }) => {
    const data = readSessionData(input.data)
    const client = clientForProvider(container, input.provider_id.slice(PREFIX.length))
    if (!data || !client) {
      return new StepResponse<SessionVerdict>({ action: PaymentActions.NOT_SUPPORTED, session_id: input.session_id, amount: "0" })
    }
    const details = await client.paymentLinks.retrieveAll(data.payment_link_id)
    // Every sweep reads the same waiting links again: an unknown status is reported once, as on checkout.
    reportUnknownStatuses(details, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
    const amount = parseAmount(data.amount)
    const verdict = linkVerdict(details, { session_id: data.session_id, amount, currency_code: data.currency_code })
    const transaction = verdict.transaction
    // A payment the plugin already refunded directly (Medusa had recorded none) is not recorded now:
    // Medusa would show it captured and never refunded.
    return new StepResponse<SessionVerdict>({
      action: transaction && refundedByPlugin(transaction) ? PaymentActions.NOT_SUPPORTED : webhookActionOf(verdict),
      session_id: input.session_id,
      amount: formatAmount(amount),
    })
  }
)
