import { csvLine } from "../../../src/lib/csv"
import { STATEMENT_COLUMNS, Statement } from "./report"

/** The csv format (D17): a header line and one line per payment and refund. */
export function statementCsv(statement: Statement): string {
  const lines = [csvLine(STATEMENT_COLUMNS)]
  for (const row of statement.rows) {
    lines.push(csvLine(STATEMENT_COLUMNS.map((column) => row[column])))
  }
  return lines.join("")
}
