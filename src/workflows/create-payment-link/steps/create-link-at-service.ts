import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatePaymentLinkBody, CreatePaymentLinkResponse } from "../../../lib/client"
import { resolveRegistration } from "../../../installments/registrations/lookup"
import { callService, SERVICE_ERROR_CODES } from "../../../installments/messages/service-errors"
import { INSTANCE_METADATA_KEY } from "../../../installments/links/ownership"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"

export interface CreateLinkAtServiceInput {
  provider_id: RegistrationId
  body: CreatePaymentLinkBody
}

/**
 * Creates the link with the service, naming this store in its metadata (D33). There is no
 * compensation: the service cannot delete a link, and an unpaid spare link is harmless (it expires, D5).
 */
export const createLinkAtServiceStep = createStep(
  "installments-create-link-at-service",
  async (input: CreateLinkAtServiceInput, { container }) => {
    const registration = resolveRegistration(container, input.provider_id)
    const instanceId = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).instanceId()
    const body: CreatePaymentLinkBody = { ...input.body, metadata: { ...input.body.metadata, [INSTANCE_METADATA_KEY]: instanceId } }
    const link: CreatePaymentLinkResponse = await callService(registration, () =>
      registration.client.paymentLinks.create(registration.options.storeId, body)
    )
    if (!link.url) {
      // The client left out a URL that is not https: a link no one may be sent to is not recorded.
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The installments service made link ${link.payment_link_id} without an https address to share, so it was not kept; ` +
          "try again, and report it to the service if it persists.",
        SERVICE_ERROR_CODES.unexpected
      )
    }
    // The same fallback as checkout session data: an answer without `environment` follows the key.
    return new StepResponse({ ...link, url: link.url, environment: link.environment ?? registration.client.environment.toUpperCase() })
  }
)
