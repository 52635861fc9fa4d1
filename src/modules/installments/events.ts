/** Emitted by the webhook middleware when a verified delivery says a transaction's refunds changed. */
export const REFUNDS_CHANGED_EVENT = "installments.refunds_changed"

export interface RefundsChangedData {
  provider_id: string
  transaction_id: string
}
