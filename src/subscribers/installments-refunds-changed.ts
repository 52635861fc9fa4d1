import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncInstallmentsRefundLedgerWorkflow } from "../workflows/refund-ledger/sync-refund-ledger"
import { REFUNDS_CHANGED_EVENT, type RefundsChangedData } from "../modules/installments/events"

/** A refund was accepted or settled at the service: bring the ledger up to date. */
export default async function installmentsRefundsChanged({ event, container }: SubscriberArgs<RefundsChangedData>) {
  await syncInstallmentsRefundLedgerWorkflow(container).run({ input: event.data })
}

export const config: SubscriberConfig = { event: REFUNDS_CHANGED_EVENT }
