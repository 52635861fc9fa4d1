import { model } from "@medusajs/framework/utils"

/** A delivery already accepted, by its `evt_` id, so a replay is answered without processing it again. */
export const WebhookEvent = model.define("installments_webhook_event", {
  id: model.id({ prefix: "iwe" }).primaryKey(),
  event_id: model.text().unique(),
  event_name: model.text(),
  payment_link_id: model.text().nullable(),
  /** The provider registration whose webhook path received it. */
  provider_id: model.text().nullable(),
})
