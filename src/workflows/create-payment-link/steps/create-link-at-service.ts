import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatePaymentLinkBody, CreatePaymentLinkResponse } from "../../../lib/client"
import { resolveRegistration } from "../../../installments/registrations"
import { callService } from "../../../installments/service-errors"

export interface CreateLinkAtServiceInput {
  provider_id: string
  body: CreatePaymentLinkBody
}

/**
 * Creates the link with the service. There is no compensation: the service cannot delete a link,
 * and an unpaid spare link is harmless (it expires, D5).
 */
export const createLinkAtServiceStep = createStep(
  "installments-create-link-at-service",
  async (input: CreateLinkAtServiceInput, { container }) => {
    const registration = resolveRegistration(container, input.provider_id)
    const link: CreatePaymentLinkResponse = await callService(registration, () =>
      registration.client.paymentLinks.create(registration.options.storeId, input.body)
    )
    // The same fallback as checkout session data: an answer without `environment` follows the key.
    return new StepResponse({ ...link, environment: link.environment ?? registration.client.environment.toUpperCase() })
  }
)
