import { STATEMENT_COLUMNS, Statement } from "./report"

// RFC 4180 quoting; a leading formula character is neutralised so spreadsheets do not execute it.
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The csv format (D17): a header line and one line per payment and refund. */
export function statementCsv(statement: Statement): string {
  const lines = [STATEMENT_COLUMNS.join(",")]
  for (const row of statement.rows) {
    lines.push(STATEMENT_COLUMNS.map((column) => cell(row[column])).join(","))
  }
  return `${lines.join("\r\n")}\r\n`
}
