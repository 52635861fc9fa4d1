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
 * unclosed quote, a broken or hostile service) is refused at the cap. A cell is cut from the chunk
 * as a slice, never built a character at a time: a statement of hundreds of MB makes little garbage,
 * which a store with a large heap would otherwise promote and hold until its next full collection.
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
  // What ends a run of plain characters outside quotes.
  const special = /[",\n\r]/g

  // Every character read counts towards the record's cap, line ends and quotes included.
  const count = (chars: number) => {
    recordChars += chars
    if (recordChars > maxRecordChars) {
      throw new CsvFormatError(
        `line ${recordStart}: a row longer than ${maxRecordChars.toLocaleString("en")} characters (the cap on one statement row); the file is not read further`
      )
    }
  }

  const endRecord = (): CsvRecord | undefined => {
    cells.push(cell)
    cell = ""
    recordChars = 0
    const values = cells
    cells = []
    if (values.length === 1 && values[0] === "") {
      return undefined // a blank line
    }
    if (!header) {
      header = values.map((name) => name.trim().replace(/^\uFEFF/, ""))
      options.onHeader?.(header)
      return undefined
    }
    const record: Record<string, string> = {}
    for (let index = 0; index < header.length; index++) {
      record[header[index]] = values[index] ?? ""
    }
    return { line: recordStart, values: record }
  }

  const consume = function* (text: string): Generator<CsvRecord> {
    let i = 0
    while (i < text.length) {
      if (quoted && !quoteSeen) {
        // Inside quotes: everything up to the next quote is the cell's, line breaks included.
        const close = text.indexOf('"', i)
        const end = close === -1 ? text.length : close
        count(end - i + (close === -1 ? 0 : 1))
        const part = text.slice(i, end)
        for (let at = part.indexOf("\n"); at !== -1; at = part.indexOf("\n", at + 1)) line++
        cell += part
        if (close === -1) return
        quoteSeen = true
        i = close + 1
        continue
      }
      if (quoteSeen) {
        quoteSeen = false
        if (text[i] === '"') {
          count(1)
          cell += '"'
          i++
          continue
        }
        quoted = false
      }
      // Outside quotes: the cell runs to the next comma, line end or quote.
      special.lastIndex = i
      const found = special.exec(text)
      const end = found ? found.index : text.length
      if (end > i) {
        count(end - i)
        cell += text.slice(i, end)
      }
      if (!found) return
      count(1)
      i = end + 1
      const char = found[0]
      if (char === '"') {
        if (cell === "") quoted = true
        else cell += '"'
      } else if (char === ",") {
        cells.push(cell)
        cell = ""
      } else if (char === "\n") {
        const record = endRecord()
        if (record) yield record
        line++
        recordStart = line
      }
      // A carriage return outside quotes is dropped.
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
    const record = endRecord()
    if (record) yield record
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
