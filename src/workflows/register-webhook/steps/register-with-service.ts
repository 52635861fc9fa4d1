import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { EventName } from "../../../lib/client/schemas/webhooks"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { merchantError } from "../../../installments/messages/service-errors"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"

export interface RegisterWebhookInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
  url: string
  description?: string
  event_type_names: EventName[]
}

/** Registers the endpoint with the service; the answer's public key is shown only this once. */
export const registerWebhookWithServiceStep = createStep(
  "installments-register-webhook-with-service",
  async (input: RegisterWebhookInput, { container }) => {
    const client = clientForProvider(container, input.provider_id)
    if (!client) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No installments payment provider is registered with id ${input.provider_id}.`
      )
    }
    try {
      const registration = await client.webhooks.register({
        url: input.url,
        description: input.description,
        event_type_names: input.event_type_names,
      })
      return new StepResponse({ registration, environment: client.environment })
    } catch (error) {
      throw merchantError(error, { action: "register the webhook" })
    }
  }
)
