import { model } from "@medusajs/framework/utils"

/**
 * A webhook public key issued by a registration; its prefix arrives as X-API-Key on deliveries. It
 * verifies only deliveries to the provider registration (`provider_id`) and environment it was made for.
 */
export const WebhookKey = model.define("installments_webhook_key", {
  id: model.id({ prefix: "iwk" }).primaryKey(),
  prefix: model.text().unique(),
  public_key: model.text(),
  environment: model.text(),
  /** Null only for a key stored before keys named their registration and not matched by its URL. */
  provider_id: model.text().nullable(),
  endpoint_id: model.text().nullable(),
  url: model.text().nullable(),
})
