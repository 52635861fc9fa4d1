/**
 * Exact SAR amounts. Every amount inside the plugin is an integer number of halalas (1 SAR = 100
 * halalas) held in a bigint; decimal strings and JSON numbers exist only at the edges. Nothing here
 * goes through binary floating point arithmetic.
 */
/** An amount as callers hand it over: a decimal string ("299.99") or a JSON number (299.99). */
export type AmountInput = string | number;
/** Raised when a value cannot be read as an exact SAR amount. */
export declare class MoneyError extends Error {
    constructor(message: string);
}
/**
 * Reads an amount that must already be exact to the halala (at most 2 decimals), as the service
 * requires for every amount we send. More decimals are an error, never silently rounded.
 */
export declare function toHalalas(value: AmountInput): bigint;
/**
 * Reads an amount as the service returns it (a decimal string that may carry more digits, such as
 * "299.99000") and rounds it half-up (away from zero) to the halala.
 */
export declare function parseAmount(value: AmountInput): bigint;
/** Formats halalas as a decimal string with exactly 2 decimals ("1234.50"). */
export declare function formatAmount(halalas: bigint): string;
/**
 * Halalas as a JSON number for a request body. The number's shortest text form is the 2-decimal
 * amount itself, so the bytes on the wire are exact even though the JS value is a double.
 */
export declare function toWireNumber(halalas: bigint): number;
/** Normalizes any exact amount input to a 2-decimal string ("100" -> "100.00"). */
export declare function normalizeAmount(value: AmountInput): string;
/** True when the value is an exact amount with at most 2 decimals. */
export declare function isExactAmount(value: AmountInput): boolean;
/**
 * Reads an amount in Medusa's shapes without importing Medusa: a BigNumber instance (has
 * `toJSON`/`numeric`), its raw form `{ value: "40", precision: 20 }`, a string or a number.
 * Medusa amounts are in major units (SAR), and must be exact to the halala.
 */
export declare function fromMedusaAmount(value: unknown): bigint;
/**
 * Reads an amount in the same shapes as `fromMedusaAmount`, rounded half-up (away from zero) to the
 * halala. Medusa does not round its totals (33.33 + 15% VAT is 38.3295), while the service takes
 * amounts exact to the halala: this is the one place such a total becomes a payable amount.
 */
export declare function roundMedusaAmount(value: unknown): bigint;
/**
 * The exact decimal text of an amount in Medusa's shapes (a BigNumber, its raw form, a MathBN
 * result, a string or a number), unrounded: for handing an amount back to Medusa unchanged.
 */
export declare function medusaAmountText(value: unknown): string;
/** Percentage of an amount in halalas, rounded half-up; `percent` is a decimal string like "2.50". */
export declare function percentOf(halalas: bigint, percent: string): bigint;
