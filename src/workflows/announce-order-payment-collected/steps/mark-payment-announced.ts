import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ANNOUNCED_KEY } from "../order-payment-collected-decision"

type Previous = { id: string; metadata: Record<string, unknown> | null }

// Medusa's UpdatePaymentDTO types only the id, while the module updates whatever the row holds.
type PaymentMetadataUpdate = UpdatePaymentDTO & { metadata: Record<string, unknown> }

/** Records on Medusa's payment that its collection was announced, so a later capture run does not announce it again. */
export const markPaymentAnnouncedStep = createStep(
  "installments-mark-payment-announced",
  async (input: { payment_id: string }, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const payment = await payments.retrievePayment(input.payment_id, { select: ["id", "metadata"] })
    // The model has metadata; Medusa's PaymentDTO does not type it.
    const stored = (payment as { metadata?: Record<string, unknown> | null }).metadata
    const previous: Previous = { id: payment.id, metadata: stored ?? null }
    const update: PaymentMetadataUpdate = {
      id: payment.id,
      metadata: { ...(previous.metadata ?? {}), [ANNOUNCED_KEY]: new Date().toISOString() },
    }
    await payments.updatePayment(update)
    return new StepResponse(undefined, previous)
  },
  async (previous, { container }) => {
    if (!previous) {
      return
    }
    const update: PaymentMetadataUpdate = { id: previous.id, metadata: previous.metadata ?? {} }
    await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePayment(update)
  }
)
