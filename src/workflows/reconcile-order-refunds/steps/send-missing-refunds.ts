import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendRefund } from "../../../installments/refunds/send-refund"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { formatAmount, parseAmount } from "../../../lib/money"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RefundAttempt } from "../../steps/announce-refund-failures"
import type { MissingRefund } from "../../../installments/refunds/cancel-refund-decision"

/** A missing refund as sent: accepted (with the amount the service took) or not. */
export type MissingRefundAttempt = RefundAttempt & Pick<MissingRefund, "record_on_payment">

/**
 * Sends each missing refund to the service under its key (the key of Medusa's refund id, or the
 * payment's cancel key), written to the ledger first: the service refunds once per key however
 * often this runs. A refusal is in the ledger and returned, not thrown.
 */
export const sendMissingRefundsStep = createStep(
  "installments-send-missing-refunds",
  async (input: { missing: MissingRefund[]; order_id: string }, { container }) => {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const attempts: MissingRefundAttempt[] = []
    for (const refund of input.missing) {
      const client = clientForProvider(container, refund.provider_id)
      const attempt = { ...refund }
      if (!client) {
        logger.error(
          `installments: no installments payment provider is registered with id ${refund.provider_id}; refund ${refund.idempotency_key} not sent`
        )
        continue
      }
      try {
        const sent = await sendRefund(
          client,
          ledger,
          {
            idempotency_key: refund.idempotency_key,
            known_keys: refund.known_keys,
            provider_id: refund.provider_id,
            transaction_id: refund.transaction_id,
            payment_id: refund.payment_id,
            order_id: input.order_id,
            source: "cancel",
            halalas: parseAmount(refund.amount_sar),
            reason: "Order canceled in Medusa",
          },
          logger
        )
        attempts.push({ ...attempt, amount_sar: formatAmount(sent.halalas), refund_id: sent.idempotencyKey })
      } catch {
        attempts.push({ ...attempt, failed: true })
      }
    }
    return new StepResponse(attempts)
  }
)
