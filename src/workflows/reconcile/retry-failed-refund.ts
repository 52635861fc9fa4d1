import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import { checkInstallmentsOrderRefundsWorkflow } from "../after-cancel/check-order-refunds"
import { refundInstallmentsReturnWorkflow } from "../after-return/refund-return"

/**
 * Retries a failed refund through the flow that made it: a return's refund re-reads what the order
 * owes (a refund made by hand meanwhile leaves less or nothing), a cancel's refund is sent again
 * under its original key. A refund nothing is owed for any more is no longer retried.
 */
export async function retryFailedRefund(container: MedusaContainer, id: string) {
  const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [row] = await ledger.listInstallmentsRefunds({ id }, { take: 1 })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund ${id} was not found in the installments refund ledger.`)
  }
  if (row.status !== "failed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Refund ${id} did not fail (it is ${row.status === "R" ? "settled" : "pending"}); only a failed refund can be retried.`)
  }
  if (!row.order_id || (row.source !== "return" && row.source !== "cancel")) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Refund ${id} (source ${row.source ?? "unknown"}) cannot be retried by the plugin: refund it from the order in the admin.`
    )
  }
  const sent =
    row.source === "return"
      ? (await refundInstallmentsReturnWorkflow(container).run({ input: { order_id: row.order_id, return_id: row.return_id ?? undefined, retry_of: row.id } }))
          .result.refunds.length
      : (await checkInstallmentsOrderRefundsWorkflow(container).run({ input: { order_id: row.order_id, retry_of: row.id } })).result
          .attempts.length
  if (!sent) {
    await ledger.updateInstallmentsRefunds({
      id: row.id,
      retryable: false,
      next_retry_at: null,
      failure_reason: `${row.failure_reason ?? "The refund failed."} Not retried any more: the order no longer owes this refund.`,
    })
  }
  const [after] = await ledger.listInstallmentsRefunds({ id: row.id }, { take: 1 })
  return after
}
