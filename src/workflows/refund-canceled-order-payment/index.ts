import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { refundCanceledOrderPaymentInMedusaWorkflow } from "../refund-canceled-order-payment-in-medusa"
import { announceCanceledOrderPaymentRefundedStep } from "./steps/announce-canceled-order-payment-refunded"
import { decideCanceledOrderPaymentStep, type CanceledOrderPaymentInput } from "./steps/decide-canceled-order-payment"
import { loadCanceledOrderCandidateStep } from "./steps/load-canceled-order-candidate"
import { refundThroughServiceStep } from "../steps/refund-through-service"
import { openRefundIntentStep } from "../steps/open-refund-intent"
import { RECORDED_REFUND_KEY, canceledOrderRefundKey, causeKeyOf } from "../../installments/refunds/keys"
import { syncRefundLedgerStep } from "../steps/sync-refund-ledger"
import { CANCELED_ORDER_PAYMENT_REFUNDED_EVENT, type CanceledOrderPaymentRefundedData } from "../../modules/installments/events"
import type { CanceledOrderPaymentDecision } from "../../installments/refunds/canceled-order-decision"
import { registrationIdOf } from "../../installments/registrations/provider-ids"

// A decision to refund always names the installments provider of its session.
const registrationId = (decision: CanceledOrderPaymentDecision) => registrationIdOf(decision.provider_id)!

/**
 * A successful payment on a session whose order is canceled: the customer paid the session's link
 * (which stays payable until it expires; the service cannot cancel a link) after the order had been
 * canceled, typically by the plugin when the bank rejected a 0% installment request. Medusa's
 * processPaymentWorkflow records and captures it on the canceled order, which will never ship.
 *
 * Under the cart's lock, the payment is refunded in full once (see decideCanceledOrderPayment):
 * through Medusa's own refund steps when Medusa captured it (the order records the refund; the
 * provider sends it under the canceled-order key), else directly with the service under the
 * canceled-order key (`canceledOrderRefundKey`). Logs an error-level message for the merchant and emits
 * `installments.canceled_order_payment_refunded`. Safe to run any number of times.
 */
export const refundInstallmentsCanceledOrderPaymentWorkflow = createWorkflow(
  "installments-refund-canceled-order-payment",
  (input: CanceledOrderPaymentInput) => {
    const candidate = loadCanceledOrderCandidateStep(input)
    when("installments-lock-canceled-order-cart", { candidate }, ({ candidate }) => candidate.candidate).then(() => {
      acquireLockStep({ key: candidate.cart_id as string, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    })
    const decision = decideCanceledOrderPaymentStep(
      transform({ input, candidate }, ({ input, candidate }) => ({ ...input, candidate: candidate.candidate }))
    )

    const opening = when(
      "installments-canceled-order-payment-captured-by-medusa",
      { decision },
      ({ decision }) => decision.refund && decision.via === "medusa"
    ).then(() =>
      openRefundIntentStep(
        transform({ decision }, ({ decision }) => ({
          ...causeKeyOf(canceledOrderRefundKey(decision.transaction_id!)),
          provider_id: registrationId(decision),
          transaction_id: decision.transaction_id!,
          payment_id: decision.payment_id!,
          order_id: decision.order_id!,
          source: "canceled-order" as const,
          amount: decision.amount!,
        }))
      ).config({ name: "installments-open-canceled-order-refund-intent" })
    )
    const refundId = when("installments-canceled-order-refund-to-send", { opening }, ({ opening }) => opening?.kind === "send").then(
      () =>
        refundCanceledOrderPaymentInMedusaWorkflow.runAsStep({
          input: transform({ decision, opening }, ({ decision, opening }) => ({
            payment_id: decision.payment_id!,
            order_id: decision.order_id!,
            amount: decision.medusa_amount!,
            // The key the ledger sends it under: a row of 0.1.0 keeps its readable key.
            metadata: { [RECORDED_REFUND_KEY]: (opening as { idempotency_key: string }).idempotency_key },
          })),
        })
    )

    when(
      "installments-canceled-order-payment-not-recorded-by-medusa",
      { decision },
      ({ decision }) => decision.refund && decision.via === "service"
    ).then(() => {
      refundThroughServiceStep(
        transform({ decision }, ({ decision }) => ({
          provider_id: registrationId(decision),
          transaction_id: decision.transaction_id!,
          amount: decision.amount!,
          idempotency_key: decision.idempotency_key!,
          known_keys: decision.known_keys,
          source: "canceled-order" as const,
          order_id: decision.order_id,
          reason: "Paid after its order was canceled: the order will not ship",
        }))
      ).config({ name: "installments-refund-canceled-order-payment-through-service" })
      syncRefundLedgerStep(
        transform({ decision }, ({ decision }) => ({
          provider_id: registrationId(decision),
          transaction_id: decision.transaction_id!,
        }))
      ).config({ name: "installments-sync-canceled-order-refund-ledger" })
    })

    when("installments-canceled-order-payment-refunded", { decision }, ({ decision }) => decision.refund).then(() => {
      announceCanceledOrderPaymentRefundedStep(
        transform({ decision, refundId }, ({ decision, refundId }) => ({ decision, refund_id: refundId ?? undefined }))
      )
      const data = transform({ decision, refundId }, ({ decision, refundId }): CanceledOrderPaymentRefundedData => ({
        order_id: decision.order_id!,
        session_id: decision.session_id,
        provider_id: decision.provider_id!,
        payment_link_id: decision.payment_link_id!,
        transaction_id: decision.transaction_id!,
        amount: decision.amount!,
        refunded_through: decision.via!,
        ...(decision.via === "medusa"
          ? { payment_id: decision.payment_id, ...(refundId ? { refund_id: refundId } : {}) }
          : { idempotency_key: decision.idempotency_key }),
      }))
      emitEventStep({ eventName: CANCELED_ORDER_PAYMENT_REFUNDED_EVENT, data }).config({
        name: "installments-emit-canceled-order-payment-refunded",
      })
    })

    when("installments-unlock-canceled-order-cart", { candidate }, ({ candidate }) => candidate.candidate).then(() => {
      releaseLockStep({ key: candidate.cart_id as string, executeOnSubWorkflow: true })
    })
    return new WorkflowResponse(decision)
  }
)
