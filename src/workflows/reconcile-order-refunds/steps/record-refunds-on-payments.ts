import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { RECORDED_REFUND_KEY, serviceKeysOfRefund } from "../../../installments/refunds/keys"
import { refreshRefundedAmount, type RefundRecorder } from "../../../installments/refunds/medusa-refunds"
import type { RefundToRecord } from "../../../installments/refunds/cancel-refund-decision"

/**
 * Records on Medusa's payment a refund the plugin made at the service for it (an order cancel's
 * refund that the provider's first attempt could not make, sent again later), without calling the
 * provider: Medusa's payment and its collection then show exactly what the service refunded. Once per
 * key: a refund the payment already shows under it is left alone. Runs under the order's lock.
 */
export const recordRefundsOnPaymentsStep = createStep(
  "installments-record-refunds-on-payments",
  async (refunds: RefundToRecord[], { container }) => {
    const payments = container.resolve<RefundRecorder>(Modules.PAYMENT)
    const recorded: RefundToRecord[] = []
    for (const refund of refunds) {
      const payment = await payments.retrievePayment(refund.payment_id, { relations: ["refunds"] })
      if ((payment.refunds ?? []).some((made) => serviceKeysOfRefund(made).includes(refund.idempotency_key))) {
        continue
      }
      await payments.createRefunds({
        payment_id: refund.payment_id,
        amount: refund.amount_sar,
        note: `Refunded at the installments service by the plugin (refund key ${refund.idempotency_key})`,
        metadata: { [RECORDED_REFUND_KEY]: refund.idempotency_key },
      })
      await refreshRefundedAmount(payments, refund.payment_id)
      recorded.push(refund)
    }
    return new StepResponse(recorded)
  }
)
