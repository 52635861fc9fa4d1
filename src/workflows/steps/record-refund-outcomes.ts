import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type { RefundFailedData } from "../../modules/installments/events"
import type { RefundSource } from "../../modules/installments/models/refund"
import type InstallmentsModuleService from "../../modules/installments/service"
import type { RefundFailure } from "../../installments/refund-failures"
import { syncTransactionRefunds } from "./sync-transaction-refunds"

/** A refund the plugin sent (or meant to send) on one payment, and how it ended. */
export interface RefundAttempt {
  payment_id: string
  /** The provider registration's id. */
  provider_id: string
  transaction_id: string
  /** Decimal SAR. */
  amount_sar: string
  /** The key the service knows the refund by, when it accepted it. */
  refund_id?: string
  failure?: RefundFailure & { idempotency_key: string | null }
}

export interface RecordRefundOutcomesInput {
  attempts: RefundAttempt[]
  source: RefundSource
  order_id?: string | null
  return_id?: string | null
  /** The failed ledger row being retried, which an accepted refund takes over. */
  retry_of?: string
  /** The clock of the retry schedule; defaults to now. */
  now?: Date
}

/**
 * Brings the ledger up to date with refunds just attempted: an accepted one is mirrored from the
 * service's refund_tracker with its source, order and return (taking over the failed row it
 * retries); a refused one is kept as `failed` with the reason and its retry time. Returns the
 * failures, for `installments.refund_failed`.
 */
export const recordRefundOutcomesStep = createStep(
  "installments-record-refund-outcomes",
  async (input: RecordRefundOutcomesInput, { container }) => {
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const now = input.now ?? new Date()
    const failed: RefundFailedData[] = []
    for (const attempt of input.attempts) {
      const where = { order_id: input.order_id ?? null, return_id: input.return_id ?? null }
      if (attempt.refund_id) {
        await ledger.acceptRetriedRefund({
          payment_id: attempt.payment_id,
          source: input.source,
          retry_of: input.retry_of,
          idempotency_key: attempt.refund_id,
        })
        await syncAccepted(container, logger, attempt, input.source, where)
        continue
      }
      const failure = attempt.failure!
      const row = await ledger.recordRefundFailure({
        id: input.retry_of,
        provider_id: attempt.provider_id,
        transaction_id: attempt.transaction_id,
        payment_id: attempt.payment_id,
        ...where,
        source: input.source,
        amount: attempt.amount_sar,
        idempotency_key: failure.idempotency_key,
        failure,
        now,
      })
      const willRetry = !!row.retryable && !!row.next_retry_at
      logger.error(
        `installments: the ${input.source} refund of ${attempt.amount_sar} SAR on payment ${attempt.payment_id}` +
          `${input.order_id ? ` (order ${input.order_id})` : ""} was refused: ${failure.reason}` +
          (willRetry ? "" : " It is not retried automatically; retry it from POST /admin/installments/refunds/:id/retry once resolved.")
      )
      failed.push({
        id: row.id,
        order_id: input.order_id ?? null,
        payment_id: attempt.payment_id,
        transaction_id: attempt.transaction_id,
        source: input.source,
        amount: attempt.amount_sar,
        reason: failure.reason,
        will_retry: willRetry,
      })
    }
    return new StepResponse(failed)
  }
)

async function syncAccepted(
  container: Parameters<typeof syncTransactionRefunds>[0],
  logger: Logger,
  attempt: RefundAttempt,
  source: RefundSource,
  where: { order_id: string | null; return_id: string | null }
) {
  try {
    await syncTransactionRefunds(container, {
      provider_id: attempt.provider_id,
      transaction_id: attempt.transaction_id,
      payment_id: attempt.payment_id,
      ...(where.order_id ? { order_id: where.order_id } : {}),
      attributions: { [attempt.refund_id!]: { source, ...(where.return_id ? { return_id: where.return_id } : {}) } },
    })
  } catch (error) {
    // The refund is made; the ledger catches up on the service's order.updated webhook or the job.
    logger.warn(`installments: could not read transaction ${attempt.transaction_id} after its refund: ${(error as Error).message}`)
  }
}
