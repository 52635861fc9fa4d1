import { randomUUID } from "node:crypto"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import { isPendingInMedusa, UNRESOLVED_STATUSES } from "../../installments/refunds/intent"
import { InstallmentsCheckout } from "./models/checkout"
import { InstallmentsDispute } from "./models/dispute"
import { InstallmentsPaymentLink } from "./models/payment-link"
import { InstallmentsRefund } from "./models/refund"
import { WebhookEvent } from "./models/webhook-event"
import { WebhookKey } from "./models/webhook-key"
import { InstallmentsSweepItem, type SweepItemKind } from "./models/sweep-item"
import { INSTANCE_MARK, InstallmentsSweepMark } from "./models/sweep-mark"
import { InstallmentsLinkMade } from "./models/link-made"
import { InstallmentsSmsSend } from "./models/sms-send"
import { isDuplicate } from "./unique-violations"
import type { DisputeInput } from "./record-inputs"
import { VerificationKeyCache, type VerificationKey, type VerificationKeyOwner } from "./verification-keys"
import { RecentDeliveries } from "./recent-deliveries"
import {
  planOpenIntent,
  planOutcome,
  planRefundSync,
  rowHalalas,
  type LedgerRow,
  type SyncRefundEntriesInput,
} from "../../installments/refunds/ledger-plan"
import type { RefundLedgerChange, RefundLedgerResult } from "../../installments/refunds/ledger-change"
import { type RegistrationId, asRegistrationId } from "../../installments/registrations/provider-ids"
import type { CheckoutRecord } from "../../installments/insights/checkout-record"
import { checkoutUpsert } from "./checkout-upsert"
import { insertWebhookEvent, type WebhookEventInput } from "./webhook-event-insert"
import type { SqlExecutor } from "./sql-executor"

// The tables whose old rows the prune job deletes.
type PrunedTable =
  | "installments_webhook_event"
  | "installments_link_made"
  | "installments_sms_send"
  | "installments_sweep_item"
  | "installments_checkout"

export type { WebhookEventInput } from "./webhook-event-insert"
export type { DisputeInput, RefundLedgerChange, RefundLedgerResult, SyncRefundEntriesInput, VerificationKey, VerificationKeyOwner }

/** A registration's key as the plugin stores it. */
export interface WebhookKeyInput {
  prefix: string
  public_key: string
  environment: string
  /** The provider registration the key was issued for (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
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
  InstallmentsSmsSend,
  InstallmentsCheckout,
  InstallmentsLinkMade,
}) {
  private verificationKeys_?: VerificationKeyCache
  private recentDeliveries_?: RecentDeliveries
  private instanceId_?: Promise<string>

  /**
   * The webhook keys of one registration in one environment, in the shape the verifier takes: a key
   * made for another registration, or for the sandbox when the registration is live, never verifies.
   * `fresh` reads the table (the webhook route does before refusing a delivery), at most once a second.
   */
  async webhookKeysForVerification(
    owner: VerificationKeyOwner,
    { fresh = false }: { fresh?: boolean } = {}
  ): Promise<VerificationKey[]> {
    this.verificationKeys_ ??= new VerificationKeyCache(async () => {
      const rows = await this.listWebhookKeys({}, { select: ["prefix", "public_key", "provider_id", "environment"] })
      return rows.map((key) => ({
        prefix: key.prefix,
        publicKey: key.public_key,
        // A key whose registration is unknown (stored before keys named theirs) verifies for none.
        provider_id: asRegistrationId(key.provider_id ?? ""),
        environment: key.environment,
      }))
    })
    return this.verificationKeys_.keysOf(owner, fresh)
  }

  /** Forgets the kept webhook keys, after this process changed them. */
  async forgetVerificationKeys(): Promise<void> {
    this.verificationKeys_?.forget()
  }

  /** Records a delivery id; false when it was already recorded (a replay or a retry of a processed one). */
  @InjectManager()
  async recordWebhookEvent(input: WebhookEventInput, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    this.recentDeliveries_ ??= new RecentDeliveries()
    return this.recentDeliveries_.record(input.event_id, () => insertWebhookEvent(sharedContext.manager as SqlExecutor, input))
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
      await this.forgetVerificationKeys()
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
   * The refund ledger's one writer: every change to a ledger row goes through here, whoever asks (a
   * refund about to be sent, how its call ended, the service's refund tracker, the retry schedule).
   * Each change is one database transaction that first takes a Postgres advisory lock on the
   * transaction's id, so writers in any process take turns on a transaction and never race.
   */
  async writeRefundLedger(change: RefundLedgerChange): Promise<RefundLedgerResult> {
    return this.writeRefundLedger_(change)
  }

  @InjectTransactionManager()
  protected async writeRefundLedger_(
    change: RefundLedgerChange,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<RefundLedgerResult> {
    const manager = sharedContext.transactionManager as SqlExecutor
    await manager.execute("select pg_advisory_xact_lock(hashtext(?))", [`installments_refund:${change.transaction_id}`])
    const existing = (await this.listInstallmentsRefunds(
      { transaction_id: change.transaction_id },
      {},
      sharedContext
    )) as unknown as LedgerRow[]
    const now = new Date()
    switch (change.kind) {
      case "open": {
        const plan = planOpenIntent(existing, change.intent, now)
        let opening = plan.opening
        if (plan.create) {
          const created = await this.createInstallmentsRefunds(plan.create as never, sharedContext)
          if (opening.kind === "send") opening = { ...opening, row_id: created.id }
        }
        if (plan.update) await this.updateInstallmentsRefunds(plan.update as never, sharedContext)
        return { opening }
      }
      case "outcome": {
        const row = existing.find((candidate) => candidate.id === change.row_id)
        if (!row) return {}
        const update = planOutcome(row, change.outcome, now)
        return { row: update ? await this.updateInstallmentsRefunds(update as never, sharedContext) : (row as never) }
      }
      case "tracker": {
        const plan = planRefundSync(existing, { ...change.sync, transaction_id: change.transaction_id })
        if (plan.superseded.length) await this.softDeleteInstallmentsRefunds(plan.superseded, {}, sharedContext)
        if (plan.creates.length) await this.createInstallmentsRefunds(plan.creates, sharedContext)
        if (plan.updates.length) await this.updateInstallmentsRefunds(plan.updates, sharedContext)
        return { pending: plan.pending }
      }
      case "recorded-in-medusa":
        await this.updateInstallmentsRefunds({ id: change.row_id, record_in_medusa: false }, sharedContext)
        return {}
      case "stop-retrying": {
        const row = existing.find((candidate) => candidate.id === change.row_id) as { failure_reason?: string | null } | undefined
        await this.updateInstallmentsRefunds(
          {
            id: change.row_id,
            retryable: false,
            next_retry_at: null,
            failure_reason: `${row?.failure_reason ?? "The refund failed."} ${change.why}`,
          },
          sharedContext
        )
        return {}
      }
    }
  }

  /** Records a read of a checkout for the Insights page (modules/installments/checkout-upsert.ts decides what it changes). */
  async recordCheckout(record: CheckoutRecord): Promise<void> {
    return this.recordCheckouts_([record])
  }

  async recordCheckouts(records: CheckoutRecord[]): Promise<void> {
    if (records.length) await this.recordCheckouts_(records)
  }

  @InjectTransactionManager()
  protected async recordCheckouts_(records: CheckoutRecord[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const { sql, params } = checkoutUpsert(records)
    await (sharedContext.transactionManager as SqlExecutor).execute(sql, params)
  }

  /**
   * Per transaction, the halalas of the plugin's refunds Medusa does not show yet (`isPendingInMedusa`:
   * unresolved, or applied and left to record): what every "still owed" and "still refundable" subtracts.
   */
  async pendingInMedusaByTransaction(transactionIds: string[]): Promise<Map<string, bigint>> {
    const pending = new Map<string, bigint>()
    if (!transactionIds.length) return pending
    const rows = (await this.listInstallmentsRefunds(
      { transaction_id: transactionIds, $or: [{ status: [...UNRESOLVED_STATUSES] }, { record_in_medusa: true }] },
      { select: ["transaction_id", "status", "record_in_medusa", "amount", "raw_amount"] }
    )) as unknown as (LedgerRow & { transaction_id: string })[]
    for (const row of rows.filter(isPendingInMedusa)) {
      pending.set(row.transaction_id, (pending.get(row.transaction_id) ?? 0n) + rowHalalas(row))
    }
    return pending
  }

  /**
   * A keyset page of the rows the resolver must look at, in id order after `after`: intents not
   * resolved yet, and applied refunds Medusa's payment does not show (the partial indexes).
   */
  async listRefundsToResolve(page: { after?: string; take: number }) {
    return this.listInstallmentsRefunds(
      {
        $or: [{ status: ["sending", "unknown"] }, { record_in_medusa: true }],
        ...(page.after ? { id: { $gt: page.after } } : {}),
      },
      { take: page.take, order: { id: "ASC" } }
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
      { take: page.take, order: { next_retry_at: "ASC", id: "ASC" }, select: ["id", "next_retry_at", "transaction_id", "provider_id"] }
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

  /**
   * Follows a received return from now on, open again if it was closed (a return received in parts
   * is followed again at each receipt), and returns its generation: each receipt counts one more, so
   * a run that read the order before a later receipt never closes it (`closeReturnSweepItem`).
   * Written before the work it guards.
   */
  async reopenReturnSweepItem(returnId: string): Promise<number> {
    return this.reopenReturnSweepItem_(returnId)
  }

  @InjectTransactionManager()
  protected async reopenReturnSweepItem_(returnId: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    await this.lockSweepItem(returnId, sharedContext)
    const [item] = await this.listInstallmentsSweepItems({ kind: "return", subject_id: returnId }, { take: 1 }, sharedContext)
    if (!item) {
      await this.createInstallmentsSweepItems({ kind: "return", subject_id: returnId, generation: 1 }, sharedContext)
      return 1
    }
    const generation = (item.generation ?? 0) + 1
    await this.updateInstallmentsSweepItems({ id: item.id, closed_at: null, generation }, sharedContext)
    return generation
  }

  /** Stops following a return whose refund is settled, unless a receipt reopened it after `generation` was read. */
  async closeReturnSweepItem(returnId: string, generation: number, at = new Date()): Promise<boolean> {
    return this.closeReturnSweepItem_(returnId, generation, at)
  }

  @InjectTransactionManager()
  protected async closeReturnSweepItem_(
    returnId: string,
    generation: number,
    at: Date,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    await this.lockSweepItem(returnId, sharedContext)
    const [item] = await this.listInstallmentsSweepItems({ kind: "return", subject_id: returnId }, { take: 1 }, sharedContext)
    if (!item || item.closed_at || (item.generation ?? 0) !== generation) {
      return false
    }
    await this.updateInstallmentsSweepItems({ id: item.id, closed_at: at }, sharedContext)
    return true
  }

  // Reopening and closing one return's item take turns (the caller's transaction's advisory lock).
  private async lockSweepItem(returnId: string, context: { transactionManager?: unknown }): Promise<void> {
    const manager = context.transactionManager as SqlExecutor
    await manager.execute("select pg_advisory_xact_lock(hashtext(?))", [`installments_sweep:return:${returnId}`])
  }

  /** A keyset page of the open items of a sweep, in id order after `after` (the partial index on open items). */
  async listOpenSweepItems(kind: SweepItemKind, page: { after?: string; take: number }) {
    return this.listInstallmentsSweepItems(
      { kind, closed_at: null, ...(page.after ? { id: { $gt: page.after } } : {}) },
      { take: page.take, order: { id: "ASC" }, select: ["id", "subject_id", "created_at", "generation"] }
    )
  }

  /** Stops following these subjects of the sweep of `kind` (their work is done): no sweep reads them again. */
  async closeFollowedSweepItems(kind: SweepItemKind, subjectIds: string[], at = new Date()): Promise<void> {
    if (subjectIds.length) {
      await this.updateInstallmentsSweepItems({ selector: { kind, subject_id: subjectIds, closed_at: null }, data: { closed_at: at } })
    }
  }

  /** Stops following these items: no sweep reads them again. */
  async closeSweepItems(ids: string[], at: Date): Promise<void> {
    if (ids.length) {
      await this.updateInstallmentsSweepItems({ selector: { id: ids }, data: { closed_at: at } })
    }
  }

  /**
   * This store's identity among the Medusa instances that may share a merchant account (staging
   * beside production, each with its own database): made once, at random, kept as the id of the
   * `instance` mark, and read once per process. Every link the plugin makes carries it in its
   * metadata, and only a link carrying it is ever refunded as an orphan (D33). Not a secret.
   */
  async instanceId(): Promise<string> {
    this.instanceId_ ??= this.loadInstanceId_().catch((error: unknown) => {
      this.instanceId_ = undefined
      throw error
    })
    return this.instanceId_
  }

  private async loadInstanceId_(): Promise<string> {
    const find = async () => (await this.listInstallmentsSweepMarks({ name: INSTANCE_MARK }, { take: 1, select: ["id"] }))[0]?.id
    const kept = await find()
    if (kept) {
      return kept
    }
    // Two processes of one store starting together: the unique name lets one identity win, which both read.
    await this.createInstallmentsSweepMarks({ id: `inst_${randomUUID()}`, name: INSTANCE_MARK, swept_to: new Date() }).catch(
      (error: unknown) => {
        if (!isDuplicate(error)) throw error
      }
    )
    const made = await find()
    if (!made) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "installments: this store's instance identity could not be stored (installments_sweep_mark `instance`)"
      )
    }
    return made
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
   * Deletes up to `batch` delivery records accepted before `before`, oldest first; returns how many.
   * A delivery that old is refused as stale by the webhook route before any lookup, so its record no
   * longer protects anything.
   */
  async pruneWebhookEvents(before: Date, batch: number): Promise<number> {
    return this.pruneOldest_("installments_webhook_event", "created_at", before, batch)
  }

  /**
   * Counts an SMS against the hourly limit (D38), or refuses it: true, and the send recorded, when
   * the customer and the phone each had fewer than `limit` SMS since `since`. One transaction under
   * advisory locks on both, so concurrent checkouts in any process take turns and never pass the limit.
   */
  async claimSms(input: { customer_id: string; phone_hash: string; limit: number; since: Date }): Promise<boolean> {
    return this.claimSms_(input)
  }

  @InjectTransactionManager()
  protected async claimSms_(
    input: { customer_id: string; phone_hash: string; limit: number; since: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    const manager = sharedContext.transactionManager as SqlExecutor
    // Always in the same order, so two claims naming the same pair cannot wait on each other.
    for (const key of [`installments_sms:customer:${input.customer_id}`, `installments_sms:phone:${input.phone_hash}`].sort()) {
      await manager.execute("select pg_advisory_xact_lock(hashtext(?))", [key])
    }
    const since = { created_at: { $gte: input.since } }
    const page = { take: input.limit, select: ["id"] }
    const byCustomer = await this.listInstallmentsSmsSends({ customer_id: input.customer_id, ...since }, page, sharedContext)
    const byPhone = await this.listInstallmentsSmsSends({ phone_hash: input.phone_hash, ...since }, page, sharedContext)
    if (byCustomer.length >= input.limit || byPhone.length >= input.limit) {
      return false
    }
    await this.createInstallmentsSmsSends({ customer_id: input.customer_id, phone_hash: input.phone_hash }, sharedContext)
    return true
  }

  /**
   * Records that this store is about to ask the service for a link for `sessionId` (before the call).
   * On every checkout's path: one plain INSERT, with neither the ORM's unit of work nor a transaction
   * of its own (together they cost about a tenth of a checkout with eight shoppers).
   */
  @InjectManager()
  async recordLinkMade(sessionId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await (sharedContext.manager as SqlExecutor).execute(`insert into "installments_link_made" ("id", "session_id") values (?, ?)`, [
      generateEntityId(undefined, "ilmd"),
      sessionId,
    ])
  }

  /** Whether this store's database records making a link for `sessionId` (models/link-made.ts). */
  async madeLinkFor(sessionId: string): Promise<boolean> {
    return (await this.listInstallmentsLinkMades({ session_id: sessionId }, { take: 1, select: ["id"] })).length > 0
  }

  /** Deletes up to `batch` records of links made before `before`, oldest first; returns how many. */
  async pruneLinksMade(before: Date, batch: number): Promise<number> {
    return this.pruneOldest_("installments_link_made", "created_at", before, batch)
  }

  /** Deletes up to `batch` SMS records made before `before`, oldest first; returns how many. */
  async pruneSmsSends(before: Date, batch: number): Promise<number> {
    return this.pruneOldest_("installments_sms_send", "created_at", before, batch)
  }

  /** Deletes up to `batch` sweep items closed before `before`, oldest first; returns how many. */
  async pruneClosedSweepItems(before: Date, batch: number): Promise<number> {
    return this.pruneOldest_("installments_sweep_item", "closed_at", before, batch)
  }

  /** Deletes up to `batch` Insights records of checkouts started before `before`, oldest first; returns how many. */
  async pruneCheckoutsStartedBefore(before: Date, batch: number): Promise<number> {
    return this.pruneOldest_("installments_checkout", "started_at", before, batch)
  }

  // One statement per batch, through the index on `column` (every pruned table has one, partial on
  // rows not soft-deleted as the model's indexes are, hence the `deleted_at` condition).
  @InjectTransactionManager()
  protected async pruneOldest_(
    table: PrunedTable,
    column: "created_at" | "closed_at" | "started_at",
    before: Date,
    batch: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const deleted = (await (sharedContext.transactionManager as SqlExecutor).execute(
      `delete from "${table}" where "id" in (select "id" from "${table}" where "${column}" < ? and "deleted_at" is null order by "${column}" limit ?) returning "id"`,
      [before, batch]
    )) as unknown[]
    return deleted.length
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
