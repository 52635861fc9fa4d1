/**
 * Exact SAR amounts. Every amount inside the plugin is an integer number of halalas (1 SAR = 100
 * halalas) held in a bigint; decimal strings and JSON numbers exist only at the edges. Nothing here
 * goes through binary floating point arithmetic.
 */

/** An amount as callers hand it over: a decimal string ("299.99") or a JSON number (299.99). */
export type AmountInput = string | number

/** Raised when a value cannot be read as an exact SAR amount. */
export class MoneyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "MoneyError"
  }
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/

// Numbers are read through their shortest round-trip text form ("0.30000000000000004" for 0.1 + 0.2),
// which is exactly what JSON.stringify would send, so what we check is what goes on the wire.
function toText(value: AmountInput): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new MoneyError(`amount must be a finite number, got ${value}`)
    }
    const text = String(value)
    if (/e/i.test(text)) {
      return expandExponent(text)
    }
    return text
  }
  if (typeof value !== "string") {
    throw new MoneyError(`amount must be a decimal string or a number, got ${typeof value}`)
  }
  return value.trim()
}

// "1e21" / "1.5e-7" -> plain decimal text, digit by digit.
function expandExponent(text: string): string {
  const match = /^(-)?(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text)
  if (!match) {
    throw new MoneyError(`amount ${text} is not a decimal number`)
  }
  const [, sign = "", lead, rest = "", expText] = match
  const digits = lead + rest
  const exponent = Number(expText)
  const pointAt = 1 + exponent
  if (pointAt <= 0) {
    return `${sign}0.${"0".repeat(-pointAt)}${digits}`
  }
  if (pointAt >= digits.length) {
    return `${sign}${digits}${"0".repeat(pointAt - digits.length)}`
  }
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`
}

function split(value: AmountInput): { negative: boolean; whole: string; fraction: string } {
  const text = toText(value)
  const match = DECIMAL.exec(text)
  if (!match) {
    throw new MoneyError(`amount "${text}" is not a decimal number`)
  }
  return { negative: match[1] === "-", whole: match[2], fraction: match[3] ?? "" }
}

/**
 * Reads an amount that must already be exact to the halala (at most 2 decimals), as the service
 * requires for every amount we send. More decimals are an error, never silently rounded.
 */
export function toHalalas(value: AmountInput): bigint {
  const { negative, whole, fraction } = split(value)
  const significant = fraction.replace(/0+$/, "")
  if (significant.length > 2) {
    throw new MoneyError(`amount ${toText(value)} has more than 2 decimal places; SAR amounts are exact to the halala (0.01)`)
  }
  const halalas = BigInt(whole) * 100n + BigInt(significant.padEnd(2, "0"))
  return negative ? -halalas : halalas
}

/**
 * Reads an amount as the service returns it (a decimal string that may carry more digits, such as
 * "299.99000") and rounds it half-up (away from zero) to the halala.
 */
export function parseAmount(value: AmountInput): bigint {
  const { negative, whole, fraction } = split(value)
  const padded = fraction.padEnd(3, "0")
  let halalas = BigInt(whole) * 100n + BigInt(padded.slice(0, 2))
  if (Number(padded[2]) >= 5) {
    halalas += 1n
  }
  return negative ? -halalas : halalas
}

/** Formats halalas as a decimal string with exactly 2 decimals ("1234.50"). */
export function formatAmount(halalas: bigint): string {
  const negative = halalas < 0n
  const abs = negative ? -halalas : halalas
  const whole = abs / 100n
  const cents = (abs % 100n).toString().padStart(2, "0")
  return `${negative ? "-" : ""}${whole}.${cents}`
}

/**
 * Halalas as a JSON number for a request body. The number's shortest text form is the 2-decimal
 * amount itself, so the bytes on the wire are exact even though the JS value is a double.
 */
export function toWireNumber(halalas: bigint): number {
  const text = formatAmount(halalas)
  const number = Number(text)
  // A double keeps about 15 significant digits: past that its shortest text form is another amount
  // ("90071992547409.91" would go out as 90071992547409.9), so refuse instead of altering it.
  if (toHalalas(number) !== halalas) {
    throw new MoneyError(`amount ${text} is too large to send as a JSON number`)
  }
  return number
}

/** Normalizes any exact amount input to a 2-decimal string ("100" -> "100.00"). */
export function normalizeAmount(value: AmountInput): string {
  return formatAmount(toHalalas(value))
}

/** True when the value is an exact amount with at most 2 decimals. */
export function isExactAmount(value: AmountInput): boolean {
  try {
    toHalalas(value)
    return true
  } catch {
    return false
  }
}

/**
 * Reads an amount in Medusa's shapes without importing Medusa: a BigNumber instance (has
 * `toJSON`/`numeric`), its raw form `{ value: "40", precision: 20 }`, a string or a number.
 * Medusa amounts are in major units (SAR), and must be exact to the halala.
 */
export function fromMedusaAmount(value: unknown): bigint {
  const amount = medusaAmountValue(value)
  return typeof amount === "bigint" ? amount * 100n : toHalalas(amount)
}

/**
 * Reads an amount in the same shapes as `fromMedusaAmount`, rounded half-up (away from zero) to the
 * halala. Medusa does not round its totals (33.33 + 15% VAT is 38.3295), while the service takes
 * amounts exact to the halala: this is the one place such a total becomes a payable amount.
 */
export function roundMedusaAmount(value: unknown): bigint {
  const amount = medusaAmountValue(value)
  return typeof amount === "bigint" ? amount * 100n : parseAmount(amount)
}

/**
 * The exact decimal text of an amount in Medusa's shapes (a BigNumber, its raw form, a MathBN
 * result, a string or a number), unrounded: for handing an amount back to Medusa unchanged.
 */
export function medusaAmountText(value: unknown): string {
  const amount = medusaAmountValue(value)
  return typeof amount === "bigint" ? amount.toString() : toText(amount)
}

// The decimal inside one of Medusa's amount shapes (a bigint is whole SAR). The depth bound stops a
// toJSON that returns another object with a toJSON from recursing forever.
function medusaAmountValue(value: unknown, depth = 0): AmountInput | bigint {
  if (typeof value === "string") {
    // bignumber.js (Medusa's MathBN) writes very small or large values as "1e-7".
    return /e/i.test(value) ? expandExponent(value.trim()) : value
  }
  if (typeof value === "number" || typeof value === "bigint") {
    return value
  }
  if (value && typeof value === "object" && depth < 4) {
    const candidate = value as { value?: unknown; raw_?: { value?: unknown }; toJSON?: () => unknown }
    if (candidate.raw_ && typeof candidate.raw_ === "object" && candidate.raw_.value !== undefined) {
      return medusaAmountValue(candidate.raw_.value, depth + 1)
    }
    if (typeof candidate.value === "string" || typeof candidate.value === "number") {
      return candidate.value
    }
    if (typeof candidate.toJSON === "function") {
      return medusaAmountValue(candidate.toJSON(), depth + 1)
    }
  }
  throw new MoneyError(`cannot read ${describe(value)} as an amount`)
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return typeof value
  }
}

/** Percentage of an amount in halalas, rounded half-up; `percent` is a decimal string like "2.50". */
export function percentOf(halalas: bigint, percent: string): bigint {
  // percent has at most 2 decimals: scale to hundredths of a percent (basis points).
  const basisPoints = toHalalas(percent)
  const scaled = halalas * basisPoints
  const quotient = scaled / 10000n
  const remainder = scaled % 10000n
  const absRemainder = remainder < 0n ? -remainder : remainder
  if (absRemainder * 2n >= 10000n) {
    return scaled < 0n ? quotient - 1n : quotient + 1n
  }
  return quotient
}
