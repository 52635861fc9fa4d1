import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** Medusa's payment shows the refund (it recorded it before the call was lost, or a run just did). */
export const markRecordedInMedusaStep = createStep(
  "installments-mark-refund-recorded-in-medusa",
  async (input: { row_id: string; transaction_id: string }, { container }) => {
    await container
      .resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
      .writeRefundLedger({ kind: "recorded-in-medusa", transaction_id: input.transaction_id, row_id: input.row_id })
    return new StepResponse({ row_id: input.row_id })
  }
)
