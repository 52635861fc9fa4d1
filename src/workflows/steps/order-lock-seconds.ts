import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { longestDeadlineMs, refundLockSeconds } from "../../installments/refunds/locks"
import { loadOrderRefundState } from "../../installments/refunds/medusa-refunds"
import { registrationIdOf } from "../../installments/registrations/provider-ids"

/**
 * How long the order's lock must live for a return's refunds: each of the order's installments
 * payments may take one refund's calls (installments/refunds/locks.ts). Read before the lock.
 */
export const orderLockSecondsStep = createStep(
  "installments-order-lock-seconds",
  async (input: { order_id: string }, { container }) => {
    const order = await loadOrderRefundState(container, input.order_id)
    const registrations = (order?.payment_collections ?? [])
      .flatMap((collection) => collection.payments ?? [])
      .map((payment) => registrationIdOf(payment.provider_id))
      .filter((id) => id !== undefined)
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    return new StepResponse(refundLockSeconds(registrations.length, longestDeadlineMs(config, registrations)))
  }
)
