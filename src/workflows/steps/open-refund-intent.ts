import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IntentOpening, RefundIntent } from "../../installments/refunds/intent"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"

/**
 * Writes a refund the plugin is about to make through Medusa's refundPaymentWorkflow to the ledger,
 * under its cause's key, before Medusa's run starts: the provider then sends that intent (under
 * that key, not Medusa's refund id, which Medusa deletes when the call fails).
 */
export const openRefundIntentStep = createStep(
  "installments-open-refund-intent",
  async (intent: RefundIntent & { idempotency_key: string }, { container }) => {
    const { opening } = await container
      .resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
      .writeRefundLedger({ kind: "open", transaction_id: intent.transaction_id, intent })
    return new StepResponse<IntentOpening>(opening!)
  }
)
