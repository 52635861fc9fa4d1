import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { medusaRefundsIn } from "../../../installments/refunds/medusa-refunds"
import { resolveRefund } from "../../../installments/refunds/resolve-refund"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

export interface ResolveRefundIntentInput {
  /** The ledger row to resolve (an unresolved intent, or an applied refund Medusa does not show). */
  id: string
  /** The resolver's clock; defaults to now. A workflow's input crosses as JSON: a date string is read too. */
  now?: Date | string
}

/** Settles one ledger row with the service and Medusa's refund records (installments/refunds/resolve-refund.ts). */
export const resolveRefundStep = createStep("installments-resolve-refund", async (input: ResolveRefundIntentInput, { container }) => {
  const row = await resolveRefund(
    {
      ledger: container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE),
      clientFor: (registrationId) => clientForProvider(container, registrationId),
      medusa: medusaRefundsIn(container),
      logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    },
    input.id,
    input.now ? new Date(input.now) : new Date()
  )
  return new StepResponse(row ?? null)
})
