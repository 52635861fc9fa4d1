import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { claimStaffSms, type SmsClaimer } from "../../../installments/links/sms-limit"
import { resolveRegistration } from "../../../installments/registrations/lookup"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"

export interface ClaimLinkSmsInput {
  provider_id: RegistrationId
  send_sms?: boolean
  /** E.164, as the request holds it. */
  phone?: string
}

/**
 * Counts the SMS a staff-made link asks for against the number's hourly limit (`smsLimitPerHour`,
 * D56), before the link is made: past it, or when it cannot be counted, the request is refused with
 * what to do instead, so no number is texted without limit from the back office. No compensation: an
 * SMS counted for a link that then failed only makes the limit stricter for the hour.
 */
export const claimLinkSmsStep = createStep("installments-claim-link-sms", async (input: ClaimLinkSmsInput, { container }) => {
  if (!input.send_sms || !input.phone) {
    return new StepResponse({ counted: false })
  }
  const registration = resolveRegistration(container, input.provider_id)
  const limit = registration.options.smsLimitPerHour
  const allowed = await claimStaffSms(container.resolve<SmsClaimer>(INSTALLMENTS_MODULE), {
    phone: input.phone,
    secretKey: registration.options.secretKey,
    limit,
  }).catch((error: unknown) => {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The SMS to this number could not be counted against the hourly limit (${(error as Error).message}); ` +
        "make the link without SMS and share its address or QR code, or try again."
    )
  })
  if (!allowed) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `This number was texted ${limit} payment links in the last hour, the limit (smsLimitPerHour); ` +
        "make the link without SMS and share its address or QR code."
    )
  }
  return new StepResponse({ counted: true })
})
