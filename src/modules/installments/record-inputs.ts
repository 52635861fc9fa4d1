import type { RegistrationId } from "../../installments/registrations/provider-ids"
/** A dispute the service reported on a transaction. */
export interface DisputeInput {
  transaction_id: string
  payment_id: string | null
  order_id: string | null
  provider_id: RegistrationId
  event_id: string
  disputed_at: Date
}
