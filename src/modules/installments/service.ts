import type { Context } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { nextRetryAt } from "../../installments/refund-failures"
import { InstallmentsDispute } from "./models/dispute"
import { InstallmentsPaymentLink } from "./models/payment-link"
import { InstallmentsRefund, type RefundSource } from "./models/refund"
import { WebhookEvent } from "./models/webhook-event"
import { WebhookKey } from "./models/webhook-key"
import { InstallmentsSweepItem, type SweepItemKind } from "./models/sweep-item"
import { InstallmentsSweepMark } from "./models/sweep-mark"
import { isDuplicate, retryingRaces } from "./ledger-write-races"
import type { DisputeInput, RefundFailureInput } from "./record-inputs"
import { VerificationKeyCache, type VerificationKey, type VerificationKeyOwner } from "./verification-keys"
import { RecentDeliveries } from "./recent-deliveries"
import { planRefundSync, type SyncRefundEntriesInput } from "./refund-ledger-plan"

export type { DisputeInput, RefundFailureInput, SyncRefundEntriesInput, VerificationKey, VerificationKeyOwner }

/** A registration's key as the plugin stores it. */
export interface WebhookKeyInput {
  prefix: string
  public_key: string
  environment: string
  /** The provider registration the key was issued for (`installments` for `pp_installments_installments`). */
  provider_id: string
  endpoint_id?: string | null
  url?: string | null
}

/** The plugin's own records: webhook keys registered through it, accepted deliveries, refunds, disputes. */
export default class InstallmentsModuleService extends MedusaService({
  WebhookKey,
  WebhookEvent,
  InstallmentsRefund,
  InstallmentsDispute,
  InstallmentsPaymentLink,
  InstallmentsSweepItem,
  InstallmentsSweepMark,
}) {
  private verificationKeys_?: VerificationKeyCache
  private recentDeliveries_?: RecentDeliveries

  /**
   * The webhook keys of one registration in one environment, in the shape the verifier takes: a key
   * made for another registration, or for the sandbox when the registration is live, never verifies.
   * `fresh` reads the table (the webhook route does before refusing a delivery), at most once a second.
   */
  async webhookKeysForVerification(owner: VerificationKeyOwner, { fresh = false }: { fresh?: boolean } = {}): Promise<VerificationKey[]> {
    this.verificationKeys_ ??= new VerificationKeyCache(async () => {
      const rows = await this.listWebhookKeys({}, { select: ["prefix", "public_key", "provider_id", "environment"] })
      return rows.map((key) => ({
        prefix: key.prefix,
        publicKey: key.public_key,
        // A key whose registration is unknown (stored before keys named theirs) verifies for none.
        provider_id: key.provider_id ?? "",
        environment: key.environment,
      }))
    })
    return this.verificationKeys_.keysOf(owner, fresh)
  }

  /** Forgets the kept webhook keys, after this process changed them. */
  forgetVerificationKeys(): void {
    this.verificationKeys_?.forget()
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
   * The refund ledger's writer, with recordRefundFailure, acceptRetriedRefund and stopRetryingRefund:
   * nothing else writes ledger rows. Mirrors a transaction's refund_tracker into its rows (see
   * planRefundSync) in one database transaction, so concurrent writers (Medusa's payment.refunded,
   * the service's order.updated, the plugin's own flows) never see or leave half a sync. Returns the
   * entries still pending.
   */
  async syncRefundEntries(input: SyncRefundEntriesInput): Promise<number> {
    return retryingRaces(() => this.syncRefundEntries_(input))
  }

  @InjectTransactionManager()
  protected async syncRefundEntries_(input: SyncRefundEntriesInput, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const existing = await this.listInstallmentsRefunds({ transaction_id: input.transaction_id }, {}, sharedContext)
    const plan = planRefundSync(existing, input)
    if (plan.superseded.length) await this.softDeleteInstallmentsRefunds(plan.superseded, {}, sharedContext)
    if (plan.creates.length) await this.createInstallmentsRefunds(plan.creates, sharedContext)
    if (plan.updates.length) await this.updateInstallmentsRefunds(plan.updates, sharedContext)
    return plan.pending
  }

  /**
   * Records a refund the service refused (or never answered) as `failed`, with the reason in a
   * merchant's words and when it is retried (see nextRetryAt). One failed row per payment and source:
   * a repeated attempt updates it (attempts + 1) rather than adding another. One database transaction.
   */
  @InjectTransactionManager()
  async recordRefundFailure(input: RefundFailureInput, @MedusaContext() sharedContext: Context = {}) {
    const [failed] = await this.listInstallmentsRefunds(
      { payment_id: input.payment_id, source: input.source, status: "failed", ...(input.id ? { id: input.id } : {}) },
      { take: 1 },
      sharedContext
    )
    const attempts = (failed?.attempts ?? 0) + 1
    const fields = {
      idempotency_key: input.idempotency_key,
      amount: input.amount as unknown as number,
      failure_reason: input.failure.reason,
      retryable: input.failure.retryable,
      next_retry_at: nextRetryAt(input.failure, attempts, input.now),
      attempts,
      ...(input.order_id ? { order_id: input.order_id } : {}),
      ...(input.return_id ? { return_id: input.return_id } : {}),
    }
    if (failed) {
      return this.updateInstallmentsRefunds({ id: failed.id, ...fields }, sharedContext)
    }
    return this.createInstallmentsRefunds(
      {
        ...fields,
        tracker_id: null,
        status: "failed",
        source: input.source,
        provider_id: input.provider_id,
        transaction_id: input.transaction_id,
        payment_id: input.payment_id,
      },
      sharedContext
    )
  }

  /**
   * A retried refund was accepted under `idempotency_key`: the failed row it retried (`retry_of`, else
   * the payment's failed row of this source) takes the key, so the sync that lists it takes that row
   * over and the refund keeps one row.
   */
  @InjectTransactionManager()
  async acceptRetriedRefund(
    input: { payment_id: string; source: RefundSource; retry_of?: string; idempotency_key: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const [retried] = await this.listInstallmentsRefunds(
      { status: "failed", payment_id: input.payment_id, source: input.source, ...(input.retry_of ? { id: input.retry_of } : {}) },
      { take: 1, select: ["id"] },
      sharedContext
    )
    if (retried) {
      await this.updateInstallmentsRefunds({ id: retried.id, idempotency_key: input.idempotency_key }, sharedContext)
    }
  }

  /** Takes a failed refund off the retry schedule, saying why after its reason. */
  @InjectTransactionManager()
  async stopRetryingRefund(id: string, why: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const [row] = await this.listInstallmentsRefunds({ id }, { take: 1, select: ["failure_reason"] }, sharedContext)
    await this.updateInstallmentsRefunds(
      { id, retryable: false, next_retry_at: null, failure_reason: `${row?.failure_reason ?? "The refund failed."} ${why}` },
      sharedContext
    )
  }

  /**
   * A keyset page of the failed refunds the retry job retries now (retryable and due), in
   * (next_retry_at, id) order after `after`: the (status, next_retry_at) index.
   */
  async listDueRefundRetries(now: Date, page: { after?: { next_retry_at: Date; id: string }; take: number }) {
    const after = page.after
    return this.listInstallmentsRefunds(
      {
        status: "failed",
        retryable: true,
        next_retry_at: { $lte: now },
        ...(after
          ? { $or: [{ next_retry_at: { $gt: after.next_retry_at } }, { next_retry_at: after.next_retry_at, id: { $gt: after.id } }] }
          : {}),
      },
      { take: page.take, order: { next_retry_at: "ASC", id: "ASC" }, select: ["id", "next_retry_at"] }
    )
  }

  /**
   * A keyset page of the pending ledger rows, in id order (ids begin with their creation time) after
   * `after`: the (status, id) index.
   */
  async listPendingRefunds(page: { after?: string; take: number }) {
    return this.listInstallmentsRefunds(
      { status: "P", ...(page.after ? { id: { $gt: page.after } } : {}) },
      { take: page.take, order: { id: "ASC" }, select: ["id", "provider_id", "transaction_id"] }
    )
  }

  /**
   * Starts following these subjects in the sweep of `kind`; ones already followed (open or closed)
   * are left as they are, so a sweep that sees a session again never reopens it. Returns how many
   * were new.
   */
  async followSweepItems(kind: SweepItemKind, subjectIds: string[]): Promise<number> {
    const wanted = [...new Set(subjectIds)]
    if (!wanted.length) {
      return 0
    }
    const known = await this.listInstallmentsSweepItems({ kind, subject_id: wanted }, { select: ["subject_id"] })
    const seen = new Set(known.map((item) => item.subject_id))
    const fresh = wanted.filter((id) => !seen.has(id))
    try {
      await this.createInstallmentsSweepItems(fresh.map((subject_id) => ({ kind, subject_id })))
    } catch (error) {
      if (!isDuplicate(error)) {
        throw error
      }
      // Another process followed some of them meanwhile: the rest one by one.
      for (const subject_id of fresh) {
        await this.createInstallmentsSweepItems({ kind, subject_id }).catch((raced) => {
          if (!isDuplicate(raced)) throw raced
        })
      }
    }
    return fresh.length
  }

  /** A keyset page of the open items of a sweep, in id order after `after` (the partial index on open items). */
  async listOpenSweepItems(kind: SweepItemKind, page: { after?: string; take: number }) {
    return this.listInstallmentsSweepItems(
      { kind, closed_at: null, ...(page.after ? { id: { $gt: page.after } } : {}) },
      { take: page.take, order: { id: "ASC" }, select: ["id", "subject_id", "created_at"] }
    )
  }

  /** Stops following these items: no sweep reads them again. */
  async closeSweepItems(ids: string[], at: Date): Promise<void> {
    if (ids.length) {
      await this.updateInstallmentsSweepItems({ selector: { id: ids }, data: { closed_at: at } })
    }
  }

  /** Where the sweep `name` got to (everything before it was swept); undefined before its first complete run. */
  async sweptTo(name: string): Promise<Date | undefined> {
    const [mark] = await this.listInstallmentsSweepMarks({ name }, { take: 1, select: ["swept_to"] })
    return mark ? new Date(mark.swept_to) : undefined
  }

  /** Records where the sweep `name` got to; never moves a mark back (two processes finishing out of order). */
  async markSweptTo(name: string, at: Date): Promise<void> {
    const [mark] = await this.listInstallmentsSweepMarks({ name }, { take: 1, select: ["id", "swept_to"] })
    if (mark) {
      if (new Date(mark.swept_to) < at) {
        await this.updateInstallmentsSweepMarks({ id: mark.id, swept_to: at })
      }
      return
    }
    await this.createInstallmentsSweepMarks({ name, swept_to: at }).catch(async (error) => {
      if (!isDuplicate(error)) throw error
      await this.markSweptTo(name, at)
    })
  }

  /**
   * Deletes up to `batch` delivery records accepted before `before`, oldest first (the created_at
   * index); returns how many. A delivery that old is refused as stale by the webhook route before
   * any lookup, so its record no longer protects anything.
   */
  async pruneWebhookEvents(before: Date, batch: number): Promise<number> {
    const old = await this.listWebhookEvents({ created_at: { $lt: before } }, { take: batch, order: { created_at: "ASC" }, select: ["id"] })
    if (old.length) {
      await this.deleteWebhookEvents(old.map((row) => row.id))
    }
    return old.length
  }

  /** Deletes up to `batch` sweep items closed before `before`; returns how many. */
  async pruneClosedSweepItems(before: Date, batch: number): Promise<number> {
    const old = await this.listInstallmentsSweepItems({ closed_at: { $lt: before } }, { take: batch, order: { closed_at: "ASC" }, select: ["id"] })
    if (old.length) {
      await this.deleteInstallmentsSweepItems(old.map((row) => row.id))
    }
    return old.length
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
}
