import { MedusaService } from "@medusajs/framework/utils"
import type { RefundTrackerEntry } from "../../lib/client"
import { InstallmentsDispute } from "./models/dispute"
import { InstallmentsPaymentLink } from "./models/payment-link"
import { InstallmentsRefund, type RefundSource } from "./models/refund"
import { WebhookEvent } from "./models/webhook-event"
import { WebhookKey } from "./models/webhook-key"
import { sourceOfRefundKey } from "../../installments/refund-keys"
import { RecentDeliveries } from "./recent-deliveries"

/** A registration's key as the plugin stores it. */
export interface WebhookKeyInput {
  prefix: string
  public_key: string
  environment: string
  endpoint_id?: string | null
  url?: string | null
}

/** A webhook key as the verifier takes it. */
export interface VerificationKey {
  prefix: string
  publicKey: string
}

// A key removed in another process may still verify for this long here; one added anywhere is read
// at once (the route reads fresh before it refuses), and this process's own changes forget the copy.
const VERIFICATION_KEYS_TTL_MS = 10_000

/** The plugin's own records: webhook keys registered through it, accepted deliveries, refunds, disputes. */
export default class InstallmentsModuleService extends MedusaService({
  WebhookKey,
  WebhookEvent,
  InstallmentsRefund,
  InstallmentsDispute,
  InstallmentsPaymentLink,
}) {
  private verificationKeys_?: { keys: VerificationKey[]; until: number }
  private recentDeliveries_?: RecentDeliveries

  /**
   * Webhook keys in the shape the verifier takes. Kept for a few seconds, since every delivery needs
   * them and they change only on a registration; `fresh` reads the table, which the webhook route
   * does before refusing a delivery, so a key registered in another process is never refused for it.
   */
  async webhookKeysForVerification({ fresh = false }: { fresh?: boolean } = {}): Promise<VerificationKey[]> {
    const kept = this.verificationKeys_
    if (!fresh && kept && kept.until > Date.now()) {
      return kept.keys
    }
    const rows = await this.listWebhookKeys({}, { select: ["prefix", "public_key"] })
    const keys = rows.map((key) => ({ prefix: key.prefix, publicKey: key.public_key }))
    this.verificationKeys_ = { keys, until: Date.now() + VERIFICATION_KEYS_TTL_MS }
    return keys
  }

  /** Forgets the kept webhook keys, after this process changed them. */
  forgetVerificationKeys(): void {
    this.verificationKeys_ = undefined
  }

  /** Records a delivery id; false when it was already recorded (a replay or a retry of a processed one). */
  async recordWebhookEvent(input: {
    event_id: string
    event_name: string
    payment_link_id?: string
    provider_id?: string
  }): Promise<boolean> {
    this.recentDeliveries_ ??= new RecentDeliveries()
    return this.recentDeliveries_.record(input.event_id, async () => {
      // Insert first: almost every delivery is new, and the unique index on event_id is what decides
      // between a replay and two copies racing, so a read before it would only cost a round trip.
      try {
        await this.createWebhookEvents(input)
        return true
      } catch (error) {
        const [recorded] = await this.listWebhookEvents({ event_id: input.event_id }, { take: 1, select: ["id"] })
        if (recorded) {
          return false
        }
        throw error
      }
    })
  }

  /**
   * Removes a delivery's record when it could not be handed on to Medusa, so the service's retry of
   * the same delivery is processed instead of being answered as a duplicate.
   */
  async forgetWebhookEvent(eventId: string): Promise<void> {
    this.recentDeliveries_?.forget(eventId)
    const records = await this.listWebhookEvents({ event_id: eventId }, { select: ["id"] })
    if (records.length) {
      await this.deleteWebhookEvents(records.map((record) => record.id))
    }
  }

  /**
   * Stores a registration's key, replacing the one stored under the same prefix (a re-registration,
   * or two requests racing): the prefix is unique, so this never fails on a duplicate.
   * Returns the stored key and what was there before, for a compensation to restore.
   */
  async upsertWebhookKey(input: WebhookKeyInput) {
    try {
      return await this.upsertWebhookKey_(input)
    } finally {
      // After the write, so a delivery verified meanwhile cannot keep the old keys.
      this.forgetVerificationKeys()
    }
  }

  private async upsertWebhookKey_(input: WebhookKeyInput) {
    const find = async () => (await this.listWebhookKeys({ prefix: input.prefix }, { take: 1 }))[0]
    const previous = await find()
    if (previous) {
      return { key: await this.updateWebhookKeys({ id: previous.id, ...input }), previous }
    }
    try {
      return { key: await this.createWebhookKeys(input), previous: undefined }
    } catch (error) {
      const raced = await find()
      if (!raced) {
        throw error
      }
      return { key: await this.updateWebhookKeys({ id: raced.id, ...input }), previous: raced }
    }
  }

  /**
   * Records what the service says of a link made in the admin: its status and, once paid, the
   * transaction. Links the admin did not make are ignored; returns whether the link is one of ours.
   */
  async recordPaymentLinkState(input: {
    payment_link_id: string
    status: string
    transaction?: { id: string; created_at?: string | null; payment_option?: string | null; bank_name?: string | null }
  }): Promise<boolean> {
    const [link] = await this.listInstallmentsPaymentLinks({ payment_link_id: input.payment_link_id }, { take: 1 })
    if (!link) {
      return false
    }
    const paid = input.transaction
    const paidAt = paid?.created_at ? new Date(paid.created_at) : null
    await this.updateInstallmentsPaymentLinks({
      id: link.id,
      status: input.status,
      ...(paid
        ? {
            transaction_id: paid.id,
            paid_at: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : new Date(),
            payment_option: paid.payment_option ?? null,
            bank_name: paid.bank_name ?? null,
          }
        : {}),
    })
    return true
  }

  /**
   * Mirrors a transaction's refund_tracker into the ledger; returns the entries still pending.
   * An entry whose key matches a row the service never listed (a refusal later retried, or a call
   * without an answer that was accepted after all) takes that row over, so the row keeps its id.
   */
  async syncRefundEntries(input: SyncRefundEntriesInput): Promise<number> {
    const existing = await this.listInstallmentsRefunds({ transaction_id: input.transaction_id })
    const byTracker = new Map(existing.filter((entry) => entry.tracker_id).map((entry) => [entry.tracker_id, entry]))
    const byKey = new Map(
      existing.filter((entry) => !entry.tracker_id && entry.idempotency_key).map((entry) => [entry.idempotency_key, entry])
    )
    const creates: RefundEntryInput[] = []
    const updates: (Partial<RefundEntryInput> & { id: string })[] = []
    const superseded: string[] = []
    for (const entry of input.tracker) {
      const key = entry.idempotency_key ?? null
      const attribution = key ? input.attributions?.[key] : undefined
      const tracked = byTracker.get(entry.id)
      const waiting = key ? byKey.get(key) : undefined
      // A row kept for this key before the service listed it (a refused refund, retried) keeps its
      // id: a row another writer made for the same tracker entry meanwhile gives way to it.
      if (tracked && waiting && tracked.id !== waiting.id) {
        superseded.push(tracked.id)
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
      const source = attribution?.source ?? (known?.source ? undefined : sourceOfRefundKey(key) ?? input.default_source)
      if (known) {
        const accepted = known.status === "failed" ? { failure_reason: null, retryable: false, next_retry_at: null } : {}
        updates.push({ id: known.id, ...fields, ...accepted, ...(source ? { source } : {}) })
      } else {
        creates.push({
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
    }
    if (superseded.length) await this.softDeleteInstallmentsRefunds(superseded)
    if (creates.length) await this.createRefundEntries(creates)
    if (updates.length) await this.updateInstallmentsRefunds(updates)
    return input.tracker.filter((entry) => entry.status !== "R").length
  }

  /**
   * Records a refund the service refused (or never answered) as `failed`, with the reason in a
   * merchant's words and whether and when it is retried. One failed row per payment and source:
   * a repeated attempt updates it (attempts + 1) rather than adding another.
   */
  async recordRefundFailure(input: RefundFailureInput) {
    const [failed] = await this.listInstallmentsRefunds(
      { payment_id: input.payment_id, source: input.source, status: "failed", ...(input.id ? { id: input.id } : {}) },
      { take: 1 }
    )
    const fields = {
      idempotency_key: input.idempotency_key,
      amount: input.amount as unknown as number,
      failure_reason: input.failure_reason,
      retryable: input.retryable,
      next_retry_at: input.next_retry_at,
      ...(input.order_id ? { order_id: input.order_id } : {}),
      ...(input.return_id ? { return_id: input.return_id } : {}),
    }
    if (failed) {
      return this.updateInstallmentsRefunds({ id: failed.id, ...fields, attempts: (failed.attempts ?? 0) + 1 })
    }
    return this.createInstallmentsRefunds({
      ...fields,
      tracker_id: null,
      status: "failed",
      source: input.source,
      provider_id: input.provider_id,
      transaction_id: input.transaction_id,
      payment_id: input.payment_id,
      attempts: 1,
    })
  }

  /** Failed refunds the reconciliation job retries now: retryable and due. */
  async listDueRefundRetries(now: Date) {
    return this.listInstallmentsRefunds(
      { status: "failed", retryable: true, next_retry_at: { $lte: now } },
      { order: { next_retry_at: "ASC" } }
    )
  }

  /** Records a dispute delivery once (by its event id); false when it was already recorded. */
  async recordDispute(input: DisputeInput): Promise<boolean> {
    const [existing] = await this.listInstallmentsDisputes({ event_id: input.event_id }, { take: 1, select: ["id"] })
    if (existing) {
      return false
    }
    try {
      await this.createInstallmentsDisputes(input)
      return true
    } catch (error) {
      const [raced] = await this.listInstallmentsDisputes({ event_id: input.event_id }, { take: 1, select: ["id"] })
      if (raced) {
        return false
      }
      throw error
    }
  }

  /**
   * Creates ledger entries, upserting on tracker_id: the payment-refunded and refunds-changed
   * subscribers can sync one transaction at the same moment, and the second insert of a tracker
   * entry must update the first rather than fail on the unique index.
   */
  private async createRefundEntries(creates: RefundEntryInput[]): Promise<void> {
    try {
      await this.createInstallmentsRefunds(creates)
      return
    } catch {
      // Some entry was inserted meanwhile: go one by one, updating those that exist.
    }
    for (const entry of creates) {
      const { tracker_id, status, rrn, gateway_key, payment_id, order_id, return_id } = entry
      // The racing writer may know the payment, order or return when this one does not: never erase them.
      const update = {
        status,
        rrn,
        gateway_key,
        ...(payment_id ? { payment_id } : {}),
        ...(order_id ? { order_id } : {}),
        ...(return_id ? { return_id } : {}),
      }
      const [existing] = await this.listInstallmentsRefunds({ tracker_id }, { take: 1, select: ["id"] })
      if (existing) {
        await this.updateInstallmentsRefunds({ id: existing.id, ...update })
        continue
      }
      try {
        await this.createInstallmentsRefunds(entry)
      } catch (error) {
        const [raced] = await this.listInstallmentsRefunds({ tracker_id }, { take: 1, select: ["id"] })
        if (!raced) throw error
        await this.updateInstallmentsRefunds({ id: raced.id, ...update })
      }
    }
  }
}

export interface SyncRefundEntriesInput {
  provider_id: string
  transaction_id: string
  payment_id?: string
  order_id?: string
  tracker: RefundTrackerEntry[]
  /** Where refunds sent with these idempotency keys came from (a return, a cancel...). */
  attributions?: Record<string, { source: RefundSource; return_id?: string }>
  /** Source of entries nothing else attributes (e.g. `admin` for Medusa refunds from the admin). */
  default_source?: RefundSource
}

export interface RefundFailureInput {
  /** A failed row to update (a retry of it); else the payment's failed row of this source, or a new one. */
  id?: string
  provider_id: string
  transaction_id: string
  payment_id: string
  order_id?: string | null
  return_id?: string | null
  source: RefundSource
  /** Decimal SAR. */
  amount: string
  idempotency_key: string | null
  failure_reason: string
  retryable: boolean
  next_retry_at: Date | null
}

export interface DisputeInput {
  transaction_id: string
  payment_id: string | null
  order_id: string | null
  provider_id: string
  event_id: string
  disputed_at: Date
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

type RefundEntryInput = RefundEntryFields & {
  idempotency_key: string | null
  provider_id: string
  transaction_id: string
  amount: number
  source: RefundSource | null
}
