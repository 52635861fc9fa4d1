import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"

export interface RecordPaymentLinkInput {
  payment_link_id: string
  provider_id: RegistrationId
  url: string
  environment: string
  amount: string
  title: string
  single_use: boolean
  expires_at: Date | null
  created_by: string | null
}

/** Keeps the link in the plugin so its payment is recorded and it is told apart from checkout links. */
export const recordPaymentLinkStep = createStep(
  "installments-record-payment-link",
  async (input: RecordPaymentLinkInput, { container }) => {
    const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    // A decimal string keeps the amount exact; Medusa's BigNumber reads strings, its typing says number.
    const link = await module.createInstallmentsPaymentLinks({ ...input, amount: input.amount as unknown as number })
    return new StepResponse(link, link.id)
  },
  async (id, { container }) => {
    if (id) {
      await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).deleteInstallmentsPaymentLinks(id)
    }
  }
)
