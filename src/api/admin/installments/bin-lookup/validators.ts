import { z } from "@medusajs/framework/zod"
import { amountField, providerIdField } from "../shared-fields"

/** `?bin=409201&amount=1200.00`: staff only; the store API never takes card numbers. */
export const AdminBinLookupQuery = z.object({
  provider_id: providerIdField,
  bin: z
    .string({ error: "bin is required: the first 6 to 8 digits of the card number" })
    .regex(/^\d{6,8}$/, "bin must be 6 to 8 digits"),
  amount: amountField("amount").optional(),
})
export type AdminBinLookupQueryType = z.infer<typeof AdminBinLookupQuery>
