import type { Logger } from "@medusajs/framework/types"
import type { PaymentLinkDetails } from "../lib/client"
import { hasUnknownBankDecision, hasUnknownStatus } from "./transactions"

// Enough for every link a store polls at once; the oldest keys go first, so memory stays bounded.
const REMEMBERED = 1000
const reported = new Set<string>()

function firstTime(key: string): boolean {
  if (reported.has(key)) {
    return false
  }
  reported.add(key)
  if (reported.size > REMEMBERED) {
    reported.delete(reported.values().next().value as string)
  }
  return true
}

/**
 * Warns about a status the interface does not list (a new transaction status, an unknown bank
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
