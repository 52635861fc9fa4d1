import { STATEMENT_COLUMNS, Statement } from "./report"

// The service writes plain RFC 4180 (D17): a cell is quoted only when it holds a comma, quote or line
// break, and nothing is neutralised. The plugin re-writes what it passes on (src/lib/csv.ts).
function serviceCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

function serviceLine(values: readonly string[]): string {
  return `${values.map(serviceCell).join(",")}\r\n`
}

/** The csv format (D17): a header line and one line per payment and refund. */
export function statementCsv(statement: Statement): string {
  const lines = [serviceLine(STATEMENT_COLUMNS)]
  for (const row of statement.rows) {
    lines.push(serviceLine(STATEMENT_COLUMNS.map((column) => row[column])))
  }
  return lines.join("")
}
