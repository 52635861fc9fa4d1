import { generateEntityId } from "@medusajs/framework/utils"
import type { RegistrationId } from "../../installments/registrations/provider-ids"
import type { SqlExecutor } from "./sql-executor"

/** A verified delivery as its record keeps it. */
export interface WebhookEventInput {
  event_id: string
  event_name: string
  payment_link_id?: string
  /** The provider registration whose webhook path received it. */
  provider_id?: RegistrationId
}

const INSERT = `
  insert into "installments_webhook_event" ("id", "event_id", "event_name", "payment_link_id", "provider_id")
  values (?, ?, ?, ?, ?)
  on conflict ("event_id") where "deleted_at" is null do nothing
  returning "id"`

/**
 * Records a delivery unless its id is recorded; true when this statement recorded it. One statement
 * decides first delivery or replay on the unique index on event_id (a copy racing in another process
 * included): no failed insert, no second read.
 */
export async function insertWebhookEvent(manager: SqlExecutor, input: WebhookEventInput): Promise<boolean> {
  const inserted = (await manager.execute(INSERT, [
    generateEntityId(undefined, "iwe"),
    input.event_id,
    input.event_name,
    input.payment_link_id ?? null,
    input.provider_id ?? null,
  ])) as unknown[]
  return inserted.length > 0
}
