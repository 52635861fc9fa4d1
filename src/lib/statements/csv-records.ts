/** The longest record (header included) a statement may have: 64 Ki characters (D36). */
export const MAX_RECORD_CHARS = 64 * 1024

/** What a reader may be told besides the bytes. */
export interface CsvReadOptions {
  /** The longest record read before the file is refused; MAX_RECORD_CHARS. */
  maxRecordChars?: number
  /** Called once with the header's column names, before the first record. */
  onHeader?: (columns: string[]) => void
}

/**
 * Reads CSV (RFC 4180: quoted cells, doubled quotes, CRLF or LF) from a stream of bytes, one record
 * at a time, keyed by the header line. Only the current record is held in memory, and no record may
 * pass `maxRecordChars`, so a year of rows reads in constant memory and a row that never ends (an
 * unclosed quote, a broken or hostile service) is refused at the cap.
 */
export async function* csvRecords(source: AsyncIterable<Buffer | string>, options: CsvReadOptions = {}): AsyncGenerator<CsvRecord> {
  const maxRecordChars = options.maxRecordChars ?? MAX_RECORD_CHARS
  let recordChars = 0
  const decoder = new TextDecoder("utf-8")
  let header: string[] | undefined
  // Physical line, and the line the current record started on (a quoted cell may span lines).
  let line = 1
  let recordStart = 1
  let cells: string[] = []
  let cell = ""
  let quoted = false
  // After a closing quote: a second quote is an escaped quote, anything else ends the quoting.
  let quoteSeen = false

  const endRecord = function* (): Generator<CsvRecord> {
    cells.push(cell)
    cell = ""
    recordChars = 0
    const values = cells
    cells = []
    if (values.length === 1 && values[0] === "") {
      return // a blank line
    }
    if (!header) {
      header = values.map((name) => name.trim().replace(/^\uFEFF/, ""))
      options.onHeader?.(header)
      return
    }
    const record: Record<string, string> = {}
    header.forEach((name, index) => {
      record[name] = values[index] ?? ""
    })
    yield { line: recordStart, values: record }
  }

  const consume = function* (text: string): Generator<CsvRecord> {
    for (let i = 0; i < text.length; i++) {
      const char = text[i]
      if (++recordChars > maxRecordChars) {
        throw new CsvFormatError(
          `line ${recordStart}: a row longer than ${maxRecordChars.toLocaleString("en")} characters (the cap on one statement row); the file is not read further`
        )
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false
          if (char === '"') {
            cell += '"'
            continue
          }
          quoted = false
        } else if (char === '"') {
          quoteSeen = true
          continue
        } else {
          line += char === "\n" ? 1 : 0
          cell += char
          continue
        }
      }
      if (char === '"' && cell === "") {
        quoted = true
      } else if (char === ",") {
        cells.push(cell)
        cell = ""
      } else if (char === "\n") {
        yield* endRecord()
        line++
        recordStart = line
      } else if (char !== "\r") {
        cell += char
      }
    }
  }

  for await (const chunk of source) {
    yield* consume(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }))
  }
  yield* consume(decoder.decode())
  if (quoted && !quoteSeen) {
    throw new CsvFormatError(`line ${recordStart}: a quoted cell is never closed`)
  }
  if (cell !== "" || cells.length) {
    yield* endRecord()
  }
}

/** One CSV record with its line number (for error messages) and its cells by column name. */
export interface CsvRecord {
  line: number
  values: Record<string, string>
}

/** CSV that cannot be read. */
export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "CsvFormatError"
  }
}
