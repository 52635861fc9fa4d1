import { formatAmount, fromMedusaAmount, toHalalas } from "../../../../src/lib/money"
import { detail } from "../../report"
import type { JourneyStep } from "../step"

const REFUND_AMOUNT = 300

/**
 * The merchant refunds part of the order from the admin (Orders > order > Payment > Refund).
 * When returns land, a "return received -> automatic refund" step takes this one's place.
 */
export const adminRefundStep: JourneyStep = {
  name: `Merchant refunds ${REFUND_AMOUNT} SAR from the admin`,
  hint: "the store's log: the service's refusal reaches the admin as a message",
  async run(ctx) {
    const { payment } = await ctx.admin.admin.payment.refund(ctx.paymentId!, { amount: REFUND_AMOUNT, note: "Demo: partial refund" }, { fields: "id,*refunds" })
    const refunded = (payment.refunds ?? []).reduce((sum, refund) => sum + fromMedusaAmount(refund.amount), 0n)
    if (refunded !== toHalalas(REFUND_AMOUNT)) {
      throw new Error(`the payment shows ${formatAmount(refunded)} SAR refunded, expected ${formatAmount(toHalalas(REFUND_AMOUNT))}`)
    }
    detail(`payment ${payment.id}: ${formatAmount(refunded)} SAR refunded`)
  },
}
