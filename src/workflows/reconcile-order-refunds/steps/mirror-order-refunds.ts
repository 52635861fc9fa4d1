import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { syncTransactionRefunds } from "../../steps/sync-transaction-refunds"
import type { PaymentAtService } from "./find-missing-refunds"

/**
 * Mirrors the refund_tracker just read of each of the order's payments into the ledger, with the
 * payment and the order; refunds nothing else names are the cancel's.
 */
export const mirrorOrderRefundsStep = createStep(
  "installments-mirror-order-refunds",
  async (input: { order_id: string; payments: PaymentAtService[] }, { container }) => {
    for (const payment of input.payments) {
      await syncTransactionRefunds(
        container,
        {
          provider_id: payment.provider_id,
          transaction_id: payment.transaction.id,
          payment_id: payment.payment_id,
          order_id: input.order_id,
          default_source: "cancel",
        },
        payment.transaction
      )
    }
    return new StepResponse(undefined)
  }
)
