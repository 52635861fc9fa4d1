import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WebhookRegistration } from "../../lib/client"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"

/** Keeps the registration's public key so the webhook middleware can verify deliveries. */
export const storeWebhookKeyStep = createStep(
  "installments-store-webhook-key",
  async (input: { registration: WebhookRegistration; environment: string }, { container }) => {
    const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const key = await service.createWebhookKeys({
      prefix: input.registration.api_key.prefix,
      public_key: input.registration.api_key.public_key,
      environment: input.environment,
      endpoint_id: input.registration.webhook_endpoint.id,
      url: input.registration.webhook_endpoint.url,
    })
    return new StepResponse(key, key.id)
  },
  async (id, { container }) => {
    if (id) {
      await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).deleteWebhookKeys(id)
    }
  }
)
