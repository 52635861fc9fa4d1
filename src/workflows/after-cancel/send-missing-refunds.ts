import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientForProvider } from "../../installments/registrations"
import { merchantError } from "../../installments/service-errors"
import type { RefundAttempt } from "../refund-ledger/record-refund-outcomes"
import { refundFailureOf } from "../../installments/refund-failures"
import type { MissingRefund } from "./cancel-refund-decision"

/**
 * Sends each missing refund to the service under its key (Medusa's refund id, or
 * `cancel-<payment id>`): the service refunds once per key however often this runs. A refusal is
 * returned for the ledger, not thrown.
 */
export const sendMissingRefundsStep = createStep(
  "installments-send-missing-refunds",
  async (missing: MissingRefund[], { container }) => {
    const attempts: RefundAttempt[] = []
    for (const refund of missing) {
      const client = clientForProvider(container, refund.provider_id)
      try {
        if (!client) {
          throw new Error(`No installments payment provider is registered with id ${refund.provider_id}.`)
        }
        await client.transactions.refund(
          refund.transaction_id,
          { refund_amount: refund.amount_sar, reason: "Order canceled in Medusa" },
          { idempotencyKey: refund.idempotency_key }
        )
        attempts.push({ ...refund, refund_id: refund.idempotency_key })
      } catch (error) {
        const failure = refundFailureOf(merchantError(error, { action: `refund transaction ${refund.transaction_id}` }))
        attempts.push({ ...refund, failure: { ...failure, idempotency_key: refund.idempotency_key } })
      }
    }
    return new StepResponse(attempts)
  }
)
