import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, convertDraftOrderWorkflow, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORDER_PAYMENT_COLLECTED_EVENT } from "../../modules/installments/events"
import { decideOrderPaymentCollectedStep } from "./steps/decide-order-payment-collected"
import { markPaymentAnnouncedStep } from "./steps/mark-payment-announced"

/**
 * After Medusa captured a payment: when it collected what an order owed through a link of this
 * plugin, emits `installments.order_payment_collected` once, under a lock on the payment, marked
 * on the payment itself (Medusa captures again, as a no-op, for each paid delivery). A draft order
 * paid this way is placed first with Medusa's convertDraftOrderWorkflow, in the same run, so it
 * becomes an order once, whichever of the webhook and the sweep recorded the payment.
 */
export const announceOrderPaymentCollectedWorkflow = createWorkflow(
  "installments-announce-order-payment-collected",
  (input: { payment_id: string }) => {
    const lockKey = transform({ input }, ({ input }) => `installments-order-payment-collected:${input.payment_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 60 })
    const decision = decideOrderPaymentCollectedStep({ payment_id: input.payment_id })
    when("installments-draft-order-paid", { decision }, ({ decision }) => decision.announce && decision.convert_draft).then(() => {
      const draft = transform({ decision }, ({ decision }) => ({ id: decision.announce ? decision.data.order_id : "" }))
      convertDraftOrderWorkflow.runAsStep({ input: draft })
    })
    when("installments-order-payment-to-announce", { decision }, ({ decision }) => decision.announce).then(() => {
      markPaymentAnnouncedStep({ payment_id: input.payment_id })
      const data = transform({ decision }, ({ decision }) => (decision.announce ? decision.data : undefined))
      emitEventStep({ eventName: ORDER_PAYMENT_COLLECTED_EVENT, data }).config({ name: "installments-emit-order-payment-collected" })
    })
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(decision)
  }
)
