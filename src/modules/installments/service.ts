import { MedusaService } from "@medusajs/framework/utils"
import type { RefundTrackerEntry } from "../../lib/client"
import { InstallmentsRefund } from "./models/refund"
import { WebhookEvent } from "./models/webhook-event"
import { WebhookKey } from "./models/webhook-key"

/** The plugin's own records: webhook keys registered through it, accepted deliveries, refunds. */
export default class InstallmentsModuleService extends MedusaService({
  WebhookKey,
  WebhookEvent,
  InstallmentsRefund,
}) {
  /** Webhook keys in the shape the verifier takes. */
  async webhookKeysForVerification(): Promise<{ prefix: string; publicKey: string }[]> {
    const keys = await this.listWebhookKeys({}, { select: ["prefix", "public_key"] })
    return keys.map((key) => ({ prefix: key.prefix, publicKey: key.public_key }))
  }

  /** Records a delivery id; false when it was already recorded (a replay or a retry of a processed one). */
  async recordWebhookEvent(input: { event_id: string; event_name: string; payment_link_id?: string }): Promise<boolean> {
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

  /** Mirrors a transaction's refund_tracker into the ledger; returns the entries still pending. */
  async syncRefundEntries(input: {
    provider_id: string
    transaction_id: string
    payment_id?: string
    tracker: RefundTrackerEntry[]
  }): Promise<number> {
    const existing = await this.listInstallmentsRefunds({ transaction_id: input.transaction_id })
    const byTracker = new Map(existing.map((entry) => [entry.tracker_id, entry]))
    const creates = []
    const updates = []
    for (const entry of input.tracker) {
      const fields = {
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
    if (creates.length) await this.createInstallmentsRefunds(creates)
    if (updates.length) await this.updateInstallmentsRefunds(updates)
    return input.tracker.filter((entry) => entry.status === "P").length
  }
}
