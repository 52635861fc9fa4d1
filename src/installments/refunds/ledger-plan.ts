import type { TrackerSync } from "./ledger-change"
import { formatAmount, parseAmount, roundMedusaAmount } from "../../lib/money"
import { medusaRefundKey, sourceOfRefundKey, type RefundSource } from "./keys"
import { NOT_RECEIVED, NOT_RECEIVED_BY_ADMIN, nextRetryAt, waitingFor } from "./failures"
import { isUnresolved, type IntentOpening, type IntentOutcome, type RefundIntent } from "./intent"
import type { RegistrationId } from "../registrations/provider-ids"

/** A tracker sync of one transaction. */
export interface SyncRefundEntriesInput extends TrackerSync {
  transaction_id: string
}

/** A ledger row as the plan reads it. */
export interface LedgerRow {
  id: string
  tracker_id?: string | null
  idempotency_key?: string | null
  status?: string | null
  source?: RefundSource | null
  amount?: unknown
  raw_amount?: { value?: unknown } | null
  medusa_refund_id?: string | null
  record_in_medusa?: boolean | null
  attempts?: number | null
  payment_id?: string | null
}

type RefundEntryFields = {
  tracker_id: string
  status: "P" | "R"
  rrn: string | null
  gateway_key: string | null
  payment_id?: string | null
  order_id?: string | null
  return_id?: string | null
}

export type RefundEntryInput = RefundEntryFields & {
  idempotency_key: string | null
  provider_id: RegistrationId
  transaction_id: string
  amount: number
  source: RefundSource | null
}

/** The writes that bring one transaction's ledger rows up to date with its refund tracker. */
export interface RefundSyncPlan {
  /** Rows another writer made for a tracker entry that a kept row takes over. */
  superseded: string[]
  creates: RefundEntryInput[]
  updates: (Partial<RefundEntryInput> & {
    id: string
    failure_reason?: null
    retryable?: false
    next_retry_at?: null
    record_in_medusa?: true
  })[]
  /** Entries the service has not settled yet. */
  pending: number
}

/**
 * What mirroring a transaction's refund_tracker changes in its ledger rows (`existing`, all of the
 * transaction's). Each tracker entry updates its row, or the row kept for its key before the service
 * listed it (a refusal later retried, or a call without an answer that was accepted after all), which
 * so keeps its id; anything else is created. A field this writer does not know (payment, order,
 * return) is never erased.
 */
export function planRefundSync(existing: LedgerRow[], input: SyncRefundEntriesInput): RefundSyncPlan {
  const byTracker = new Map(existing.filter((row) => row.tracker_id).map((row) => [row.tracker_id, row]))
  const byKey = new Map(existing.filter((row) => !row.tracker_id && row.idempotency_key).map((row) => [row.idempotency_key, row]))
  const plan: RefundSyncPlan = { superseded: [], creates: [], updates: [], pending: 0 }
  for (const entry of input.tracker) {
    const key = entry.idempotency_key ?? null
    const attribution = key ? input.attributions?.[key] : undefined
    const tracked = byTracker.get(entry.id)
    const waiting = key ? byKey.get(key) : undefined
    // A row kept for this key before the service listed it (a refused refund, retried) keeps its
    // id: a row another writer made for the same tracker entry meanwhile gives way to it.
    if (tracked && waiting && tracked.id !== waiting.id) {
      plan.superseded.push(tracked.id)
    }
    const known = waiting ?? tracked
    const fields: RefundEntryFields = {
      tracker_id: entry.id,
      // A status the interface does not list is not settled: kept pending so the sync job re-reads it.
      status: entry.status === "R" ? "R" : "P",
      rrn: entry.rrn,
      gateway_key: entry.gateway_transaction_id ?? null,
      ...(input.payment_id ? { payment_id: input.payment_id } : {}),
      ...(input.order_id ? { order_id: input.order_id } : {}),
      ...(attribution?.return_id ? { return_id: attribution.return_id } : {}),
    }
    const source =
      attribution?.source ?? (known?.source ? undefined : (sourceOfRefundKey(key, input.transaction_id) ?? input.default_source))
    if (entry.status !== "R") {
      plan.pending += 1
    }
    if (known) {
      const accepted = known.status === "failed" ? { failure_reason: null, retryable: false as const, next_retry_at: null } : {}
      // An intent whose call ended unknown: Medusa's run deleted its refund when the provider threw, so
      // the applied refund is left for the resolver to record there, as when the resolver finds it.
      const toRecord = known.status === "unknown" && known.medusa_refund_id ? { record_in_medusa: true as const } : {}
      plan.updates.push({ id: known.id, ...fields, ...accepted, ...toRecord, ...(source ? { source } : {}) })
      continue
    }
    plan.creates.push({
      ...fields,
      idempotency_key: key,
      provider_id: input.provider_id,
      transaction_id: input.transaction_id,
      payment_id: input.payment_id ?? null,
      source: source ?? null,
      // A decimal string keeps the amount exact; Medusa's BigNumber reads strings, its typing says number.
      amount: entry.amount as unknown as number,
    })
  }
  return plan
}

/** The row's amount in halalas, read exactly (the raw value when the module gives one). */
export function rowHalalas(row: Pick<LedgerRow, "amount" | "raw_amount">): bigint {
  return roundMedusaAmount(row.raw_amount?.value ?? row.amount)
}

type RowWrite = Record<string, unknown> & { id?: string }

/** How opening an intent changes the ledger: one row created or updated, and what the sender does. */
export interface IntentPlan {
  opening: IntentOpening
  create?: RowWrite
  update?: RowWrite & { id: string }
}

/**
 * Opening an intent on a transaction whose rows are `existing`, in the order that keeps money moving
 * once: an applied refund Medusa is recording is claimed (by its key from Medusa's refund metadata,
 * or, for a refund of Medusa's own, by its amount); the intent a plugin flow opened for Medusa's run
 * is sent by that run (its key in the metadata; never by amount: a merchant's refund of the same
 * amount is another refund); any other unresolved intent blocks; a key already applied is not sent
 * again; a failed one is sent again under the same key; anything else is a new row, written before the call.
 */
export function planOpenIntent(existing: LedgerRow[], intent: RefundIntent, now: Date): IntentPlan {
  const halalas = parseAmount(intent.amount)
  const sameAmount = (row: LedgerRow) => rowHalalas(row) === halalas
  const unresolved = existing.find((row) => isUnresolved(row.status))
  const where = {
    ...(intent.payment_id ? { payment_id: intent.payment_id } : {}),
    ...(intent.payment_session_id ? { payment_session_id: intent.payment_session_id } : {}),
    ...(intent.order_id ? { order_id: intent.order_id } : {}),
    ...(intent.return_id ? { return_id: intent.return_id } : {}),
  }
  if (!intent.idempotency_key) {
    const recording = existing.find((row) => row.record_in_medusa && (row.status === "P" || row.status === "R") && sameAmount(row))
    if (recording) {
      return {
        opening: { kind: "recorded", row_id: recording.id, idempotency_key: recording.idempotency_key! },
        update: { id: recording.id, medusa_refund_id: intent.medusa_refund_id ?? null, record_in_medusa: false },
      }
    }
  }
  const cause = intent.idempotency_key
    ? { key: intent.idempotency_key, known: [intent.idempotency_key, ...(intent.known_keys ?? [])] }
    : medusaRefundKey(intent.medusa_refund_id!)
  const same = existing.find((row) => !!row.idempotency_key && cause.known.includes(row.idempotency_key))
  // A cause is sent again under the key it was first sent with (0.1.0's readable key included).
  const key = same?.idempotency_key ?? cause.key
  // Medusa's run names a cause of the plugin's (its refund's metadata): it records or sends that cause only.
  const medusaRecords = !!intent.idempotency_key && !!intent.medusa_refund_id
  if (same && (same.status === "P" || same.status === "R")) {
    if (medusaRecords && same.medusa_refund_id !== intent.medusa_refund_id) {
      if (same.record_in_medusa) {
        return {
          opening: { kind: "recorded", row_id: same.id, idempotency_key: key },
          update: { id: same.id, medusa_refund_id: intent.medusa_refund_id, record_in_medusa: false },
        }
      }
      return {
        opening: { kind: "recorded-already", row_id: same.id, idempotency_key: key, medusa_refund_id: same.medusa_refund_id ?? null },
      }
    }
    return { opening: { kind: "applied", row_id: same.id, idempotency_key: key, amount: formatAmount(rowHalalas(same)) } }
  }
  if (medusaRecords && same && same.status === "sending" && !same.medusa_refund_id) {
    // The intent a plugin flow opened just before asking Medusa's workflow to send it: Medusa's run sends it.
    return {
      opening: { kind: "send", row_id: same.id, idempotency_key: key },
      update: { id: same.id, medusa_refund_id: intent.medusa_refund_id },
    }
  }
  if (unresolved) {
    const amount = formatAmount(rowHalalas(unresolved))
    const opening: IntentOpening = { kind: "blocked", row_id: unresolved.id, amount }
    if (same || !intent.idempotency_key) {
      return { opening }
    }
    // The cause is kept as a failed row due for a retry, so it is sent once the other is resolved.
    const waiting = waitingFor(amount)
    return {
      opening,
      create: {
        ...newRow(intent, key, where),
        status: "failed",
        failure_reason: waiting.reason,
        retryable: true,
        attempts: 0,
        next_retry_at: nextRetryAt(waiting, 1, now),
      },
    }
  }
  if (same) {
    return {
      opening: { kind: "send", row_id: same.id, idempotency_key: key },
      update: {
        id: same.id,
        ...where,
        status: "sending",
        amount: intent.amount,
        medusa_refund_id: intent.medusa_refund_id ?? null,
        next_retry_at: null,
      },
    }
  }
  return { opening: { kind: "send", row_id: "", idempotency_key: key }, create: { ...newRow(intent, key, where), status: "sending" } }
}

function newRow(intent: RefundIntent, key: string, where: Record<string, string>): RowWrite {
  return {
    ...where,
    idempotency_key: key,
    medusa_refund_id: intent.medusa_refund_id ?? null,
    provider_id: intent.provider_id,
    transaction_id: intent.transaction_id,
    source: intent.source,
    amount: intent.amount,
    tracker_id: null,
  }
}

/** How an intent's outcome changes its row; undefined when it changes nothing. */
export function planOutcome(row: LedgerRow, outcome: IntentOutcome, now: Date): (RowWrite & { id: string }) | undefined {
  if (!isUnresolved(row.status) && outcome.kind !== "accepted") {
    // The tracker spoke first (an order.updated delivery during the call): its word stands. A call
    // that then ends unknown makes its Medusa run throw, and Medusa deletes that run's refund: the
    // applied refund is left for the resolver to record there.
    const applied = row.status === "P" || row.status === "R"
    return outcome.kind === "unknown" && applied && row.medusa_refund_id && !row.record_in_medusa
      ? { id: row.id, record_in_medusa: true }
      : undefined
  }
  switch (outcome.kind) {
    case "accepted":
      return {
        id: row.id,
        status: row.status === "R" ? "R" : "P",
        amount: outcome.amount,
        failure_reason: null,
        retryable: false,
        next_retry_at: null,
        // Medusa deleted its run's refund when the provider threw: the resolver records it there.
        record_in_medusa: !!row.medusa_refund_id && !outcome.recorded_by_medusa,
      }
    case "unknown":
      return { id: row.id, status: "unknown", record_in_medusa: false }
    case "refused":
    case "not_applied": {
      const failure = outcome.kind === "refused" ? outcome.failure : row.source === "admin" ? NOT_RECEIVED_BY_ADMIN : NOT_RECEIVED
      // A refund asked for in Medusa's admin (or by Medusa's order cancel, whose own check sends what
      // it still owes) is never sent again by the plugin: Medusa keeps no record of it to retry.
      const retryable = failure.retryable && row.source !== "admin"
      const attempts = (row.attempts ?? 0) + 1
      return {
        id: row.id,
        status: "failed",
        failure_reason: failure.reason,
        retryable,
        attempts,
        next_retry_at: nextRetryAt({ ...failure, retryable }, attempts, now),
        record_in_medusa: false,
      }
    }
  }
}
