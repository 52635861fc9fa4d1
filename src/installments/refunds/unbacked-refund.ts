import type { Logger } from "@medusajs/framework/types"
import type { InstallmentsClient } from "../../lib/client"
import { formatAmount } from "../../lib/money"
import { hasRefundWithKey } from "../links/transactions"
import type { RegistrationId } from "../registrations/provider-ids"
import { INTENT_SETTLE_MS, isUnresolved } from "./intent"
import { recordedKeyOf, serviceKeysOfRefund } from "./keys"
import type { RefundLedgerWriter } from "./ledger-change"

/** A refund row of Medusa's on one of this plugin's payments, as the check reads it. */
export interface MedusaRefundToCheck {
  id: string
  payment_id: string
  registration_id: RegistrationId
  transaction_id: string
  payment_session_id?: string | null
  created_at: Date
  halalas: bigint
  metadata?: Record<string, unknown> | null
}

export interface UnbackedRefundPorts {
  ledger: RefundLedgerWriter & {
    listInstallmentsRefunds(
      filters: Record<string, unknown>,
      config?: Record<string, unknown>
    ): Promise<{ medusa_refund_id?: string | null; idempotency_key?: string | null; status?: string | null }[]>
  }
  clientFor(registrationId: RegistrationId): InstallmentsClient | undefined
  /** The refunds of Medusa's payment now, with their metadata. */
  refundsOfPayment(paymentId: string): Promise<{ id: string; metadata?: Record<string, unknown> | null }[]>
  /** Deletes Medusa's refund row and what the order booked for it (medusa-refunds.ts's removeMedusaRefund). */
  removeMedusaRefund(paymentId: string, refundId: string): Promise<void>
  /** Makes the payment's order book each of its refunds once, at its own amount (order-bookings.ts). */
  bookRefunds(paymentId: string): Promise<void>
  logger?: Logger
}

/** What the check found: a refund of the plugin's backs it, it was removed, or it is too young to judge. */
export type UnbackedRefundVerdict = "backed" | "applied" | "removed" | "wait"

/**
 * A Medusa refund of this plugin's payment is backed when the provider linked it to a ledger row
 * (its `medusa_refund_id`: the provider does so in the same write that lets it send, or record, the
 * refund) that did not fail (a refused one Medusa's catch would have deleted), or when it is the one
 * record of a refund the service lists under its key (a canceled order's, recorded on the payment
 * alone). Medusa's refund workflow commits its row before it calls the provider, so a process killed
 * in between (or before Medusa's own catch deleted a refused one) leaves a row nothing backs. Once
 * INTENT_SETTLE_MS has passed (no call can still carry it), such a row is removed with what the order
 * booked for it, and a refund of Medusa's own that no ledger row names is kept there as never
 * received: Medusa shows only what the service refunded; the merchant refunds again if it is still
 * owed, a return's sweep does it by itself. A refund that stays is booked by its order at its own
 * amount (Medusa's next refund on the payment books an unbooked one at that refund's amount).
 */
export async function checkUnbackedRefund(
  ports: UnbackedRefundPorts,
  refund: MedusaRefundToCheck,
  now: Date
): Promise<UnbackedRefundVerdict> {
  if (now.getTime() - refund.created_at.getTime() < INTENT_SETTLE_MS) {
    return "wait"
  }
  const rows = await ports.ledger.listInstallmentsRefunds(
    { transaction_id: refund.transaction_id },
    { select: ["medusa_refund_id", "idempotency_key", "status"] }
  )
  const link = rows.find((row) => row.medusa_refund_id === refund.id)
  if (link && link.status !== "failed") {
    // Applied, or still the resolver's to settle (it removes the row if the service never applied it).
    if (isUnresolved(link.status)) return "wait"
    await ports.bookRefunds(refund.payment_id)
    return "backed"
  }
  const keys = serviceKeysOfRefund(refund)
  const client = ports.clientFor(refund.registration_id)
  if (!client) {
    return "wait"
  }
  const transaction = await client.transactions.retrieve(refund.transaction_id)
  if (hasRefundWithKey(transaction, keys)) {
    // Listed: backed unless another Medusa refund already records that key (this one is a second record).
    const linked = new Set(rows.filter((row) => keys.includes(row.idempotency_key ?? "")).map((row) => row.medusa_refund_id))
    const others = (await ports.refundsOfPayment(refund.payment_id)).filter(
      (other) => other.id !== refund.id && (linked.has(other.id) || keys.includes(recordedKeyOf(other) ?? ""))
    )
    if (!others.length) {
      await ports.ledger.writeRefundLedger({
        kind: "tracker",
        transaction_id: refund.transaction_id,
        sync: {
          provider_id: refund.registration_id,
          payment_id: refund.payment_id,
          tracker: transaction.refund_tracker,
          default_source: "admin",
        },
      })
      await ports.bookRefunds(refund.payment_id)
      return "applied"
    }
  }
  await ports.removeMedusaRefund(refund.payment_id, refund.id)
  if (!rows.some((row) => keys.includes(row.idempotency_key ?? ""))) {
    await keepAsNeverReceived(ports, refund, keys)
  }
  ports.logger?.warn(
    `installments: Medusa refund ${refund.id} of ${formatAmount(refund.halalas)} SAR on payment ${refund.payment_id} was never made ` +
      "at the installments service (the process stopped between Medusa's refund and the provider's call); removed, so Medusa shows " +
      "only what was refunded. Refund it again from the order if it is still owed."
  )
  return "removed"
}

// The ledger keeps a refund of Medusa's own the provider never saw as never received (failed, not retried).
async function keepAsNeverReceived(ports: UnbackedRefundPorts, refund: MedusaRefundToCheck, keys: readonly string[]): Promise<void> {
  const { opening } = await ports.ledger.writeRefundLedger({
    kind: "open",
    transaction_id: refund.transaction_id,
    intent: {
      // The key the provider would have sent it under; Medusa's row is gone, so none is named.
      idempotency_key: keys[0],
      known_keys: keys,
      provider_id: refund.registration_id,
      transaction_id: refund.transaction_id,
      payment_id: refund.payment_id,
      payment_session_id: refund.payment_session_id ?? null,
      source: "admin",
      amount: formatAmount(refund.halalas),
    },
  })
  if (opening?.kind === "send") {
    await ports.ledger.writeRefundLedger({
      kind: "outcome",
      transaction_id: refund.transaction_id,
      row_id: opening.row_id,
      outcome: { kind: "not_applied" },
    })
  }
}
