import { csvRecords } from "../statements/csv-records"
import { csvCell, csvLine } from "../csv"
import { Readable } from "node:stream"
import { OWASP_CSV_PAYLOADS, runsAsFormula } from "./owasp-csv-payloads"

async function readBack(line: string): Promise<string[]> {
  for await (const record of csvRecords(Readable.from([csvLine(["cell"]), line]))) {
    return [record.values.cell]
  }
  return []
}

describe("csvCell", () => {
  it.each(OWASP_CSV_PAYLOADS.map((payload) => [JSON.stringify(payload), payload]))(
    "writes the OWASP payload %s as text a spreadsheet does not run",
    async (_name, payload) => {
      const [cell] = await readBack(csvLine([payload]))
      expect(cell).toBe(`'${payload}`)
      expect(runsAsFormula(cell)).toBe(false)
    }
  )

  it("leaves a cell that is wholly a plain number as it is, negative or not", () => {
    for (const number of ["-12.00", "0", "1200.50", "-3"]) {
      expect(csvCell(number)).toBe(number)
    }
  })

  it("leaves ordinary text alone and still quotes commas, quotes and line breaks", () => {
    expect(csvCell("Sara Al-Harbi")).toBe("Sara Al-Harbi")
    expect(csvCell("a, b")).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  })
})
