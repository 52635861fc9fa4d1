import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { registerWebhookWithServiceStep, type RegisterWebhookInput } from "./steps/register-with-service"
import { storeWebhookKeyStep } from "./steps/store-webhook-key"

/** Registers a webhook endpoint with the service and stores its verification key in the plugin. */
export const registerInstallmentsWebhookWorkflow = createWorkflow("installments-register-webhook", (input: RegisterWebhookInput) => {
  const registered = registerWebhookWithServiceStep(input)
  const toStore = transform({ registered, input }, ({ registered, input }) => ({ ...registered, provider_id: input.provider_id }))
  const key = storeWebhookKeyStep(toStore)
  const result = transform({ key, registered }, ({ key, registered }) => ({
    id: key.id,
    prefix: key.prefix,
    url: registered.registration.webhook_endpoint.url,
    endpoint_id: registered.registration.webhook_endpoint.id,
    event_type_names: registered.registration.webhook_endpoint.event_type_names,
    environment: key.environment,
  }))
  return new WorkflowResponse(result)
})
