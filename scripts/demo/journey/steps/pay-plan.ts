import { detail } from "../../report"
import { sandboxControl } from "../context"
import type { JourneyStep } from "../step"

// The sandbox's Al Rajhi credit card that succeeds (sandbox/README.md lists every test card).
const RAJHI_CARD = "4092010000000018"

/** The shopper pays on the hosted page with a 0% plan: 12 months with Al Rajhi. */
export const payPlanStep: JourneyStep = {
  name: "Shopper pays with a 0% plan on the hosted page (sandbox)",
  hint: "the sandbox's test cards and bank minimums (sandbox/README.md)",
  async run(ctx) {
    const paid = await sandboxControl<{ transaction_id: string; transaction: { installment_duration?: number; amount?: string } }>(
      ctx,
      `/payment-links/${ctx.paymentLink!.id}/pay`,
      { card_number: RAJHI_CARD, payment_option: "Installment", bank_code: "rajhi", months: 12 }
    )
    ctx.transactionId = paid.transaction_id
    detail(`transaction ${paid.transaction_id}: Al Rajhi, 12 months at 0%`)
  },
}
