import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { RefundSource } from "../../../installments/refunds/keys"
import { formatAmount } from "../../../lib/money"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import { rowHalalas } from "../../../installments/refunds/ledger-plan"
import type InstallmentsModuleService from "../../../modules/installments/service"
import { type RegistrationId, asRegistrationId } from "../../../installments/registrations/provider-ids"

/** A failed refund as the retry needs it. */
export interface RetryableRefund {
  id: string
  source: RefundSource
  order_id: string | null
  return_id: string | null
  provider_id: RegistrationId
  transaction_id: string
  payment_id: string | null
  idempotency_key: string
  /** Decimal SAR. */
  amount: string
}

/**
 * Reads the ledger row to retry and checks that it failed: every failed refund keeps the key of its
 * cause, under which the retry sends it again.
 */
export const loadFailedRefundStep = createStep("installments-load-failed-refund", async (input: { id: string }, { container }) => {
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [row] = await ledger.listInstallmentsRefunds({ id: input.id }, { take: 1 })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund ${input.id} was not found in the installments refund ledger.`)
  }
  if (row.status !== "failed") {
    const now = row.status === "R" ? "settled" : row.status === "P" ? "pending" : "being confirmed with the service"
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Refund ${input.id} did not fail (it is ${now}); only a failed refund can be retried.`
    )
  }
  const needsOrder = row.source === "return" || row.source === "cancel"
  if (!row.source || !row.idempotency_key || (needsOrder && !row.order_id)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Refund ${input.id} (source ${row.source ?? "unknown"}) cannot be retried by the plugin: refund it from the order in the admin.`
    )
  }
  return new StepResponse<RetryableRefund>({
    id: row.id,
    source: row.source,
    order_id: row.order_id ?? null,
    return_id: row.return_id ?? null,
    provider_id: asRegistrationId(row.provider_id),
    transaction_id: row.transaction_id,
    payment_id: row.payment_id ?? null,
    idempotency_key: row.idempotency_key,
    amount: formatAmount(rowHalalas(row as never)),
  })
})
