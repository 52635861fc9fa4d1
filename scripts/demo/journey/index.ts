import { step } from "../report"
import type { JourneyContext } from "./context"
import type { JourneyStep } from "./step"
import { cartStep } from "./steps/cart"
import { orderStep } from "./steps/order"
import { payPlanStep } from "./steps/pay-plan"
import { paymentLinkStep } from "./steps/payment-link"
import { refundSettlesStep } from "./steps/refund-settles"
import { returnRefundStep } from "./steps/return-refund"
import { statementStep } from "./steps/statement"

/** The journey, in order; a new step is one file in steps/ and one line here. */
export const JOURNEY: JourneyStep[] = [
  cartStep,
  paymentLinkStep,
  payPlanStep,
  orderStep,
  returnRefundStep,
  refundSettlesStep,
  statementStep,
]

/** Walks every step in order; the first failure stops the journey with a StepError naming it. */
export async function runJourney(ctx: JourneyContext): Promise<void> {
  for (const journeyStep of JOURNEY) {
    await step(journeyStep.name, () => journeyStep.run(ctx), journeyStep.hint)
  }
}
