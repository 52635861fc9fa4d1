import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"

/** A failed refund the plugin can retry: one a return or an order cancel meant to make. */
export interface RetryableRefund {
  id: string
  source: "return" | "cancel"
  order_id: string
  return_id: string | null
}

/**
 * Reads the ledger row to retry and checks that the plugin can retry it: it failed, and a return or
 * an order cancel made it (a refund made from the admin is retried from the order, by the merchant).
 */
export const loadFailedRefundStep = createStep("installments-load-failed-refund", async (input: { id: string }, { container }) => {
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [row] = await ledger.listInstallmentsRefunds({ id: input.id }, { take: 1 })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund ${input.id} was not found in the installments refund ledger.`)
  }
  if (row.status !== "failed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Refund ${input.id} did not fail (it is ${row.status === "R" ? "settled" : "pending"}); only a failed refund can be retried.`
    )
  }
  if (!row.order_id || (row.source !== "return" && row.source !== "cancel")) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Refund ${input.id} (source ${row.source ?? "unknown"}) cannot be retried by the plugin: refund it from the order in the admin.`
    )
  }
  return new StepResponse<RetryableRefund>({ id: row.id, source: row.source, order_id: row.order_id, return_id: row.return_id ?? null })
})
