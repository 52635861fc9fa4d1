import { formatAmount, toHalalas } from "../../../src/lib/money"
import { BankProgramme } from "../../../src/lib/plans"

/** One row of the sandbox's BIN table. */
export interface CardBin {
  id: number
  bin: string
  brand: "VISA" | "MASTERCARD" | "MADA" | "AMEX"
  category: string
  country: string
  issuer: string
  bank_name: string
  bank_code: string | null
  type: "CREDIT" | "DEBIT" | "PREPAID"
  program_name: string | null
  program_logo: string | null
  earn_rate: number
  rate_label: string
}

const SA = "Saudi Arabia"
const SNB = "The Saudi National Bank"
const RAJHI = "Al Rajhi Banking and Investment Corporation"
const RIBL = "Riyad Bank"
const INMA = "Alinma Bank"
const logo = (name: string) => `https://static.sandbox.invalid/programmes/${name}.png`

/**
 * Test BINs. Participating credit cards of each bank code come as a 6-digit VISA and an 8-digit
 * MASTERCARD prefix; the rest (mada debit, prepaid, foreign, a non-participating Saudi bank, AMEX)
 * exist so the hosted page can recognise them, but the lookup answers "Bin number not found." for them.
 */
export const BIN_TABLE: readonly CardBin[] = Object.freeze([
  {
    id: 101,
    bin: "400555",
    brand: "VISA",
    category: "PLATINUM",
    country: SA,
    issuer: SNB,
    bank_name: SNB,
    bank_code: "snb",
    type: "CREDIT",
    program_name: "SNB Rewards",
    program_logo: logo("snb-rewards"),
    earn_rate: 1.5,
    rate_label: "points per SAR",
  },
  {
    id: 102,
    bin: "52312345",
    brand: "MASTERCARD",
    category: "WORLD",
    country: SA,
    issuer: SNB,
    bank_name: SNB,
    bank_code: "snb",
    type: "CREDIT",
    program_name: "SNB Rewards",
    program_logo: logo("snb-rewards"),
    earn_rate: 2,
    rate_label: "points per SAR",
  },
  {
    id: 201,
    bin: "409201",
    brand: "VISA",
    category: "SIGNATURE",
    country: SA,
    issuer: RAJHI,
    bank_name: RAJHI,
    bank_code: "rajhi",
    type: "CREDIT",
    program_name: "Mokafaa",
    program_logo: logo("mokafaa"),
    earn_rate: 1,
    rate_label: "Mokafaa points per SAR",
  },
  {
    id: 202,
    bin: "54120099",
    brand: "MASTERCARD",
    category: "WORLD ELITE",
    country: SA,
    issuer: RAJHI,
    bank_name: RAJHI,
    bank_code: "rajhi",
    type: "CREDIT",
    program_name: "Mokafaa",
    program_logo: logo("mokafaa"),
    earn_rate: 2.5,
    rate_label: "Mokafaa points per SAR",
  },
  {
    id: 301,
    bin: "422818",
    brand: "VISA",
    category: "PLATINUM",
    country: SA,
    issuer: RIBL,
    bank_name: RIBL,
    bank_code: "ribl",
    type: "CREDIT",
    program_name: "Riyad Rewards",
    program_logo: logo("riyad-rewards"),
    earn_rate: 1,
    rate_label: "points per SAR",
  },
  {
    id: 302,
    bin: "51761234",
    brand: "MASTERCARD",
    category: "TITANIUM",
    country: SA,
    issuer: RIBL,
    bank_name: RIBL,
    bank_code: "ribl",
    type: "CREDIT",
    program_name: null,
    program_logo: null,
    earn_rate: 0,
    rate_label: "points per SAR",
  },
  {
    id: 401,
    bin: "455036",
    brand: "VISA",
    category: "SIGNATURE",
    country: SA,
    issuer: INMA,
    bank_name: INMA,
    bank_code: "inma",
    type: "CREDIT",
    program_name: "Alinma Rewards",
    program_logo: logo("alinma-rewards"),
    earn_rate: 1.25,
    rate_label: "points per SAR",
  },
  {
    id: 402,
    bin: "55880011",
    brand: "MASTERCARD",
    category: "WORLD",
    country: SA,
    issuer: INMA,
    bank_name: INMA,
    bank_code: "inma",
    type: "CREDIT",
    program_name: "Alinma Rewards",
    program_logo: logo("alinma-rewards"),
    earn_rate: 1.75,
    rate_label: "points per SAR",
  },
  {
    id: 501,
    bin: "588845",
    brand: "MADA",
    category: "CLASSIC",
    country: SA,
    issuer: RAJHI,
    bank_name: RAJHI,
    bank_code: "rajhi",
    type: "DEBIT",
    program_name: null,
    program_logo: null,
    earn_rate: 0,
    rate_label: "points per SAR",
  },
  {
    id: 502,
    bin: "484783",
    brand: "VISA",
    category: "CLASSIC",
    country: SA,
    issuer: "The Saudi Investment Bank",
    bank_name: "The Saudi Investment Bank",
    bank_code: null,
    type: "PREPAID",
    program_name: null,
    program_logo: null,
    earn_rate: 0,
    rate_label: "points per SAR",
  },
  {
    id: 503,
    bin: "411111",
    brand: "VISA",
    category: "CLASSIC",
    country: "United States",
    issuer: "Sandbox Foreign Issuer N.A.",
    bank_name: "Sandbox Foreign Issuer N.A.",
    bank_code: null,
    type: "CREDIT",
    program_name: null,
    program_logo: null,
    earn_rate: 0,
    rate_label: "points per USD",
  },
  {
    id: 504,
    bin: "378282",
    brand: "AMEX",
    category: "GOLD",
    country: "United States",
    issuer: "American Express",
    bank_name: "American Express",
    bank_code: null,
    type: "CREDIT",
    program_name: "Membership Rewards",
    program_logo: logo("membership-rewards"),
    earn_rate: 1,
    rate_label: "points per USD",
  },
  {
    id: 505,
    bin: "446404",
    brand: "VISA",
    category: "PLATINUM",
    country: SA,
    issuer: "Bank AlJazira",
    bank_name: "Bank AlJazira",
    bank_code: null,
    type: "CREDIT",
    program_name: null,
    program_logo: null,
    earn_rate: 0,
    rate_label: "points per SAR",
  },
] as CardBin[])

/** The most specific BIN row that prefixes these digits (an 8-digit row only matches 8+ digits). */
export function findBin(digits: string, table: readonly CardBin[] = BIN_TABLE): CardBin | undefined {
  let best: CardBin | undefined
  for (const row of table) {
    if (digits.startsWith(row.bin) && (!best || row.bin.length > best.bin.length)) {
      best = row
    }
  }
  return best
}

/** The 0% programme a card belongs to: a Saudi credit card of a configured partner bank. */
export function programmeFor(row: CardBin | undefined, banks: readonly BankProgramme[]): BankProgramme | undefined {
  if (!row || row.type !== "CREDIT" || row.country !== SA || !row.bank_code) {
    return undefined
  }
  return banks.find((bank) => bank.bank_code === row.bank_code)
}

export const BIN_NOT_FOUND = "Bin number not found."

// A decimal number as a query parameter: optional sign, digits with an optional fraction, optional exponent.
const LOOKUP_NUMBER = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/

/**
 * Reads the lookup's `amount` as exact halalas, rounded down: with a 2-decimal limit, `amount >= limit`
 * holds exactly when the amount truncated to the halala does, so `299.999` stays below `300.00`.
 * Exponent notation is read exactly too (`1e3` is 1000.00, `2.9999e2` is 299.99). Returns "invalid"
 * for an empty text, non-numbers and values beyond a double's range (`1e400`).
 */
export function parseLookupAmount(text: string): bigint | "invalid" {
  const match = LOOKUP_NUMBER.exec(text)
  if (!match) {
    return "invalid"
  }
  const [, sign, whole = "", fraction = "", exponentText] = match
  const digits = whole + fraction
  // Number() only checks the value is a finite number, as a JSON or float parser would; no money arithmetic.
  if (digits === "" || (exponentText !== undefined && !Number.isFinite(Number(text)))) {
    return "invalid"
  }
  const mantissa = BigInt(digits)
  if (mantissa === 0n) {
    return 0n
  }
  // halalas = mantissa x 10^shift, truncated toward minus infinity.
  const shift = Number(exponentText ?? "0") - fraction.length + 2
  let halalas: bigint
  let remainder = 0n
  if (shift >= 0) {
    halalas = mantissa * 10n ** BigInt(shift)
  } else if (-shift > digits.length) {
    halalas = 0n
    remainder = mantissa
  } else {
    const divisor = 10n ** BigInt(-shift)
    halalas = mantissa / divisor
    remainder = mantissa % divisor
  }
  return sign === "-" ? -halalas - (remainder > 0n ? 1n : 0n) : halalas
}

/** The lookup answer (rules 1 to 4 of endpoint 1) for a valid 6-8 digit BIN. */
export function binLookupBody(bin: string, amount: bigint | undefined, banks: readonly BankProgramme[]): Record<string, unknown> {
  const row = findBin(bin)
  const programme = programmeFor(row, banks)
  if (!row || !programme) {
    return { is_eligible: false, message: BIN_NOT_FOUND }
  }
  const limit = toHalalas(programme.minimum)
  const eligible = amount === undefined || amount >= limit
  return {
    id: row.id,
    bin: row.bin,
    brand: row.brand,
    category: row.category,
    country: row.country,
    issuer: row.issuer,
    bank_name: row.bank_name,
    bank_code: row.bank_code,
    type: row.type,
    program_name: row.program_name,
    program_logo: row.program_logo,
    earn_rate: row.earn_rate,
    rate_label: row.rate_label,
    is_override: false,
    bank_amount_limit: formatAmount(limit),
    is_eligible: eligible,
    message: eligible ? null : `Minimum amount for ${row.issuer} is ${formatAmount(limit)}.`,
  }
}
