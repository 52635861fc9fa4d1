import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WebhookRegistration } from "../../../lib/client"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"

export interface StoreWebhookKeyInput {
  registration: WebhookRegistration
  environment: string
  /** The provider registration's id: the key verifies its deliveries only, and the recovery instructions name it. */
  provider_id: RegistrationId
}

type Stored = {
  id: string
  previous?: {
    id: string
    public_key: string
    environment: string
    provider_id: string | null
    endpoint_id: string | null
    url: string | null
  }
}

/**
 * The error when the key could not be stored after the service issued it. The service shows a
 * registration's key only once, so the message carries what the merchant needs to keep deliveries
 * verifiable: the prefix and the PEM public key (public by nature, not a secret), and where to put them.
 */
export function webhookKeyNotStoredError(input: StoreWebhookKeyInput, cause: unknown): MedusaError {
  const { prefix, public_key } = input.registration.api_key
  const provider = input.provider_id
  const why = cause instanceof Error ? cause.message : String(cause)
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The webhook was registered with the installments service (endpoint ${input.registration.webhook_endpoint.id}), ` +
      `but its verification key could not be stored (${why}). The service shows this key only once: add it to the ` +
      `webhookKeys option of the payment provider "${provider}" as { "${prefix}": "<the PEM below>" } ` +
      `(or [{ prefix: "${prefix}", publicKey: "<PEM>" }]) and restart, or deliveries signed with it are refused. ` +
      `Key prefix: ${prefix}\nPublic key (PEM, not secret):\n${public_key}`
  )
}

/** Keeps the registration's public key so the webhook middleware can verify deliveries; upserts on prefix. */
export const storeWebhookKeyStep = createStep(
  "installments-store-webhook-key",
  async (input: StoreWebhookKeyInput, { container }) => {
    const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    let stored: Awaited<ReturnType<InstallmentsModuleService["upsertWebhookKey"]>>
    try {
      stored = await service.upsertWebhookKey({
        prefix: input.registration.api_key.prefix,
        public_key: input.registration.api_key.public_key,
        environment: input.environment,
        provider_id: input.provider_id,
        endpoint_id: input.registration.webhook_endpoint.id,
        url: input.registration.webhook_endpoint.url,
      })
    } catch (error) {
      throw webhookKeyNotStoredError(input, error)
    }
    const { key, previous } = stored
    const compensation: Stored = {
      id: key.id,
      ...(previous
        ? {
            previous: {
              id: previous.id,
              public_key: previous.public_key,
              environment: previous.environment,
              provider_id: previous.provider_id,
              endpoint_id: previous.endpoint_id,
              url: previous.url,
            },
          }
        : {}),
    }
    return new StepResponse(key, compensation)
  },
  async (stored, { container }) => {
    if (!stored) {
      return
    }
    const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    if (stored.previous) {
      await service.updateWebhookKeys(stored.previous)
    } else {
      await service.deleteWebhookKeys(stored.id)
    }
    await service.forgetVerificationKeys()
  }
)
