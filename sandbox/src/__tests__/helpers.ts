import { createServer, IncomingMessage, Server, ServerResponse } from "node:http"
import { AddressInfo } from "node:net"
import { RunningSandbox, SandboxOptions, startSandbox } from "../index"

/** A parsed JSON body, read field by field by the tests (the sandbox's answers are checked by their assertions). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by assertions, whatever its shape
export type JsonBody = any

export const STORE_ID = "5b0c8f3e-9d1a-4c2b-8e7f-0a1b2c3d4e5f"
export const SECRET = "sk_test_sandbox_secret"
export const PUBLIC = "sandbox-pk-test"

/** Starts a sandbox on a free port with fixed credentials. */
export function boot(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, secretKey: SECRET, publicKey: PUBLIC, storeId: STORE_ID, ...options })
}

export interface Answer {
  status: number
  headers: Headers
  body: JsonBody
  text: string
  bytes: Buffer
}

export interface CallOptions {
  body?: unknown
  /** Raw body text sent as is (overrides body). */
  raw?: string
  headers?: Record<string, string>
  /** false: no credentials at all. */
  auth?: boolean
  /** Leave out the JSON content type. */
  noContentType?: boolean
}

/** Real HTTP against the sandbox; redirects are not followed (D3). */
export async function call(sb: RunningSandbox, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (options.auth !== false) {
    headers.authorization = SECRET
    headers["x-service-key"] = PUBLIC
  }
  headers.accept = "application/json"
  let body: string | undefined
  if (options.raw !== undefined) {
    body = options.raw
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
  }
  if (body !== undefined && !options.noContentType) {
    headers["content-type"] = "application/json"
  }
  Object.assign(headers, options.headers)
  for (const [key, value] of Object.entries(headers)) {
    if (value === "") {
      delete headers[key]
    }
  }
  const response = await fetch(`${sb.url}${path}`, { method, headers, body, redirect: "manual" })
  const bytes = Buffer.from(await response.arrayBuffer())
  const text = bytes.toString("utf8")
  let parsed: unknown = undefined
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    parsed = JSON.parse(text)
  }
  return { status: response.status, headers: response.headers, body: parsed, text, bytes }
}

/** Control API call (no credentials). */
export async function control(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<Answer> {
  return call(sb, method, `/__sandbox${path}`, { body, auth: false })
}

/** Creates a link and returns its id (fails the test on anything but 201). */
export async function createLink(sb: RunningSandbox, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await call(sb, "POST", `/payment_links/${STORE_ID}/create`, {
    body: { amount: 1500, title: "Order 1001", order_id: "1001", metadata: { session_id: "ps_1" }, ...overrides },
  })
  if (answer.status !== 201) {
    throw new Error(`create link answered ${answer.status}: ${answer.text}`)
  }
  return answer.body.payment_link_id as string
}

/** Pays a link through the control API; returns the answer body. */
export async function pay(sb: RunningSandbox, linkId: string, card: string, extra: Record<string, unknown> = {}): Promise<JsonBody> {
  const answer = await control(sb, "POST", `/payment-links/${linkId}/pay`, { card_number: card, ...extra })
  if (answer.status !== 200) {
    throw new Error(`pay answered ${answer.status}: ${answer.text}`)
  }
  return answer.body
}

/** Advances the sandbox clock. */
export async function advance(sb: RunningSandbox, amount: Record<string, number>): Promise<void> {
  const answer = await control(sb, "POST", "/clock/advance", amount)
  expect(answer.status).toBe(200)
}

/** Names of events emitted so far, in order. */
export async function eventNames(sb: RunningSandbox): Promise<string[]> {
  const answer = await control(sb, "GET", "/events")
  return (answer.body.events as Array<{ event: string }>).map((event) => event.event)
}

export interface Received {
  headers: IncomingMessage["headers"]
  raw: Buffer
  json: JsonBody
}

/** A local webhook receiver; `statuses` are answered in turn (then 200); "hang" never answers. */
export class Receiver {
  readonly received: Received[] = []
  statuses: Array<number | "hang"> = []
  private server: Server
  private hanging: ServerResponse[] = []
  url = ""

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const raw = Buffer.concat(chunks)
        this.received.push({ headers: req.headers, raw, json: JSON.parse(raw.toString("utf8")) })
        const status = this.statuses.shift() ?? 200
        if (status === "hang") {
          this.hanging.push(res)
          return
        }
        res.statusCode = status
        res.end("ok")
      })
    })
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}/hooks`
    return this.url
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) {
      res.destroy()
    }
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** Polls until the predicate holds (for asynchronous deliveries and settlements). */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now()
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error("condition not met in time")
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
