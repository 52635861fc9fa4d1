import { z } from "zod"
import { RequestAmount, ResponseAmount, nullableString } from "./common"

/** Query of the BIN lookup (endpoint 1). */
export const BinLookupParams = z.object({
  bin: z.string().regex(/^\d{6,8}$/, "must be 6 to 8 digits"),
  amount: RequestAmount.optional(),
})
export type BinLookupParams = z.input<typeof BinLookupParams>

/** A BIN record; an unmatched BIN carries only `is_eligible` (false) and `message`. */
export const BinRecord = z.object({
  id: z.number().int().optional(),
  bin: z.string().optional(),
  brand: z.string().optional(),
  category: z.string().optional(),
  country: z.string().optional(),
  issuer: z.string().optional(),
  bank_name: z.string().optional(),
  bank_code: nullableString,
  type: z.string().optional(),
  program_name: nullableString,
  program_logo: nullableString,
  earn_rate: z.number().optional(),
  rate_label: z.string().optional(),
  is_override: z.boolean().optional(),
  bank_amount_limit: ResponseAmount.optional(),
  is_eligible: z.boolean(),
  message: nullableString,
})
export type BinRecord = z.output<typeof BinRecord>
