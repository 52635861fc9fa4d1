/** Writing CSV (RFC 4180) that spreadsheets open safely. */

// A spreadsheet reads a cell starting with one of these as a formula, also after leading spaces.
const FORMULA_START = /^[ ]*[=+\-@\t\r]/
// The one kind of cell that may start with "-" and stay as it is: a whole plain number (-12.00).
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * One cell: quoted when it holds a comma, quote or line break. A cell that a spreadsheet would run as
 * a formula (a leading `= + - @`, tab or carriage return, after spaces too) is prefixed with `'` so it
 * reads as text; only a cell that is wholly a plain number (-12.00) is left alone.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** One line of cells, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(",")}\r\n`
}
