import { z } from "@medusajs/framework/zod"
import { EVENT_NAMES } from "../../../lib/client/schemas/webhooks"
import { nulMessage, pageFields, withoutNul } from "./shared-fields"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"

/** Checkout, payment and refund events: everything the plugin acts on. */
export const DEFAULT_WEBHOOK_EVENTS = [
  "order.success",
  "order.failed",
  "order.updated",
  "installment.tracker.approved",
  "installment.tracker.rejected",
  "payment_link.expired",
  "order.disputed",
] as const

export const AdminRegisterWebhook = z.object({
  provider_id: z.string().min(1).default("installments").transform(asRegistrationId),
  url: z.string().url(),
  description: z.string().max(500).optional(),
  event_type_names: z
    .array(z.enum(EVENT_NAMES))
    .min(1)
    .default([...DEFAULT_WEBHOOK_EVENTS]),
})
export type AdminRegisterWebhookType = z.infer<typeof AdminRegisterWebhook>

/** A page of the webhook registrations whose keys the plugin holds. */
export const AdminListWebhooks = z.object({ ...pageFields })
export type AdminListWebhooksType = z.infer<typeof AdminListWebhooks>

// Postgres refuses NUL in text: said here as a 400 rather than failing the query with a 500.
const filterId = (field: string) => z.string().max(200).refine(withoutNul, nulMessage(field))

/** Ledger statuses as the admin API names them; `P` and `R` (the service's own) are still accepted. */
export const REFUND_STATUS = { sending: "confirming", unknown: "confirming", P: "pending", R: "settled", failed: "failed" } as const
const STATUS_OF_NAME: Record<string, "P" | "R" | "failed" | ("sending" | "unknown")[]> = {
  confirming: ["sending", "unknown"],
  pending: "P",
  settled: "R",
  failed: "failed",
  P: "P",
  R: "R",
}

/** The ledger's filters and a page of it, oldest first. */
export const AdminListRefunds = z.object({
  transaction_id: filterId("transaction_id").optional(),
  payment_id: filterId("payment_id").optional(),
  order_id: filterId("order_id").optional(),
  status: z
    .enum(["confirming", "pending", "settled", "failed", "P", "R"], {
      error: "status must be one of confirming, pending, settled, failed",
    })
    .transform((value) => STATUS_OF_NAME[value])
    .optional(),
  ...pageFields,
})
export type AdminListRefundsType = z.infer<typeof AdminListRefunds>
