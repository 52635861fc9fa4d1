import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { returnRefundMedusaIn } from "../../../installments/refunds/medusa-refunds"
import { refundReturn, type ReturnRefundInput } from "../../../installments/refunds/return-refund"
import { installmentsProviderOptions } from "../../../installments/registrations/lookup"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** Refunds what the order owes after the receipt (installments/refunds/return-refund.ts), under the order's lock. */
export const refundReturnStep = createStep("installments-refund-return", async (input: ReturnRefundInput, { container }) => {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const result = await refundReturn(
    {
      ledger: container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE),
      medusa: returnRefundMedusaIn(container),
      enabled: (id) => installmentsProviderOptions(config, id)?.autoRefundReturns ?? false,
    },
    input
  )
  return new StepResponse(result)
})
