import type { PaymentLinkDetails } from "../../lib/client"
import { recordsTransaction } from "../../installments/sessions/data"
import type { SessionContext } from "../../installments/sessions/records"
import type { RecordDisputeInput } from "./steps/record-dispute"

/** Which Medusa payment and order a dispute is against: only the payment that records its transaction. */
export function disputedPayment(input: Pick<RecordDisputeInput, "transaction_id" | "payment_link_id">, context: SessionContext) {
  const payment = context.payments.find((row) => recordsTransaction(row.data, input.transaction_id, input.payment_link_id))
  // A dispute tied to the wrong payment would send the merchant to answer for the wrong order: unmatched, it names none.
  return payment ? { payment_id: payment.id, order_id: context.order?.id ?? null } : { payment_id: null, order_id: null }
}

/**
 * The session a dispute is against, as the service's own record of the link says: the delivery's
 * session only when the link names that session and holds the disputed transaction; otherwise none,
 * so a delivery's hints alone never tie a chargeback to a checkout.
 */
export function confirmedDisputeSession(
  details: Pick<PaymentLinkDetails, "payment_link" | "transactions">,
  input: Pick<RecordDisputeInput, "transaction_id" | "session_id">
): string | undefined {
  const linkSession = details.payment_link.metadata?.session_id
  const holdsTransaction = details.transactions.some((transaction) => transaction.id === input.transaction_id)
  return input.session_id && linkSession === input.session_id && holdsTransaction ? input.session_id : undefined
}
