import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { outcomeIsUnknown, type InstallmentsClient, type Transaction } from "../../lib/client"
import { formatAmount, parseAmount } from "../../lib/money"
import { refundFailureOf } from "./failures"
import { merchantError } from "../messages/service-errors"
import { cappedRefund } from "../links/transactions"
import type { IntentOutcome, RefundIntent } from "./intent"
import type { RefundLedgerWriter } from "./ledger-change"

/** Codes of the two answers that are neither a refund nor a refusal. */
export const REFUND_PENDING_CODES = {
  /** Another refund on the payment is being confirmed: nothing was sent. */
  beingConfirmed: "installments_refund_being_confirmed",
  /** This refund's answer was lost: the plugin confirms it from the service. */
  unconfirmed: "installments_refund_unconfirmed",
  /** Medusa's run asked to record a refund Medusa already shows: nothing was sent, and Medusa keeps no second record. */
  recordedAlready: "installments_refund_recorded_already",
} as const

/**
 * A refund to send: the intent the ledger records, its amount in halalas (written to the ledger and the
 * wire as decimal text, D58), and why, as the service records it (no customer data).
 */
export interface RefundRequest extends Omit<RefundIntent, "amount"> {
  halalas: bigint
  reason: string
  /** True when Medusa's refundPaymentWorkflow asked (the provider): that run records an accepted refund itself. */
  recorded_by_medusa?: boolean
}

/** What the service accepted. */
export interface SentRefund {
  /** Halalas refunded under the key: the amount asked for, less a rounding halala the balance lacked. */
  halalas: bigint
  /** The key it was sent (or found) under. */
  idempotencyKey: string
  /** True when nothing was sent now: the service already had it under its key. */
  alreadyAccepted: boolean
}

/**
 * The one way the plugin sends a refund, whichever flow asks (Medusa's refund through the provider,
 * a return, an order cancel's missing refund, an orphan or canceled-order payment, a retry):
 * 1. the intent is written to the ledger under its cause's key before anything is sent; while
 *    another refund on the transaction is unresolved nothing is sent (a readable 4xx);
 * 2. the transaction is read: a key the service already lists is not sent again, and a rounding
 *    excess of at most one halala over the remaining balance is absorbed;
 * 3. the refund is sent under the key. Yes and no are recorded as such; an answer that is neither
 *    (no answer, a 5xx, an unreadable body) is checked against the transaction once more, and left
 *    `unknown` for the resolver when the service does not list it: never sent again under a new key.
 * A refusal is thrown as a MedusaError in the merchant's words, its code the service's reason.
 */
export async function sendRefund(
  client: InstallmentsClient,
  ledger: RefundLedgerWriter,
  request: RefundRequest,
  logger?: Logger
): Promise<SentRefund> {
  const { transaction_id: transactionId, halalas: asked } = request
  const { halalas: _asked, reason: _reason, recorded_by_medusa: _recorded, ...cause } = request
  const intent: RefundIntent = { ...cause, amount: formatAmount(asked) }
  const { opening } = await ledger.writeRefundLedger({ kind: "open", transaction_id: transactionId, intent })
  switch (opening!.kind) {
    case "applied":
      logger?.info(
        `installments: refund ${opening!.idempotency_key} was already accepted on transaction ${transactionId}; not sent again`
      )
      return { halalas: parseAmount(opening!.amount), idempotencyKey: opening!.idempotency_key, alreadyAccepted: true }
    case "recorded":
      logger?.info(
        `installments: refund ${opening!.idempotency_key} on transaction ${transactionId}, applied earlier, is now recorded by Medusa`
      )
      return { halalas: asked, idempotencyKey: opening!.idempotency_key, alreadyAccepted: true }
    case "recorded-already":
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The refund ${opening!.idempotency_key} on this payment is already recorded in Medusa` +
          (opening!.medusa_refund_id ? ` (refund ${opening!.medusa_refund_id})` : "") +
          "; it is not recorded again.",
        REFUND_PENDING_CODES.recordedAlready
      )
    case "blocked":
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `A refund of ${opening!.amount} SAR on this payment is being confirmed with the installments service; try again in a minute.`,
        REFUND_PENDING_CODES.beingConfirmed
      )
  }
  const { row_id: rowId, idempotency_key: idempotencyKey } = opening as { row_id: string; idempotency_key: string }
  const settle = (outcome: IntentOutcome) =>
    ledger.writeRefundLedger({ kind: "outcome", transaction_id: transactionId, row_id: rowId, outcome })
  const accepted = async (halalas: bigint, alreadyAccepted: boolean): Promise<SentRefund> => {
    await settle({ kind: "accepted", amount: formatAmount(halalas), recorded_by_medusa: !!request.recorded_by_medusa })
    return { halalas, idempotencyKey, alreadyAccepted }
  }

  const before = await readOrUndefined(client, transactionId, logger, "before a refund; sending the refund as asked")
  const listed = before && listedAmount(before, idempotencyKey)
  if (listed !== undefined) {
    logger?.info(`installments: refund ${idempotencyKey} was already accepted on transaction ${transactionId}; not sent again`)
    return accepted(listed, true)
  }
  const halalas = before ? cappedRefund(asked, before) : asked
  if (halalas !== asked) {
    logger?.info(
      `installments: refund of ${formatAmount(asked)} SAR on transaction ${transactionId} exceeds the remaining ` +
        `${formatAmount(halalas)} SAR by a rounding halala; refunding ${formatAmount(halalas)} SAR`
    )
  }
  if (halalas <= 0n) {
    const refusal = new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund: transaction ${transactionId} has no refundable balance left on the installments service.`
    )
    await settle({ kind: "refused", failure: refundFailureOf(refusal) })
    throw refusal
  }
  try {
    const answer = await client.transactions.refund(
      transactionId,
      { refund_amount: formatAmount(halalas), reason: request.reason },
      { idempotencyKey }
    )
    logger?.info(
      `installments: refund of ${formatAmount(halalas)} SAR accepted on transaction ${transactionId} (reference ${answer.key})`
    )
    return await accepted(halalas, false)
  } catch (error) {
    // Unknown when any attempt may have reached the service unanswered, not only the last (lib/client/errors.ts).
    if (!outcomeIsUnknown(error)) {
      const refusal = merchantError(error, { action: `refund transaction ${transactionId}`, logger })
      await settle({ kind: "refused", failure: refundFailureOf(refusal) })
      throw refusal
    }
    const after = await readOrUndefined(client, transactionId, logger, "after an unanswered refund")
    const listedAfter = after && listedAmount(after, idempotencyKey)
    if (listedAfter !== undefined) {
      logger?.warn(
        `installments: refund ${idempotencyKey} on transaction ${transactionId} ended in ${(error as Error).name}, but the service lists it: accepted`
      )
      return await accepted(listedAfter, false)
    }
    await settle({ kind: "unknown" })
    logger?.warn(
      `installments: refund ${idempotencyKey} of ${formatAmount(halalas)} SAR on transaction ${transactionId} ended in ` +
        `${(error as Error).name} and the service does not list it yet: left unknown for the resolver, never sent under another key`
    )
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The installments service did not confirm the refund of ${formatAmount(halalas)} SAR. The plugin is checking with the service: ` +
        "if it went through it appears on the order within a few minutes, " +
        // A refund asked for through Medusa is not re-sent by the plugin (Medusa keeps no record to retry).
        (request.recorded_by_medusa
          ? "otherwise the order shows it failed and it can be refunded again then. Do not refund it again before."
          : "otherwise it is sent again under the same key. Do not refund it again."),
      REFUND_PENDING_CODES.unconfirmed
    )
  }
}

// What the service lists under the key, in halalas; undefined when it lists nothing under it.
function listedAmount(transaction: Transaction, idempotencyKey: string): bigint | undefined {
  const entries = transaction.refund_tracker.filter((entry) => entry.idempotency_key === idempotencyKey)
  return entries.length ? entries.reduce((total, entry) => total + parseAmount(entry.amount), 0n) : undefined
}

async function readOrUndefined(client: InstallmentsClient, transactionId: string, logger: Logger | undefined, when: string) {
  try {
    return await client.transactions.retrieve(transactionId)
  } catch (error) {
    logger?.warn(
      `installments: could not read transaction ${transactionId} ${when} (${error instanceof Error ? error.name : "error"})`
    )
    return undefined
  }
}
