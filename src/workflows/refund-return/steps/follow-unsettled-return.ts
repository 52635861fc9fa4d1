import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/**
 * Keeps the return's sweep following a receipt this run did not settle, whoever ran it: the retry
 * job's run subtracts a refund still in flight, and if that one then turns out never applied (the
 * unbacked-refund check removes it), only the sweep sends the rest. Reopened, not just left open: a
 * sweep or subscriber run that read an earlier generation never closes it.
 */
export const followUnsettledReturnStep = createStep(
  "installments-follow-unsettled-return",
  async (input: { return_id: string }, { container }) => {
    const generation = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).reopenReturnSweepItem(input.return_id)
    return new StepResponse(generation)
  }
)
