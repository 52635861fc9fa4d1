import { model } from "@medusajs/framework/utils"

/**
 * An SMS the plugin asked the service to send with a checkout's link, by customer and by phone (a
 * keyed hash, never the number), so the hourly limit is counted across every server process. Kept
 * two hours (the prune job).
 */
export const InstallmentsSmsSend = model
  .define("installments_sms_send", {
    id: model.id({ prefix: "isms" }).primaryKey(),
    customer_id: model.text(),
    /** HMAC-SHA256 of the E.164 number under the registration's secret key (installments/links/sms-limit.ts). */
    phone_hash: model.text(),
  })
  .indexes([{ on: ["customer_id", "created_at"] }, { on: ["phone_hash", "created_at"] }, { on: ["created_at"] }])
