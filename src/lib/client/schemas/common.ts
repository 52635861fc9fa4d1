import { z } from "zod"
import { formatAmount, parseAmount, toHalalas, toWireNumber } from "../../money"

/** Field rules shared by requests and responses of several endpoints. */

export const UUID = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID")

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

// Date.parse rolls impossible days over ("2026-02-30" is read as March 2), so check the calendar too.
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split("-").map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An ISO 8601 date or date-time string that names a real instant. */
export const IsoDate = z
  .string()
  .refine((value) => ISO_8601.test(value) && !Number.isNaN(Date.parse(value)) && isCalendarDate(value), {
    message: "must be an ISO 8601 date or date-time, e.g. 2026-01-31T00:00:00Z",
  })

/** An amount we send: > 0, exact to the halala, sent as a JSON number with at most 2 decimals. */
const REQUEST_AMOUNT_RULE = "must be a number with at most 2 decimal places (SAR is exact to the halala)"

export const RequestAmount = z
  // NaN and Infinity fail z.number() itself; without this message they would read "Invalid input".
  .union([z.string(), z.number()], { error: REQUEST_AMOUNT_RULE })
  .transform((value, ctx) => {
    let halalas: bigint
    try {
      halalas = toHalalas(value)
    } catch {
      ctx.addIssue({ code: "custom", message: REQUEST_AMOUNT_RULE })
      return z.NEVER
    }
    if (halalas <= 0n) {
      ctx.addIssue({ code: "custom", message: "must be greater than 0" })
      return z.NEVER
    }
    return toWireNumber(halalas)
  })

/**
 * An amount the service returns: a decimal string (possibly "299.99000") or a JSON number, kept
 * exact and normalized to a 2-decimal string, rounded half-up.
 */
export const ResponseAmount = z.union([z.string(), z.number()]).transform((value, ctx) => {
  try {
    return formatAmount(parseAmount(value))
  } catch {
    ctx.addIssue({ code: "custom", message: `"${value}" is not a decimal amount` })
    return z.NEVER
  }
})

export const Metadata = z.record(z.string(), z.unknown())

export const Language = z.enum(["ar", "en"])

/**
 * A string enum of an answer, read tolerantly: the documented values are typed for callers, and a
 * value docs/service-api.md does not list yet is kept as the string it came as rather than refused.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().transform((value) => value as T[number] | (string & {}))
}

export const CardBrand = openEnum(["VISA", "MASTERCARD", "MADA", "AMEX"])

export const ENVIRONMENTS = ["SANDBOX", "PRODUCTION"] as const
export const Environment = openEnum(ENVIRONMENTS)

export const LINK_STATUSES = ["Paid", "Unpaid", "Expired"] as const
/** A link status we send (list filter): only the documented values. */
export const LinkStatus = z.enum(LINK_STATUSES)
/** A link status the service returns; an undocumented one is kept as a string. */
export const LinkStatusRead = openEnum(LINK_STATUSES)

/**
 * A field of an answer that no code acts on: it may be left out, sent as null, or sent in another
 * type than documented (then it reads as undefined). Nothing is refused for it.
 */
export function informational<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional().catch(undefined)
}

/** A field the service may leave out or send as null, read as `fallback` then. */
export function withDefault<T extends z.ZodType>(schema: T, fallback: NonNullable<z.output<T>>) {
  return schema
    .nullable()
    .optional()
    .transform((value): NonNullable<z.output<T>> => value ?? fallback)
}

/** An informational string field. */
export const nullableString = informational(z.string())

/** An informational boolean field. */
export const optionalBoolean = informational(z.boolean())

/** An informational amount: normalized like any amount when it reads as one, else undefined. */
export const optionalAmount = informational(ResponseAmount)
