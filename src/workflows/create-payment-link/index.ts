import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatePaymentLinkBody } from "../../lib/client"
import { claimLinkSmsStep } from "./steps/claim-link-sms"
import { createLinkAtServiceStep } from "./steps/create-link-at-service"
import { recordPaymentLinkStep } from "./steps/record-payment-link"
import type { RegistrationId } from "../../installments/registrations/provider-ids"

export interface CreatePaymentLinkWorkflowInput {
  provider_id: RegistrationId
  /** The admin user making the link. */
  created_by: string | null
  /** The service's creation request, amount as a 2-decimal string. */
  body: CreatePaymentLinkBody & { amount: string }
}

/**
 * Makes a payment link for a phone or in-store sale: its SMS, if asked for, counted against the
 * number's hourly limit; created with the service, then kept in the plugin (tied to no cart), so its
 * payment is recorded and the orphan sweep leaves it alone.
 */
export const createInstallmentsPaymentLinkWorkflow = createWorkflow(
  "installments-create-payment-link",
  (input: CreatePaymentLinkWorkflowInput) => {
    // The number's SMS limit is checked first: past it, no link is made (D56).
    const sms = transform({ input }, ({ input }) => ({
      provider_id: input.provider_id,
      send_sms: input.body.send_sms,
      phone: input.body.client_phone_number,
    }))
    claimLinkSmsStep(sms)
    const created = createLinkAtServiceStep({ provider_id: input.provider_id, body: input.body })
    const record = transform({ input, created }, ({ input, created }) => ({
      payment_link_id: created.payment_link_id,
      provider_id: input.provider_id,
      url: created.url,
      environment: created.environment,
      amount: input.body.amount,
      title: input.body.title,
      single_use: input.body.singleUse ?? true,
      expires_at: input.body.selectedDate ? new Date(input.body.selectedDate) : null,
      created_by: input.created_by,
    }))
    const link = recordPaymentLinkStep(record)
    return new WorkflowResponse(link)
  }
)
