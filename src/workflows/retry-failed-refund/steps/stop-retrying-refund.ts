import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** Takes a failed refund off the retry schedule: the order no longer owes it. */
export const stopRetryingRefundStep = createStep("installments-stop-retrying-refund", async (input: { id: string }, { container }) => {
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [row] = await ledger.listInstallmentsRefunds({ id: input.id }, { take: 1, select: ["failure_reason"] })
  await ledger.updateInstallmentsRefunds({
    id: input.id,
    retryable: false,
    next_retry_at: null,
    failure_reason: `${row?.failure_reason ?? "The refund failed."} Not retried any more: the order no longer owes this refund.`,
  })
  return new StepResponse(undefined)
})
