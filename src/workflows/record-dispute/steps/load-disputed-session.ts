import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readLink } from "../../../installments/links/read-link"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { merchantError } from "../../../installments/messages/service-errors"
import { confirmedDisputeSession } from "../disputed-payment"
import type { RecordDisputeInput } from "./record-dispute"

/**
 * Reads the disputed payment's link and keeps the delivery's session only if the link confirms it
 * (see confirmedDisputeSession). A failed read fails the workflow, so nothing is recorded on a guess.
 */
export const loadDisputedSessionStep = createStep(
  "installments-load-disputed-session",
  async (input: RecordDisputeInput, { container }) => {
    if (!input.session_id) {
      return new StepResponse({ session_id: undefined as string | undefined })
    }
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const client = clientForProvider(container, input.provider_id)
    if (!client || !input.payment_link_id) {
      logger.warn(
        `installments: dispute ${input.event_id} names session ${input.session_id} without a link to confirm it by; recorded without it`
      )
      return new StepResponse({ session_id: undefined })
    }
    let sessionId: string | undefined
    try {
      sessionId = confirmedDisputeSession(await readLink(client, input.payment_link_id, logger), input)
    } catch (error) {
      throw merchantError(error, { action: `confirm the payment of dispute ${input.event_id}` })
    }
    if (!sessionId) {
      logger.warn(
        `installments: dispute ${input.event_id} names session ${input.session_id} and transaction ${input.transaction_id}, ` +
          `but link ${input.payment_link_id} does not hold both; recorded without a payment or order`
      )
    }
    return new StepResponse({ session_id: sessionId })
  }
)
