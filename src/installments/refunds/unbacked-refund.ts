import type { Logger } from "@medusajs/framework/types"
import type { InstallmentsClient } from "../../lib/client"
import { formatAmount } from "../../lib/money"
import { hasRefundWithKey } from "../links/transactions"
import type { RegistrationId } from "../registrations/provider-ids"
import { INTENT_SETTLE_MS } from "./intent"
import { RECORDED_REFUND_KEY } from "./keys"
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
    ): Promise<{ medusa_refund_id?: string | null; idempotency_key?: string | null }[]>
  }
  clientFor(registrationId: RegistrationId): InstallmentsClient | undefined
  /** Deletes Medusa's refund row (and brings its payment collection's refunded total along). */
  removeMedusaRefund(paymentId: string, refundId: string): Promise<void>
  logger?: Logger
}

/** What the check found: the ledger knows it, the service has it, it was removed, or it is too young to judge. */
export type UnbackedRefundVerdict = "backed" | "applied" | "removed" | "wait"

/**
 * A Medusa refund of this plugin's payment that no ledger row backs: Medusa's refund workflow commits
 * its row before it calls the provider, so a process killed in between leaves a refund the provider
 * never saw (its intent is the provider's first write). Once INTENT_SETTLE_MS has passed (no call can
 * still carry it), the service is asked: listed under the refund's key, the ledger mirrors it; not
 * listed, Medusa's row is removed and the ledger keeps it as never received (Medusa shows nothing
 * refunded; the merchant refunds again if it is still owed, a return's sweep does it by itself).
 */
export async function checkUnbackedRefund(
  ports: UnbackedRefundPorts,
  refund: MedusaRefundToCheck,
  now: Date
): Promise<UnbackedRefundVerdict> {
  if (now.getTime() - refund.created_at.getTime() < INTENT_SETTLE_MS) {
    return "wait"
  }
  const named = refund.metadata?.[RECORDED_REFUND_KEY]
  const keys = [refund.id, ...(typeof named === "string" && named ? [named] : [])]
  const rows = await ports.ledger.listInstallmentsRefunds(
    { transaction_id: refund.transaction_id },
    { select: ["medusa_refund_id", "idempotency_key"] }
  )
  if (rows.some((row) => row.medusa_refund_id === refund.id || keys.includes(row.idempotency_key ?? ""))) {
    return "backed"
  }
  const client = ports.clientFor(refund.registration_id)
  if (!client) {
    return "wait"
  }
  const transaction = await client.transactions.retrieve(refund.transaction_id)
  if (keys.some((key) => hasRefundWithKey(transaction, key))) {
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
    return "applied"
  }
  await ports.removeMedusaRefund(refund.payment_id, refund.id)
  const { opening } = await ports.ledger.writeRefundLedger({
    kind: "open",
    transaction_id: refund.transaction_id,
    intent: {
      // The key the provider would have sent it under; Medusa's row is gone, so none is named.
      idempotency_key: keys[keys.length - 1],
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
  ports.logger?.warn(
    `installments: Medusa refund ${refund.id} of ${formatAmount(refund.halalas)} SAR on payment ${refund.payment_id} never reached ` +
      "the installments service (the process stopped before the provider was called); removed, so Medusa shows only what was refunded. " +
      "Refund it again from the order if it is still owed."
  )
  return "removed"
}
