import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { retryNote, willRetry } from "../../installments/refunds/failures"
import type { RefundSource } from "../../installments/refunds/keys"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type { RefundFailedData } from "../../modules/installments/events"
import type InstallmentsModuleService from "../../modules/installments/service"
import type { RefundAttempt } from "../../installments/refunds/attempt"

export type { RefundAttempt } from "../../installments/refunds/attempt"

export interface AnnounceRefundFailuresInput {
  attempts: RefundAttempt[]
  source: RefundSource
  order_id?: string | null
}

/**
 * The refunds of these attempts that did not go through, as the ledger's writer recorded them
 * (refused, never received, or waiting behind another refund of the payment): logged for the
 * merchant with whether the plugin retries them, and returned for `installments.refund_failed`.
 * An intent still being confirmed is not a failure: the resolver settles it.
 */
export const announceRefundFailuresStep = createStep(
  "installments-announce-refund-failures",
  async (input: AnnounceRefundFailuresInput, { container }) => {
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const failed: RefundFailedData[] = []
    for (const attempt of input.attempts.filter((candidate) => candidate.failed)) {
      const [row] = await ledger.listInstallmentsRefunds(
        { transaction_id: attempt.transaction_id, idempotency_key: attempt.idempotency_key },
        { take: 1 }
      )
      if (!row || row.status !== "failed") {
        continue
      }
      const retried = willRetry(row)
      const reason = row.failure_reason ?? "The refund failed."
      logger.error(
        `installments: the ${input.source} refund of ${attempt.amount_sar} SAR on payment ${attempt.payment_id}` +
          `${input.order_id ? ` (order ${input.order_id})` : ""} did not go through: ${reason} ${retryNote(retried)}`
      )
      failed.push({
        id: row.id,
        order_id: input.order_id ?? null,
        payment_id: attempt.payment_id,
        transaction_id: attempt.transaction_id,
        source: input.source,
        amount: attempt.amount_sar,
        reason,
        will_retry: retried,
      })
    }
    return new StepResponse(failed)
  }
)
