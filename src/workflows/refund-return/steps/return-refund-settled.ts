import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { returnRefundSettled, type ReturnRefundResult } from "../../../installments/refunds/return-refund"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** Whether the receipt needs no more work (installments/refunds/return-refund.ts), read under the order's lock. */
export const returnRefundSettledStep = createStep(
  "installments-return-refund-settled",
  async (result: ReturnRefundResult, { container }) =>
    new StepResponse(await returnRefundSettled(container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE), result))
)
