import { z } from "zod"
import { CardBrand, RequestAmount, informational, nullableString, openEnum, optionalAmount, optionalBoolean } from "./common"

/** Query of the BIN lookup (endpoint 1). */
export const BinLookupParams = z.object({
  bin: z.string().regex(/^\d{6,8}$/, "must be 6 to 8 digits"),
  amount: RequestAmount.optional(),
})
export type BinLookupParams = z.input<typeof BinLookupParams>

/**
 * A BIN record; an unmatched BIN carries only `is_eligible` (false) and `message`. Only `is_eligible`
 * is required: everything else is informational and kept as sent, an unlisted brand or type included.
 */
export const BinRecord = z.looseObject({
  id: informational(z.number().int()),
  bin: nullableString,
  brand: informational(CardBrand),
  category: nullableString,
  country: nullableString,
  issuer: nullableString,
  bank_name: nullableString,
  bank_code: nullableString,
  type: informational(openEnum(["CREDIT", "DEBIT", "PREPAID"])),
  program_name: nullableString,
  program_logo: nullableString,
  earn_rate: informational(z.number()),
  rate_label: nullableString,
  is_override: optionalBoolean,
  bank_amount_limit: optionalAmount,
  is_eligible: z.boolean(),
  message: nullableString,
})
export type BinRecord = z.output<typeof BinRecord>
