import { z } from "@medusajs/framework/zod"
import { isExactAmount, toHalalas } from "../../../lib/money"
import { IsoDate } from "../../../lib/client/schemas/common"
import { refineStatementWindow } from "../../../lib/client/schemas/reports"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"

/** Fields the back-office validators share; each message names its field so a form can place it. */

/** Text PostgreSQL can store: a NUL character is refused with a 400 naming the field, never a 500. */
export const withoutNul = (value: string) => !value.includes("\u0000")
export const nulMessage = (name: string) => `${name} must not contain NUL characters`

/**
 * The registration a request is about, by its registration id (`installments`, not Medusa's
 * `pp_installments_installments`); required only when there are several.
 */
export const providerIdField = z.string().min(1, "provider_id must not be empty").transform(asRegistrationId).optional()

/** A SAR amount greater than 0, exact to the halala, as a string ("1200.00") or a JSON number. */
export const amountField = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} is required: an amount in SAR, e.g. 1200.00` })
    .refine((value) => isExactAmount(value), `${name} must be a number with at most 2 decimals, e.g. 1200.00`)
    .refine((value) => !isExactAmount(value) || toHalalas(value) > 0n, `${name} must be greater than 0`)
    .transform((value) => String(value))

// The client's rule for dates (a real calendar day in ISO 8601), applied to the admin's input.
const isIsoDate = (value: string) => IsoDate.safeParse(value).success

/** An ISO 8601 date or date-time (UTC when it names no offset). */
export const isoDateField = (name: string) =>
  z
    .string({ error: `${name} is required: an ISO 8601 date, e.g. 2026-11-01` })
    .refine(isIsoDate, `${name} must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z`)

/** The most rows a list route answers at once, and how many it answers when not told. */
export const PAGE_LIMIT_MAX = 100
export const PAGE_LIMIT_DEFAULT = 50

const limitRule = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`
const offsetRule = "offset must be a whole number, 0 or more"

/**
 * Medusa's `limit` and `offset` for every back-office list route, one rule for all: 50 rows unless
 * told, never more than 100, so no list answers a store's whole history at once.
 */
export const pageFields = {
  limit: z.coerce
    .number({ error: limitRule })
    .int(limitRule)
    .min(1, limitRule)
    .max(PAGE_LIMIT_MAX, limitRule)
    .default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number({ error: offsetRule }).int(offsetRule).min(0, offsetRule).default(0),
}

/** The statement window rules of docs/service-api.md (D17), as the client applies them. */
export { refineStatementWindow }
