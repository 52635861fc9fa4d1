import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createOrUpdateOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { ORDER_DEBT_KEY, type OrderDebtRequest, type OrderLinkCheckout } from "../../installments/sessions/order-debt-request"
import type { DebtKind } from "./order-debt-decision"
import { loadOrderDebtStep } from "./steps/load-order-debt"
import { readOrderPaymentLinkStep } from "./steps/read-order-payment-link"
import type { ProviderId } from "../../installments/registrations/provider-ids"

export interface RequestOrderPaymentInput {
  order_id: string
  /** `draft`: a draft order, collected for its total and placed once paid. */
  kind: DebtKind
  /** Medusa's provider id of the registration making the link (`pp_installments_<id>`). */
  provider_id: ProviderId
  checkout?: OrderLinkCheckout
  send_sms?: boolean
  /** ISO 8601; the registration's link lifetime when absent. */
  expires_at?: string
}

/**
 * Collects what an order owes (an exchange for a dearer item, an order edit that added one), or a
 * draft order's total, with a payment link: a payment session of this provider on Medusa's payment collection for the debt, so
 * that paying it moves Medusa's own payment records, the order's paid total and what it owes.
 *
 * Under a lock on the order: a link already open for the exact amount is answered again; otherwise
 * Medusa's createOrUpdateOrderPaymentCollectionWorkflow sets the collection to what is owed (making
 * one when there is none) and createPaymentSessionsWorkflow replaces its sessions with a new one,
 * whose link the provider creates. A replaced session's link cannot be canceled at the service; if
 * it is paid anyway, no session holds it, and the orphan path refunds it.
 */
export const requestInstallmentsOrderPaymentWorkflow = createWorkflow(
  "installments-request-order-payment",
  (input: RequestOrderPaymentInput) => {
    const lockKey = transform({ input }, ({ input }) => `installments-order-debt:${input.order_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const debt = loadOrderDebtStep({ order_id: input.order_id, kind: input.kind })

    const created = when("installments-order-debt-needs-link", { debt }, ({ debt }) => !debt.reuse).then(() => {
      const collections = createOrUpdateOrderPaymentCollectionWorkflow.runAsStep({ input: { order_id: input.order_id } })
      const sessionInput = transform({ input, debt, collections }, ({ input, debt, collections }) => {
        const request: OrderDebtRequest = {
          order_id: input.order_id,
          order_display_id: debt.display_id,
          checkout: input.checkout ?? null,
          send_sms: input.send_sms ?? null,
          expires_at: input.expires_at ?? null,
        }
        return {
          payment_collection_id: [collections].flat()[0]!.id,
          provider_id: input.provider_id,
          customer_id: debt.customer_id ?? undefined,
          data: { [ORDER_DEBT_KEY]: request },
        }
      })
      return createPaymentSessionsWorkflow.runAsStep({ input: sessionInput })
    })

    const sessionId = transform({ debt, created }, ({ debt, created }) => ({ session_id: debt.reuse ? debt.session_id : created!.id }))
    const link = readOrderPaymentLinkStep(sessionId)
    const reused = transform({ debt }, ({ debt }) => debt.reuse)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse({ link, reused })
  }
)
