/** Writing CSV (RFC 4180) that spreadsheets open safely. */

/**
 * One cell: quoted when it holds a comma, quote or line break; a leading formula character is
 * neutralised so a spreadsheet never executes it (a negative amount such as -12.00 is left alone).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** One line of cells, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(",")}\r\n`
}
