import { csvLine, csvNumber, type CsvValue } from "../csv"
import { csvRecords } from "./csv-records"
import { AMOUNT_COLUMNS } from "./statement-row"

const AMOUNTS = new Set<string>(AMOUNT_COLUMNS)

/**
 * The service's csv statement as the plugin hands it to the admin: read record by record (the row
 * cap of csv-records.ts) and written again through lib/csv.ts, its columns as the service names
 * them, amounts as number cells, every other cell quoted and neutralised. Never held whole.
 */
export async function* statementCsvLines(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let columns: string[] | undefined
  let headerWritten = false
  for await (const record of csvRecords(source, { onHeader: (names) => (columns = names) })) {
    if (!headerWritten) {
      headerWritten = true
      yield csvLine(columns!)
    }
    yield csvLine(
      columns!.map((column): CsvValue => (AMOUNTS.has(column) ? csvNumber(record.values[column].trim()) : record.values[column]))
    )
  }
  if (!headerWritten && columns) {
    yield csvLine(columns)
  }
}
