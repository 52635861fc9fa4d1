import { isInstallmentsProvider } from "../../../installments/registrations/provider-ids"
import { formatAmount, roundMedusaAmount } from "../../../lib/money"
import type { OrderDebtView } from "../../lib/types"

/** The link of an order's debt still open for payment, as the card shows it. */
export interface OpenDebtLink {
  url: string
  amount: string
  expires_at: string
}

const OPEN_COLLECTIONS = new Set(["not_paid", "awaiting"])

/**
 * What the order owes, rounded to the halala as the link will be; null when it owes nothing. Medusa's
 * open payment collection for the debt says it when there is one: after an exchange it is the
 * difference (the returned item counted), while the admin's summary counts the new item alone
 * until the return is received. Otherwise (an order that never had one, a draft) the summary.
 */
export function owedAmount(order: Pick<OrderDebtView, "summary" | "payment_collections">): string | null {
  const pending = order.summary?.pending_difference
  if (pending === undefined || pending === null || roundMedusaAmount(pending) <= 0n) {
    return null
  }
  const collection = (order.payment_collections ?? []).find(
    (candidate) => OPEN_COLLECTIONS.has(candidate.status) && candidate.amount != null
  )
  const halalas = roundMedusaAmount(collection?.amount ?? pending)
  return halalas > 0n ? formatAmount(halalas) : null
}

/** The plugin's link open on the order's debt (a pending session made for it, not expired), if any. */
export function openDebtLink(order: OrderDebtView, now: Date = new Date()): OpenDebtLink | null {
  for (const collection of order.payment_collections ?? []) {
    if (!OPEN_COLLECTIONS.has(collection.status)) {
      continue
    }
    for (const session of collection.payment_sessions ?? []) {
      const data = session.data ?? {}
      const { url, amount, expires_at: expiresAt, order_debt: request } = data as Record<string, unknown>
      if (
        isInstallmentsProvider(session.provider_id) &&
        session.status === "pending" &&
        request &&
        typeof url === "string" &&
        typeof amount === "string" &&
        typeof expiresAt === "string" &&
        Date.parse(expiresAt) > now.getTime()
      ) {
        return { url, amount, expires_at: expiresAt }
      }
    }
  }
  return null
}
