import { Readable } from "node:stream"
import { ApiError, AuthenticationError, ProtocolError } from ".."
import { STORE_ID, intercept, localRefusal, makeClient, rejection, sleepCalls, tripwire, useNock } from "./helpers"

useNock()

const PATH = "/reports/statements"
const window = { from_date: "2026-02-01T00:00:00Z", to_date: "2026-02-28T23:59:59Z", store_id: STORE_ID }

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks).toString("utf8")
}

describe("reports.streamStatement (endpoint 8, as a stream)", () => {
  it("csv: asks for text/csv and hands back the service's bytes as a readable stream", async () => {
    const csv = "date,type,transaction_id,amount\r\n2026-02-03,payment,9b2f7c1e,1200.00\r\n"
    const { scope, calls } = intercept("POST", PATH, [200, csv, { "Content-Type": "text/csv; charset=utf-8" }])
    const file = await makeClient().reports.streamStatement({ ...window, format: "csv" })

    expect(file.format).toBe("csv")
    expect(file.contentType).toBe("text/csv; charset=utf-8")
    expect(file.stream).toBeInstanceOf(Readable)
    expect(await text(file.stream)).toBe(csv)
    expect(scope.isDone()).toBe(true)
    expect(calls[0].headers.accept).toBe("text/csv")
    expect(calls[0].body).toEqual({ ...window, format: "csv" })
  })

  it("pdf: the bytes arrive untouched", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from([0x00, 0xff, 0xe2]), Buffer.from("\n%%EOF\n")])
    intercept("POST", PATH, [200, pdf, { "Content-Type": "application/pdf" }])
    const file = await makeClient().reports.streamStatement({ ...window, format: "pdf" })
    const chunks: Buffer[] = []
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk))
    expect(Buffer.compare(Buffer.concat(chunks), pdf)).toBe(0)
  })

  it("401 is an AuthenticationError whose body was read, not streamed", async () => {
    const body = { error: "authentication_failed", message: "Invalid secret key.", status_code: 401 }
    intercept("POST", PATH, [401, body])
    const error = await rejection(makeClient().reports.streamStatement({ ...window, format: "csv" }), AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: "authentication_failed", body })
  })

  it("a 503 before the body starts is retried with backoff, then the file streams", async () => {
    const { scope } = intercept("POST", PATH, [503, { message: "busy" }], [200, "date\r\n", { "Content-Type": "text/csv" }])
    const client = makeClient()
    const file = await client.reports.streamStatement({ ...window, format: "csv" })
    expect(await text(file.stream)).toBe("date\r\n")
    expect(scope.isDone()).toBe(true)
    expect(sleepCalls(client)).toHaveLength(1)
  })

  it("a 503 on every attempt is an ApiError", async () => {
    intercept("POST", PATH, [503, { message: "busy" }], [503, { message: "busy" }], [503, { message: "busy" }])
    await rejection(makeClient().reports.streamStatement({ ...window, format: "csv" }), ApiError)
  })

  it("a JSON answer to a csv request is a ProtocolError", async () => {
    intercept("POST", PATH, [200, "{}", { "Content-Type": "application/json" }])
    const error = await rejection(makeClient().reports.streamStatement({ ...window, format: "csv" }), ProtocolError)
    expect(error.code).toBe("unexpected_content_type")
  })

  it("refuses a reversed window locally, before any request", async () => {
    const wire = tripwire()
    await localRefusal(
      makeClient().reports.streamStatement({ ...window, from_date: "2026-03-01T00:00:00Z", format: "csv" }),
      "from_date",
      /not be after to_date/
    )
    expect(wire.requests()).toBe(0)
  })
})
