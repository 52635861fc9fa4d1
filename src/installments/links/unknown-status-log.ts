import type { Logger } from "@medusajs/framework/types"
import type { PaymentLinkDetails } from "../../lib/client"
import { ExpiringKeys } from "../cache/expiring-keys"
import { hasUnknownBankDecision, hasUnknownStatus } from "./transactions"

// Never forgotten by time; 1,000 is enough for every link a store polls at once, the oldest going first.
const reported = new ExpiringKeys(Number.POSITIVE_INFINITY, 1000)

function firstTime(key: string): boolean {
  if (reported.has(key)) {
    return false
  }
  reported.add(key)
  return true
}

/**
 * Warns about a status docs/service-api.md does not list (a new transaction status, an unknown bank
 * decision) once per transaction and value in this process, not on every read of the link: the
 * checkout, webhook and reconciliation paths read the same link many times.
 */
export function reportUnknownStatuses(details: PaymentLinkDetails, logger: Logger | undefined): void {
  for (const transaction of details.transactions) {
    if (hasUnknownStatus(transaction) && firstTime(`${transaction.id}|status|${transaction.status}`)) {
      logger?.warn(
        `installments: transaction ${transaction.id} of payment link ${details.payment_link.id} has status ` +
          `${JSON.stringify(transaction.status)}, which the plugin does not know; it is treated as not paid`
      )
    }
    const decision = transaction.installment_tracker?.status
    if (hasUnknownBankDecision(transaction) && firstTime(`${transaction.id}|bank|${decision}`)) {
      logger?.warn(
        `installments: transaction ${transaction.id} of payment link ${details.payment_link.id} has bank decision ` +
          `${JSON.stringify(decision)}, which the plugin does not know; it is treated as a bank review in progress`
      )
    }
  }
}
