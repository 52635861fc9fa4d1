import { recordsTransaction } from "../../installments/session-data"
import type { SessionContext } from "../../installments/session-records"
import type { RecordDisputeInput } from "./steps/record-dispute"

/** Which Medusa payment and order a dispute is against: only the payment that records its transaction. */
export function disputedPayment(input: Pick<RecordDisputeInput, "transaction_id" | "payment_link_id">, context: SessionContext) {
  const payment = context.payments.find((row) => recordsTransaction(row.data, input.transaction_id, input.payment_link_id))
  // A dispute tied to the wrong payment would send the merchant to answer for the wrong order: unmatched, it names none.
  return payment ? { payment_id: payment.id, order_id: context.order?.id ?? null } : { payment_id: null, order_id: null }
}
