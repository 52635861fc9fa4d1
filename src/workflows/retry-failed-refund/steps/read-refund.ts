import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** The ledger row as it stands after the retry. */
export const readRefundStep = createStep("installments-read-refund", async (input: { id: string }, { container }) => {
  const [row] = await container
    .resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    .listInstallmentsRefunds({ id: input.id }, { take: 1 })
  return new StepResponse(row)
})
