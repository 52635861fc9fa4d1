import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export interface MarkSessionInput {
  session_id: string
  status: PaymentSessionStatus.ERROR | PaymentSessionStatus.CANCELED
}

type Previous = { id: string; status: PaymentSessionStatus; data: Record<string, unknown>; amount: unknown; currency_code: string }

/**
 * Marks the session error (failed) or canceled (expired) through the Payment module, so Medusa and
 * the reconciliation job see it is settled. Restores the previous status if the workflow fails later.
 */
export const markSessionUnpaidStep = createStep(
  "installments-mark-session-unpaid",
  async (input: MarkSessionInput, { container }) => {
    const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const session = await payment.retrievePaymentSession(input.session_id, {
      select: ["id", "status", "data", "amount", "currency_code"],
    })
    const previous: Previous = {
      id: session.id,
      status: session.status as PaymentSessionStatus,
      data: session.data ?? {},
      amount: session.amount,
      currency_code: session.currency_code,
    }
    await payment.updatePaymentSession({
      id: session.id,
      data: session.data ?? {},
      amount: session.amount as never,
      currency_code: session.currency_code,
      status: input.status,
    })
    return new StepResponse(input.status, previous)
  },
  async (previous, { container }) => {
    if (!previous) {
      return
    }
    await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
      id: previous.id,
      data: previous.data,
      amount: previous.amount as never,
      currency_code: previous.currency_code,
      status: previous.status,
    })
  }
)
