import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** Takes a failed refund off the retry schedule: the order no longer owes it. */
export const stopRetryingRefundStep = createStep(
  "installments-stop-retrying-refund",
  async (input: { id: string; transaction_id: string }, { container }) => {
    await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).writeRefundLedger({
      kind: "stop-retrying",
      transaction_id: input.transaction_id,
      row_id: input.id,
      why: "Not retried any more: the order no longer owes this refund.",
    })
    return new StepResponse(undefined)
  }
)
