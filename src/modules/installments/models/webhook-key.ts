import { model } from "@medusajs/framework/utils"

/** A webhook public key issued by a registration; its prefix arrives as X-API-Key on deliveries. */
export const WebhookKey = model.define("installments_webhook_key", {
  id: model.id({ prefix: "iwk" }).primaryKey(),
  prefix: model.text().unique(),
  public_key: model.text(),
  environment: model.text(),
  endpoint_id: model.text().nullable(),
  url: model.text().nullable(),
})
