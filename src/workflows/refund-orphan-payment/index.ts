import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ORPHAN_PAYMENT_REFUNDED_EVENT, type OrphanPaymentRefundedData } from "../../modules/installments/events"
import { findOrphanPaymentStep, type OrphanPaymentInput } from "./steps/find-orphan-payment"
import { announceOrphanPaymentRefundedStep } from "./steps/announce-orphan-payment-refunded"
import { refundThroughServiceStep } from "../steps/refund-through-service"
import { syncRefundLedgerStep } from "../steps/sync-refund-ledger"
import { providerIdOf } from "../../installments/registrations/provider-ids"
import { causeKeyOf, orphanRefundKey } from "../../installments/refunds/keys"

/**
 * A payment no order will record: the customer paid a link whose payment session was deleted or
 * given another link (the cart changed after the link was made; the service cannot cancel a link).
 * Refunds it in full through the service under the orphan key of the transaction (`orphanRefundKey`), records it in the
 * refund ledger, and logs an error-level message and emits `installments.orphan_payment_refunded`.
 */
export const refundInstallmentsOrphanPaymentWorkflow = createWorkflow(
  "installments-refund-orphan-payment",
  (input: OrphanPaymentInput) => {
    const decision = findOrphanPaymentStep(input)
    when("installments-payment-is-orphan", { decision }, ({ decision }) => decision.orphan).then(() => {
      refundThroughServiceStep(
        transform({ input, decision }, ({ input, decision }) => ({
          provider_id: input.provider_id,
          transaction_id: decision.transaction_id!,
          amount: decision.amount!,
          ...causeKeyOf(orphanRefundKey(decision.transaction_id!)),
          source: "orphan" as const,
          reason: "Paid link of a checkout that no longer exists: no order was placed",
        }))
      ).config({ name: "installments-refund-orphan-payment-through-service" })
      announceOrphanPaymentRefundedStep(decision)
      syncRefundLedgerStep(
        transform({ input, decision }, ({ input, decision }) => ({
          provider_id: input.provider_id,
          transaction_id: decision.transaction_id!,
        }))
      ).config({ name: "installments-sync-orphan-refund-ledger" })
      const data = transform({ input, decision }, ({ input, decision }): OrphanPaymentRefundedData => ({
        provider_id: providerIdOf(input.provider_id),
        payment_link_id: decision.payment_link_id,
        transaction_id: decision.transaction_id!,
        session_id: decision.session_id!,
        amount: decision.amount!,
      }))
      emitEventStep({ eventName: ORPHAN_PAYMENT_REFUNDED_EVENT, data }).config({ name: "installments-emit-orphan-payment-refunded" })
    })
    return new WorkflowResponse(decision)
  }
)
