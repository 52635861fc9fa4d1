import { model } from "@medusajs/framework/utils"

/** A delivery already accepted, by its event id (any non-empty id, or a sha256 of the body when it has none), so a replay is answered without processing it again. */
export const WebhookEvent = model
  .define("installments_webhook_event", {
    id: model.id({ prefix: "iwe" }).primaryKey(),
    event_id: model.text().unique(),
    event_name: model.text(),
    payment_link_id: model.text().nullable(),
    /** The provider registration whose webhook path received it. */
    provider_id: model.text().nullable(),
  })
  // The retention job deletes the oldest rows first, in batches.
  .indexes([{ on: ["created_at"] }])
