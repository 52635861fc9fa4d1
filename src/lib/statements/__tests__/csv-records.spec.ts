import { Readable } from "node:stream"
import { csvLine, csvNumber } from "../../csv"
import { CsvFormatError, csvRecords } from "../csv-records"

async function read(chunks: Array<string | Buffer>) {
  const records = []
  for await (const record of csvRecords(Readable.from(chunks))) {
    records.push(record)
  }
  return records
}

describe("csvRecords", () => {
  it("keys each record by the header and numbers its line", async () => {
    const records = await read(["date,type,amount\r\n2026-02-03,payment,1200.00\r\n2026-02-04,refund,0.00\r\n"])
    expect(records).toEqual([
      { line: 2, values: { date: "2026-02-03", type: "payment", amount: "1200.00" } },
      { line: 3, values: { date: "2026-02-04", type: "refund", amount: "0.00" } },
    ])
  })

  it("reads quoted cells with commas, doubled quotes and line breaks, split anywhere across chunks", async () => {
    const text = 'a,b\r\n"x, ""y""","multi\r\nline"\r\nplain,\r\n'
    for (let cut = 1; cut < text.length; cut++) {
      const records = await read([text.slice(0, cut), text.slice(cut)])
      expect(records.map((r) => r.values)).toEqual([
        { a: 'x, "y"', b: "multi\r\nline" },
        { a: "plain", b: "" },
      ])
    }
  })

  it("decodes multi-byte UTF-8 split between chunks and drops a byte order mark", async () => {
    const bytes = Buffer.from("\uFEFFbank_name\nالراجحي\n", "utf8")
    const records = await read([bytes.subarray(0, 14), bytes.subarray(14)])
    expect(records[0].values).toEqual({ bank_name: "الراجحي" })
  })

  it("numbers a record by the line it starts on, after a cell spanning lines", async () => {
    const records = await read(['a\n"one\ntwo"\nthree\n'])
    expect(records.map((r) => r.line)).toEqual([2, 4])
  })

  it("accepts LF line ends, blank lines and a last line without its end", async () => {
    const records = await read(["a,b\n\n1,2\n3,4"])
    expect(records.map((r) => r.values)).toEqual([
      { a: "1", b: "2" },
      { a: "3", b: "4" },
    ])
  })

  it("reads back what csvLine writes, formula characters neutralised", async () => {
    const records = await read([csvLine(["name", "net", "note"]), csvLine(["=SUM(A1)", csvNumber("-12.00"), "-12.00"])])
    expect(records[0].values).toEqual({ name: "'=SUM(A1)", net: "-12.00", note: "'-12.00" })
  })

  it("keeps a quote inside a plain cell, reads on after a closing quote, drops a bare carriage return", async () => {
    const records = await read(['a,b\nx"y,"p""q"r\nm\rn,o\n'])
    expect(records.map((r) => r.values)).toEqual([
      { a: 'x"y', b: 'p"qr' },
      { a: "mn", b: "o" },
    ])
  })

  it("counts every character of a record towards the cap, its line end included", async () => {
    const cap = async (text: string) => {
      const records = []
      for await (const record of csvRecords(Readable.from([text]), { maxRecordChars: 5 })) records.push(record.values)
      return records
    }
    expect(await cap('a\n"b"c\n')).toEqual([{ a: "bc" }])
    await expect(cap('a\n"b"cd\n')).rejects.toThrow(/line 2: a row longer than 5 characters/)
  })

  it("refuses a quoted cell that never closes, naming the line", async () => {
    await expect(read(['a\n"open\n'])).rejects.toThrow(CsvFormatError)
    await expect(read(['a\n"open\n'])).rejects.toThrow(/line 2/)
  })
})
