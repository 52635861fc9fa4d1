/**
 * A relay in front of the sandbox that answers the statement report (`POST /reports/statements`)
 * with a statement of a set size, made as it is sent (the relay holds one 64 KiB chunk, so a 200 MB
 * statement costs the bench nothing), and passes every other request through to the sandbox. Every
 * row has the same length and amounts, so the json report's sums are computed, not read: the
 * settlements route finds no difference when it has read every row.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

const HEADER =
  "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id\n"
/** Payouts the rows are spread over, one a day. */
const PAYOUTS = 30
const CHUNK_BYTES = 64 * 1024
// Halalas of one row: 1,200.00 gross, 31.00 fee, 4.65 VAT, 1,164.35 net.
const ROW = { amount: 120_000n, fee: 3_100n, vat: 465n, net: 116_435n }

const payoutId = (index: number) => `STL-20261001-${String(index).padStart(8, "0")}`

/** Row `i`: 160 bytes whatever `i` (up to 10^12 rows), so the byte size gives the row count. */
function row(i: number): string {
  const id = String(i).padStart(12, "0")
  return `2026-10-01T10:00:00Z,payment,5e1f0c2a-0000-4000-8000-${id},Installment,RAJHI,1200.00,31.00,4.65,0.00,1164.35,${payoutId(i % PAYOUTS)}\n`
}

const ROW_BYTES = Buffer.byteLength(row(0))

/** Rows of a statement of about `bytes`. */
export const rowsFor = (bytes: number) => Math.max(1, Math.floor((bytes - HEADER.length) / ROW_BYTES))

const amount = (halalas: bigint) => `${halalas / 100n}.${String(halalas % 100n).padStart(2, "0")}`

/** The json report of `rows` rows: the summary and each payout's net, as the rows add up. */
function report(rows: number) {
  const count = BigInt(rows)
  const perPayout = (index: number) => BigInt(Math.floor(rows / PAYOUTS) + (index < rows % PAYOUTS ? 1 : 0))
  return {
    report_id: "rpt_bench",
    generated_at: new Date().toISOString(),
    currency: "SAR",
    summary: {
      total_gross_sales: amount(ROW.amount * count),
      total_fees: amount(ROW.fee * count),
      total_vat: amount(ROW.vat * count),
      total_refunds: "0.00",
      net_payout_amount: amount(ROW.net * count),
    },
    settlements: Array.from({ length: PAYOUTS }, (_, index) => ({
      settlement_id: payoutId(index),
      payout_date: `2026-10-${String(2 + (index % 28)).padStart(2, "0")}`,
      bank_reference: `SARIE${index}`,
      net_amount: amount(ROW.net * perPayout(index)),
      status: "completed",
    })),
  }
}

/** Writes `chunks` to the answer, waiting for `drain` whenever the socket's buffer is full. */
function stream(res: ServerResponse, contentType: string, chunks: Generator<string | Buffer>): void {
  res.writeHead(200, { "content-type": contentType })
  const next = () => {
    for (let step = chunks.next(); !step.done; step = chunks.next()) {
      if (!res.write(step.value)) {
        res.once("drain", next)
        return
      }
    }
    res.end()
  }
  res.on("close", () => chunks.return(undefined))
  next()
}

function* csvChunks(rows: number): Generator<string> {
  let chunk = HEADER
  for (let i = 0; i < rows; i++) {
    chunk += row(i)
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk) yield chunk
}

// Not a readable PDF: the plugin passes the service's pdf through untouched, so only its bytes count.
function* pdfChunks(bytes: number): Generator<Buffer> {
  const filler = Buffer.alloc(CHUNK_BYTES, "%")
  yield Buffer.from("%PDF-1.7\n")
  for (let sent = 0; sent < bytes; sent += CHUNK_BYTES) {
    yield filler
  }
  yield Buffer.from("\n%%EOF\n")
}

export interface StatementRelay {
  url: string
  /** The size of every statement file the relay answers from now on. */
  setStatementBytes(bytes: number): void
  /** Requests for a statement file so far, and those the store closed before the file ended. */
  files: { started: number; cutShort: number }
  stop(): Promise<void>
}

/** Starts the relay on `port` (0: any), in front of the sandbox at `sandboxUrl`. */
export async function startStatementRelay(sandboxUrl: string, port: number): Promise<StatementRelay> {
  const target = new URL(sandboxUrl)
  let statementBytes = 1024
  const files = { started: 0, cutShort: 0 }

  const passThrough = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on("error", () => res.destroy())
    upstream.end(body)
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      if (req.method !== "POST" || req.url !== "/reports/statements") {
        passThrough(req, res, body)
        return
      }
      const format = (JSON.parse(body.toString("utf8") || "{}") as { format?: string }).format ?? "json"
      if (format === "json") {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify(report(rowsFor(statementBytes))))
        return
      }
      files.started++
      res.on("close", () => {
        if (!res.writableFinished) files.cutShort++
      })
      if (format === "pdf") {
        stream(res, "application/pdf", pdfChunks(statementBytes))
      } else {
        stream(res, "text/csv; charset=utf-8", csvChunks(rowsFor(statementBytes)))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setStatementBytes: (bytes) => (statementBytes = bytes),
    files,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
