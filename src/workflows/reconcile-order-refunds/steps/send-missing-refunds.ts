import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refundFailureOf } from "../../../installments/refund-failures"
import { sendRefund } from "../../../installments/refund-sender"
import { clientForProvider } from "../../../installments/registrations"
import { formatAmount, parseAmount } from "../../../lib/money"
import type { RefundAttempt } from "../../steps/record-refund-outcomes"
import type { MissingRefund } from "../cancel-refund-decision"

/** A missing refund as sent: accepted (with the amount the service took) or refused. */
export type MissingRefundAttempt = RefundAttempt & Pick<MissingRefund, "record_on_payment" | "idempotency_key">

/**
 * Sends each missing refund to the service under its key (Medusa's refund id, or
 * `cancel-<payment id>`): the service refunds once per key however often this runs. A refusal is
 * returned for the ledger, not thrown.
 */
export const sendMissingRefundsStep = createStep(
  "installments-send-missing-refunds",
  async (missing: MissingRefund[], { container }) => {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const attempts: MissingRefundAttempt[] = []
    for (const refund of missing) {
      const client = clientForProvider(container, refund.provider_id)
      try {
        if (!client) {
          throw new Error(`No installments payment provider is registered with id ${refund.provider_id}.`)
        }
        const sent = await sendRefund(
          client,
          {
            transactionId: refund.transaction_id,
            halalas: parseAmount(refund.amount_sar),
            idempotencyKey: refund.idempotency_key,
            reason: "Order canceled in Medusa",
          },
          logger
        )
        attempts.push({ ...refund, amount_sar: formatAmount(sent.halalas), refund_id: refund.idempotency_key })
      } catch (error) {
        attempts.push({ ...refund, failure: { ...refundFailureOf(error), idempotency_key: refund.idempotency_key } })
      }
    }
    return new StepResponse(attempts)
  }
)
