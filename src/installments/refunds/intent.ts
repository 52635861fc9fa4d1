import type { Transaction } from "../../lib/client"
import type { RefundFailure } from "./failures"
import type { RefundSource } from "./keys"
import { hasRefundWithKey } from "../links/transactions"
import type { RegistrationId } from "../registrations/provider-ids"

/**
 * A ledger row's life: `sending` is written before the refund is sent, `unknown` when the call ended
 * without a yes or a no, `P` (accepted) and `R` (settled) as the service's tracker says, `failed` for
 * a refusal or an intent the service never received.
 */
export const REFUND_ROW_STATUSES = ["sending", "unknown", "P", "R", "failed"] as const
export type RefundRowStatus = (typeof REFUND_ROW_STATUSES)[number]

/** The statuses of an intent whose outcome the plugin does not know yet: at most one per transaction. */
export const UNRESOLVED_STATUSES = ["sending", "unknown"] as const

/** True while the service has not said whether it applied the refund. */
export function isUnresolved(status: string | null | undefined): boolean {
  return status === "sending" || status === "unknown"
}

/**
 * The one rule for a refund the service may have made or made that Medusa does not show: an
 * unresolved intent (Medusa deleted its run's refund when the call threw), or an applied refund left
 * for the resolver to record in Medusa. Whatever decides what is still owed or refundable subtracts
 * these, so a refund is never sent again while Medusa is catching up with it.
 */
export function isPendingInMedusa(row: { status?: string | null; record_in_medusa?: boolean | null }): boolean {
  return isUnresolved(row.status) || (!!row.record_in_medusa && (row.status === "P" || row.status === "R"))
}

/**
 * How long after an intent was last sent the resolver may judge it from the refund tracker alone.
 * Every service call ends by its deadline (30 s, `deadlineMs`) and a refund takes at most three
 * calls (read, send, read), so after two minutes no call of the plugin's is still carrying it: a key
 * the tracker does not list by then was not applied. A late arrival is still safe: every retry of
 * the intent re-sends the same key, which the service applies once.
 */
export const INTENT_SETTLE_MS = 2 * 60_000

/** A refund about to be sent, as the ledger records it before the call. */
export interface RefundIntent {
  /**
   * The key of its cause (installments/refunds/keys.ts). Absent when Medusa's refundPaymentWorkflow
   * asks (the provider): the intent a plugin flow opened for this payment is adopted, else one is
   * opened under the key of Medusa's refund id (`medusaRefundKey`).
   */
  idempotency_key?: string
  /**
   * Every key the service may list this cause under (`CauseKey.known`): a row the ledger keeps under
   * any of them is this cause's, and is sent again under the key it was first sent with.
   */
  known_keys?: readonly string[]
  /** The refund id of Medusa's run that sends it, when Medusa's workflow sends it. */
  medusa_refund_id?: string
  /** The provider registration's id. */
  provider_id: RegistrationId
  transaction_id: string
  payment_id?: string | null
  /** Medusa's payment session, when Medusa's run sends it (the provider is given no payment id). */
  payment_session_id?: string | null
  order_id?: string | null
  return_id?: string | null
  source: RefundSource
  /** Decimal SAR, exact to the halala. */
  amount: string
}

/** What the ledger says about sending an intent. */
export type IntentOpening =
  /** Send it now, under `idempotency_key`. */
  | { kind: "send"; row_id: string; idempotency_key: string }
  /** The service already lists this cause's key: nothing is sent. */
  | { kind: "applied"; row_id: string; idempotency_key: string; amount: string }
  /**
   * Medusa asks to refund what the service already applied and Medusa's payment does not show yet
   * (its answer was lost): Medusa records it, nothing is sent.
   */
  | { kind: "recorded"; row_id: string; idempotency_key: string }
  /** Another refund on the transaction is being confirmed: nothing is sent until it is resolved. */
  | { kind: "blocked"; row_id: string; amount: string }
  /**
   * Medusa's run asks to record a refund of the plugin's (its key in the refund's metadata) that Medusa
   * already shows under another refund, or that was never left for Medusa to record: nothing is sent,
   * and Medusa's run must fail so it keeps no second record.
   */
  | { kind: "recorded-already"; row_id: string; idempotency_key: string; medusa_refund_id: string | null }

/** How a sent intent ended. */
export type IntentOutcome =
  /** The service accepted it; `recorded_by_medusa` when the Medusa run that asked records it itself. */
  | { kind: "accepted"; amount: string; recorded_by_medusa: boolean }
  /** A clear refusal. */
  | { kind: "refused"; failure: RefundFailure }
  /** Neither yes nor no: no answer, a 5xx, an unreadable body. */
  | { kind: "unknown" }
  /** The resolver found the key missing from the tracker after INTENT_SETTLE_MS: never applied. */
  | { kind: "not_applied" }

/**
 * What the refund tracker says of an unresolved intent now; `wait` while a call may still carry it.
 * A key the tracker lists is applied, except on an intent still `sending` within INTENT_SETTLE_MS:
 * its call may be out with its answer on the way, and the run that sent it writes its own outcome
 * and keeps Medusa's refund row for it. Judged applied first, the refund would be left for Medusa to
 * record while Medusa's run records it too, and another refund of the same amount could claim it
 * (planOpenIntent): Medusa would show one refund twice.
 */
export function resolveIntent(
  intent: { idempotency_key: string | null; status?: string | null; updated_at: Date | string },
  transaction: Transaction,
  now: Date
): "applied" | "not_applied" | "wait" {
  const settled = now.getTime() - new Date(intent.updated_at).getTime() >= INTENT_SETTLE_MS
  if (intent.idempotency_key && hasRefundWithKey(transaction, intent.idempotency_key)) {
    return intent.status === "sending" && !settled ? "wait" : "applied"
  }
  return settled ? "not_applied" : "wait"
}
