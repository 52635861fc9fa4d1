import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/sync-refund-ledger"
import { REFUNDS_CHANGED_EVENT, type RefundsChangedData } from "../modules/installments/events"
import { registrationIdOf } from "../installments/registrations/provider-ids"

/** A refund was accepted or settled at the service: bring the ledger up to date. */
export default async function installmentsRefundsChanged({ event, container }: SubscriberArgs<RefundsChangedData>) {
  const registrationId = registrationIdOf(event.data.provider_id)
  if (registrationId) {
    await syncInstallmentsRefundLedgerWorkflow(container).run({
      input: { provider_id: registrationId, transaction_id: event.data.transaction_id },
    })
  }
}

export const config: SubscriberConfig = { event: REFUNDS_CHANGED_EVENT }
