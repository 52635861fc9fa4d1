import type { Logger } from "@medusajs/framework/types"
import type { InstallmentsClient } from "../../lib/client"
import { formatAmount, parseAmount, roundMedusaAmount } from "../../lib/money"
import type { RegistrationId } from "../registrations/provider-ids"
import { isUnresolved, resolveIntent } from "./intent"
import { recordedKeyOf, serviceKeysOfRefund } from "./keys"
import type { RefundLedgerWriter } from "./ledger-change"
import type { MedusaPaymentRefunds, MedusaRefunds } from "./medusa-refunds"

/** A ledger row as the resolver reads and answers it. */
export interface ResolvableRow {
  id: string
  provider_id: string
  transaction_id: string
  idempotency_key?: string | null
  medusa_refund_id?: string | null
  payment_id?: string | null
  payment_session_id?: string | null
  record_in_medusa?: boolean | null
  status?: string | null
  amount?: unknown
  raw_amount?: { value?: unknown } | null
  updated_at: Date | string
}

/** What the resolver works with: the ledger, the service, and Medusa's refund records. */
export interface RefundResolverPorts {
  ledger: RefundLedgerWriter & { listInstallmentsRefunds(filters: { id: string }, config: { take: number }): Promise<unknown[]> }
  /** The client of the row's registration; undefined when the store no longer has it. */
  clientFor(registrationId: RegistrationId): InstallmentsClient | undefined
  medusa: MedusaRefunds
  logger?: Logger
}

/** The note of a refund recorded in Medusa after its answer was lost. */
export function confirmedRefundNote(key: string): string {
  return `Refund ${key} confirmed by the installments service after its answer was lost`
}

/** True when Medusa's payment shows the row's refund: under Medusa's refund id, or under the key. */
export function medusaShows(payment: MedusaPaymentRefunds, row: Pick<ResolvableRow, "medusa_refund_id" | "idempotency_key">): boolean {
  return payment.refunds.some(
    (refund) =>
      (!!row.medusa_refund_id && refund.id === row.medusa_refund_id) || serviceKeysOfRefund(refund).includes(row.idempotency_key ?? "")
  )
}

/**
 * Brings one ledger row to what the service says, under the transaction's lock (the caller's):
 * 1. an unresolved intent is settled from the refund tracker: its key listed means applied (once no
 *    call may still carry it, for an intent still `sending`: resolveIntent); not listed
 *    INTENT_SETTLE_MS after its call means never applied, and a refund row Medusa kept for
 *    it (its process was killed before Medusa's own catch could delete it) is removed, so Medusa
 *    shows only what the service refunded;
 * 2. an applied refund Medusa's run gave up on is recorded on Medusa's payment once, unless Medusa
 *    shows it already (under its refund id or its key).
 * Returns the row as it stands after.
 */
export async function resolveRefund(ports: RefundResolverPorts, rowId: string, now: Date): Promise<ResolvableRow | undefined> {
  const read = async () => ((await ports.ledger.listInstallmentsRefunds({ id: rowId }, { take: 1 })) as ResolvableRow[])[0]
  let row = await read()
  if (row && isUnresolved(row.status)) {
    const registrationId = row.provider_id as RegistrationId
    const client = ports.clientFor(registrationId)
    if (!client) {
      ports.logger?.warn(
        `installments: refund ${row.id} cannot be confirmed: the store no longer registers the installments provider ` +
          `"${row.provider_id}" that sent it. Register it again under the Payment module's providers, or check the refund ` +
          "in the installments service's dashboard."
      )
      return row
    }
    const transaction = await client.transactions.retrieve(row.transaction_id)
    const verdict = resolveIntent(
      { idempotency_key: row.idempotency_key ?? null, status: row.status, updated_at: row.updated_at },
      transaction,
      now
    )
    if (verdict === "wait") {
      return row
    }
    const listed = transaction.refund_tracker
      .filter((entry) => entry.idempotency_key === row!.idempotency_key)
      .reduce((total, entry) => total + parseAmount(entry.amount), 0n)
    if (verdict === "not_applied") {
      // Before the row says so: a kill in between leaves the intent unresolved, and this runs again.
      await removeKeptMedusaRefunds(ports, row)
    }
    await ports.ledger.writeRefundLedger({
      kind: "outcome",
      transaction_id: row.transaction_id,
      row_id: row.id,
      outcome:
        verdict === "applied"
          ? { kind: "accepted", amount: formatAmount(listed), recorded_by_medusa: false }
          : { kind: "not_applied" },
    })
    await ports.ledger.writeRefundLedger({
      kind: "tracker",
      transaction_id: row.transaction_id,
      sync: { provider_id: registrationId, tracker: transaction.refund_tracker },
    })
    ports.logger?.info(
      `installments: refund ${row.idempotency_key} on transaction ${row.transaction_id} resolved from the service: ${verdict.replace("_", " ")}`
    )
    row = await read()
  }
  if (row && row.record_in_medusa && (row.status === "P" || row.status === "R")) {
    await recordInMedusa(ports, row)
    row = await read()
  }
  return row
}

// Medusa's run wrote its refund row (naming the cause's key, or linked by the provider), then its
// process died before the provider answered or before Medusa's catch deleted the row: the service
// never applied it, so the row goes.
async function removeKeptMedusaRefunds(ports: RefundResolverPorts, row: ResolvableRow): Promise<void> {
  const payment = await ports.medusa.findPayment(row)
  const kept = (payment?.refunds ?? []).filter(
    (refund) => (!!row.medusa_refund_id && refund.id === row.medusa_refund_id) || recordedKeyOf(refund) === row.idempotency_key
  )
  for (const refund of kept) {
    await ports.medusa.remove(payment!.payment_id, refund.id)
    ports.logger?.warn(
      `installments: Medusa refund ${refund.id} on payment ${payment!.payment_id} was never applied by the service ` +
        `(refund ${row.idempotency_key} not listed); removed, so Medusa shows only what was refunded. ` +
        "A return's refund is sent again by itself; refund anything else again from the order if it is still owed."
    )
  }
}

async function recordInMedusa(ports: RefundResolverPorts, row: ResolvableRow): Promise<void> {
  const payment = await ports.medusa.findPayment(row)
  if (payment && !medusaShows(payment, row)) {
    const amount = formatAmount(roundMedusaAmount(row.raw_amount?.value ?? row.amount))
    await ports.medusa.record(payment, {
      idempotency_key: row.idempotency_key ?? row.id,
      amount,
      note: confirmedRefundNote(row.idempotency_key ?? row.id),
    })
  } else if (payment) {
    // Shown by a row a killed run left unbooked: the order books it at its own amount.
    await ports.medusa.book(payment.payment_id)
  }
  // Shown now (recorded, or it was already), or there is no Medusa payment to show it on.
  await ports.ledger.writeRefundLedger({ kind: "recorded-in-medusa", transaction_id: row.transaction_id, row_id: row.id })
}
