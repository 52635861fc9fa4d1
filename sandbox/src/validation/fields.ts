import { z } from "zod"
import { toHalalas } from "../../../src/lib/money"
import { isIsoDate } from "./dates"

/** Field rules the service applies across endpoints (docs/service-api.md, "Amounts, dates and identifiers"). */

export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID")

/** An ISO 8601 date or date-time naming a real instant. */
export const IsoDateText = z.string().refine(isIsoDate, "must be an ISO 8601 date or date-time, e.g. 2026-01-31T00:00:00Z")

/** A request amount: a JSON number above 0 with at most 2 decimals (SAR is exact to the halala). */
export const WireAmount = z
  .number({ error: "must be a number with at most 2 decimal places" })
  .refine((value) => exactHalalas(value) !== undefined, "must be a number with at most 2 decimal places")
  .refine((value) => (exactHalalas(value) ?? 1n) > 0n, "must be greater than 0")

/** The amount in halalas, or undefined when it has more than 2 decimals or is not finite. */
export function exactHalalas(value: number): bigint | undefined {
  try {
    return Number.isFinite(value) ? toHalalas(value) : undefined
  } catch {
    return undefined
  }
}

export const MetadataObject = z.record(z.string(), z.unknown())

export const PageLanguage = z.enum(["ar", "en"])
