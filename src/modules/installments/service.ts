import { MedusaService } from "@medusajs/framework/utils"
import type { RefundTrackerEntry } from "../../lib/client"
import { InstallmentsPaymentLink } from "./models/payment-link"
import { InstallmentsRefund } from "./models/refund"
import { WebhookEvent } from "./models/webhook-event"
import { WebhookKey } from "./models/webhook-key"

/** The plugin's own records: webhook keys registered through it, accepted deliveries, refunds. */
export default class InstallmentsModuleService extends MedusaService({
  WebhookKey,
  WebhookEvent,
  InstallmentsRefund,
  InstallmentsPaymentLink,
}) {
  /** Webhook keys in the shape the verifier takes. */
  async webhookKeysForVerification(): Promise<{ prefix: string; publicKey: string }[]> {
    const keys = await this.listWebhookKeys({}, { select: ["prefix", "public_key"] })
    return keys.map((key) => ({ prefix: key.prefix, publicKey: key.public_key }))
  }

  /** Records a delivery id; false when it was already recorded (a replay or a retry of a processed one). */
  async recordWebhookEvent(input: {
    event_id: string
    event_name: string
    payment_link_id?: string
    provider_id?: string
  }): Promise<boolean> {
    const [existing] = await this.listWebhookEvents({ event_id: input.event_id }, { take: 1, select: ["id"] })
    if (existing) {
      return false
    }
    try {
      await this.createWebhookEvents(input)
      return true
    } catch (error) {
      // Two deliveries of one event racing: the unique index lets exactly one through.
      const [raced] = await this.listWebhookEvents({ event_id: input.event_id }, { take: 1, select: ["id"] })
      if (raced) {
        return false
      }
      throw error
    }
  }

  /**
   * Removes a delivery's record when it could not be handed on to Medusa, so the service's retry of
   * the same delivery is processed instead of being answered as a duplicate.
   */
  async forgetWebhookEvent(eventId: string): Promise<void> {
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
  async upsertWebhookKey(input: {
    prefix: string
    public_key: string
    environment: string
    endpoint_id?: string | null
    url?: string | null
  }) {
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
    transaction?: { id: string; created_at: string; payment_option?: string | null; bank_name?: string | null }
  }): Promise<boolean> {
    const [link] = await this.listInstallmentsPaymentLinks({ payment_link_id: input.payment_link_id }, { take: 1 })
    if (!link) {
      return false
    }
    const paid = input.transaction
    const paidAt = paid ? new Date(paid.created_at) : null
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

  /** Mirrors a transaction's refund_tracker into the ledger; returns the entries still pending. */
  async syncRefundEntries(input: {
    provider_id: string
    transaction_id: string
    payment_id?: string
    tracker: RefundTrackerEntry[]
  }): Promise<number> {
    const existing = await this.listInstallmentsRefunds({ transaction_id: input.transaction_id })
    const byTracker = new Map(existing.map((entry) => [entry.tracker_id, entry]))
    const creates: RefundEntryInput[] = []
    const updates: (RefundEntryFields & { id: string })[] = []
    for (const entry of input.tracker) {
      const fields: RefundEntryFields = {
        status: entry.status,
        rrn: entry.rrn,
        gateway_key: entry.gateway_transaction_id ?? null,
        ...(input.payment_id ? { payment_id: input.payment_id } : {}),
      }
      const known = byTracker.get(entry.id)
      if (known) {
        updates.push({ id: known.id, ...fields })
      } else {
        creates.push({
          ...fields,
          tracker_id: entry.id,
          idempotency_key: entry.idempotency_key ?? null,
          provider_id: input.provider_id,
          transaction_id: input.transaction_id,
          payment_id: input.payment_id ?? null,
          // A decimal string keeps the amount exact; Medusa's BigNumber reads strings, its typing says number.
          amount: entry.amount as unknown as number,
        })
      }
    }
    if (creates.length) await this.createRefundEntries(creates)
    if (updates.length) await this.updateInstallmentsRefunds(updates)
    return input.tracker.filter((entry) => entry.status === "P").length
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
      const { tracker_id, status, rrn, gateway_key, payment_id } = entry
      // The racing writer may know the payment when this one does not: never erase it.
      const update: RefundEntryFields = { status, rrn, gateway_key, ...(payment_id ? { payment_id } : {}) }
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

type RefundEntryFields = {
  status: "P" | "R"
  rrn: string | null
  gateway_key: string | null
  payment_id?: string | null
}

type RefundEntryInput = RefundEntryFields & {
  tracker_id: string
  idempotency_key: string | null
  provider_id: string
  transaction_id: string
  amount: number
}
