/** Writing CSV (RFC 4180) that spreadsheets open safely, whatever their locale's list separator. */

// The only cell a spreadsheet may read as a number and that is written bare: a plain decimal (-12.00).
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
// What starts a formula in a spreadsheet, and what a cell may be split on: `,` here, `;` in the
// Arabic and many European locales, a tab in a pasted or tab-read file, a line break in a tool that
// reads lines. Blank characters before a formula character do not stop it: a spreadsheet or the tool
// that cleans a file may trim any of them, so every Unicode space (`\p{Z}`: ideographic, em, narrow
// no-break…), every other white space and every invisible format character (`\p{Cf}`: zero-width
// space, BOM, direction marks) counts as one.
const FORMULA_CHARS = new Set(["=", "+", "-", "@", "\t", "\r"])
const ANY_FORMULA_CHAR = /[=+\-@\t\r]/
const SEPARATORS = new Set([",", ";", "\t", "\r", "\n"])
const BLANK = /^[\s\p{Z}\p{Cf}]$/u

/** A cell the writer leaves as a number: only a plain decimal (`-12.00`) is one; anything else is text. */
export interface CsvNumber {
  readonly number: string
}

/** A cell: text, or a number from `csvNumber`. */
export type CsvValue = string | CsvNumber

/** Marks an amount or a count as a number cell; a value that is not a plain decimal stays text. */
export function csvNumber(value: string | number | bigint): CsvNumber {
  return { number: String(value) }
}

/**
 * The text a spreadsheet shows, never runs: a `'` goes before every formula character (`= + - @`,
 * tab, carriage return) that starts the cell or follows a `,` `;` tab or line break, blank
 * characters between allowed, so no piece the cell could be split into starts a formula.
 */
export function neutralised(text: string): string {
  // Most cells hold no formula character: nothing to insert, and nothing new to allocate (an export
  // writes millions of cells).
  if (!ANY_FORMULA_CHAR.test(text)) {
    return text
  }
  let out = ""
  let copied = 0
  let at = 0
  let pieceStart = true
  for (const char of text) {
    if (pieceStart && FORMULA_CHARS.has(char)) {
      out += `${text.slice(copied, at)}'`
      copied = at
    }
    if (SEPARATORS.has(char)) {
      pieceStart = true
    } else if (pieceStart && !BLANK.test(char)) {
      pieceStart = false
    }
    at += char.length
  }
  return out + text.slice(copied)
}

/**
 * One cell. A number (`csvNumber`) that is a plain decimal is written bare, so it stays a number a
 * spreadsheet sums; every other cell is text: neutralised and quoted (its quotes doubled), so a
 * `;`-separated spreadsheet cannot split it into cells either.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value !== "string" && PLAIN_NUMBER.test(value.number)) {
    return value.number
  }
  const text = typeof value === "string" ? value : value.number
  return `"${neutralised(text).replace(/"/g, '""')}"`
}

/** One line of cells, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`
}
