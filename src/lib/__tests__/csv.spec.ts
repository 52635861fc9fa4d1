import { csvRecords } from "../statements/csv-records"
import { csvCell, csvLine, csvNumber, neutralised } from "../csv"
import { Readable } from "node:stream"
import {
  MID_CELL_PAYLOADS,
  naiveCells,
  OWASP_CSV_PAYLOADS,
  runsAsFormula,
  spreadsheetCells,
  UNICODE_BLANK_PAYLOADS,
} from "./owasp-csv-payloads"

async function readBack(line: string): Promise<string[]> {
  for await (const record of csvRecords(Readable.from([csvLine(["cell"]), line]))) {
    return [record.values.cell]
  }
  return []
}

// The payload between two ordinary cells and an amount, as a row of an export is.
const rowWith = (payload: string) => csvLine(["before", payload, csvNumber("-12.00"), "after"])

describe("csvCell", () => {
  it.each(
    [...OWASP_CSV_PAYLOADS, ...MID_CELL_PAYLOADS, ...UNICODE_BLANK_PAYLOADS].map((payload) => [JSON.stringify(payload), payload])
  )("writes %s so no spreadsheet runs it, whatever its list separator", async (_name, payload) => {
    const csv = rowWith(payload)
    // A `,` spreadsheet (papaparse, quotes honoured): four cells, the text neutralised, the amount a number.
    const [comma] = spreadsheetCells(csv, ",")
    expect(comma).toEqual(["before", neutralised(payload), -12, "after"])
    // Only apostrophes were added: the text is the payload's, character for character.
    expect((comma[1] as string).replace(/'/g, "")).toBe(payload.replace(/'/g, ""))
    // `;` and tab spreadsheets, and tools that split on every separator ignoring quotes: no cell starts a formula.
    for (const cell of [...spreadsheetCells(csv, ";").flat(), ...spreadsheetCells(csv, "\t").flat(), ...naiveCells(csv, /[;,\t]/)]) {
      expect([payload, cell, runsAsFormula(String(cell))]).toEqual([payload, cell, false])
    }
    // The plugin's own reader gets the neutralised text back.
    expect(await readBack(csvLine([payload]))).toEqual([neutralised(payload)])
  })

  it("puts the apostrophe before every formula character that starts a piece of the cell, and nowhere else", () => {
    expect(neutralised("=1+2")).toBe("'=1+2")
    expect(neutralised("x;=HYPERLINK(1)")).toBe("x;'=HYPERLINK(1)")
    expect(neutralised("a, -2+3")).toBe("a, '-2+3")
    expect(neutralised("\t=1")).toBe("'\t'=1")
    expect(neutralised("Sara Al-Harbi; +966 50")).toBe("Sara Al-Harbi; '+966 50")
    expect(neutralised("a-b=c@d")).toBe("a-b=c@d")
    expect(neutralised("مصرف الراجحي")).toBe("مصرف الراجحي")
  })

  it("takes any blank character before a formula character as a space: Unicode spaces, zero-width and direction marks, a BOM", () => {
    expect(neutralised("\u3000=1")).toBe("\u3000'=1")
    expect(neutralised("\u200b\u2003+1")).toBe("\u200b\u2003'+1")
    expect(neutralised("\ufeff@x")).toBe("\ufeff'@x")
    expect(neutralised("x;\u2009-1")).toBe("x;\u2009'-1")
    // A visible character still ends the start of a piece.
    expect(neutralised("a\u200b=1")).toBe("a\u200b=1")
  })

  it("writes a number cell bare, negative or not, and a number that is not a plain decimal as text", () => {
    for (const number of ["-12.00", "0", "1200.50", "-3"]) {
      expect(csvCell(csvNumber(number))).toBe(number)
    }
    expect(csvCell(csvNumber(7))).toBe("7")
    expect(csvCell(csvNumber("-2+3"))).toBe(`"'-2+3"`)
    expect(csvCell(csvNumber("1e3"))).toBe(`"1e3"`)
    // The same digits as text stay text: quoted, and a leading minus neutralised.
    expect(csvCell("-12.00")).toBe(`"'-12.00"`)
    expect(spreadsheetCells(csvLine([csvNumber("-12.00"), csvNumber("1200.50")]), ",")[0]).toEqual([-12, 1200.5])
  })

  it("quotes every text cell and doubles its quotes", () => {
    expect(csvCell("Sara Al-Harbi")).toBe('"Sara Al-Harbi"')
    expect(csvCell("a, b")).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell("")).toBe('""')
    expect(csvLine(["a", csvNumber("1.00")])).toBe('"a",1.00\r\n')
  })
})
