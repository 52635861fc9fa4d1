import { z } from "@medusajs/framework/zod"
import { ORDER_LINK_CHECKOUTS } from "../../../../installments/sessions/order-debt-request"
import { isoDateField, providerIdField } from "../shared-fields"
import { LONGEST_LINK_LIFE_MS } from "../../../../installments/links/timing"

// The service keeps a link payable for at most 7 days (docs/service-api.md, D8).

const OrderPaymentLinkBody = z
  .object({
    provider_id: providerIdField,
    checkout: z.enum(ORDER_LINK_CHECKOUTS, { error: "checkout must be one of installments, card, both" }).optional(),
    send_sms: z.boolean({ error: "send_sms must be true or false" }).optional(),
    expires_at: isoDateField("expires_at")
      .refine((value) => Date.parse(value) > Date.now(), "expires_at must be in the future")
      .refine((value) => Date.parse(value) <= Date.now() + LONGEST_LINK_LIFE_MS, "expires_at must be at most 7 days from now")
      .transform((value) => new Date(value).toISOString())
      .optional(),
  })
  .strict()

/** A link for what an order or a draft order owes; every field optional, and so is the body itself. */
export const AdminRequestOrderPaymentLink = z.preprocess((body) => body ?? {}, OrderPaymentLinkBody)
export type AdminRequestOrderPaymentLinkType = z.infer<typeof AdminRequestOrderPaymentLink>
