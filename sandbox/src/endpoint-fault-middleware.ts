import express, { type NextFunction, type Request, type Response } from "express"
import { EndpointFault, HANG_LIMIT_MS, OVERSIZE_DEFAULT_BYTES, SLOW_DEFAULT_MS, endpointOf } from "./endpoint-faults"
import type { SandboxCore } from "./sandbox"

// What a reverse proxy in front of the service sends when the service behind it failed mid-answer.
const PROXY_502_PAGE = "<html><body>502 Bad Gateway</body></html>"

type End = Response["end"]

const readRaw = express.raw({ type: () => true, limit: "1mb" })

/**
 * Replaces `res.end` so the route runs in full (the refund is applied, the link created) and only
 * its answer is changed: `finish` receives the route's arguments once it is allowed to answer.
 */
function interceptAnswer(res: Response, finish: (send: () => void) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  res.end = ((...args: unknown[]) => {
    finish(() => end(...args))
    return res
  }) as End
}

/** Answers 502 with an HTML proxy page in place of whatever the route was about to send. */
function proxyErrorInstead(res: Response, end: (...args: unknown[]) => Response): void {
  if (res.headersSent) {
    res.socket?.destroy()
    return
  }
  for (const name of res.getHeaderNames()) {
    res.removeHeader(name)
  }
  res.status(502).setHeader("Content-Type", "text/html; charset=utf-8")
  end(PROXY_502_PAGE)
}

/**
 * Replaces the route's 2xx answer body with `rewrite`'s (the route runs in full), keeping its status
 * and content type; the length follows the new body.
 */
function rewriteAnswer(res: Response, rewrite: (body: Buffer, contentType: string) => Buffer): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const body = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk) : Buffer.alloc(0)
    // Only a 2xx answer is rewritten: the route's refusals stay as they are.
    const next = res.statusCode < 300 ? rewrite(body, String(res.getHeader("content-type") ?? "")) : body
    if (!res.headersSent) {
      res.setHeader("Content-Length", next.length)
      res.removeHeader("ETag")
    }
    const encoding = rest.find((arg) => typeof arg === "string")
    return end(next, ...(encoding ? [] : rest))
  }) as End
}

/** The route's answer padded to `size` bytes, still a valid answer of its kind. */
function padded(body: Buffer, contentType: string, size: number): Buffer {
  if (contentType.startsWith("application/json")) {
    const answer = JSON.parse(body.toString("utf8")) as Record<string, unknown>
    const room = Math.max(0, size - body.length - '"padding":"",'.length)
    return Buffer.from(JSON.stringify({ ...answer, padding: "x".repeat(room) }))
  }
  if (contentType.startsWith("text/csv")) {
    // More of the statement's own last row: every line stays a row a reader parses.
    const lines = body.toString("utf8").split("\r\n").filter(Boolean)
    const row = `${lines[lines.length - 1]}\r\n`
    const copies = Math.max(1, Math.ceil((size - body.length) / row.length))
    return Buffer.concat([body, Buffer.from(row.repeat(copies))])
  }
  return Buffer.concat([body, Buffer.alloc(Math.max(0, size - body.length), 0x20)])
}

/** The csv statement with one more row whose bank name is `size` bytes long. */
function withLongRow(body: Buffer, size: number): Buffer {
  const lines = body.toString("utf8").split("\r\n").filter(Boolean)
  const cells = (lines[1] ?? lines[0]).split(",")
  cells[4] = `"${"B".repeat(size)}"`
  return Buffer.concat([body, Buffer.from(`${cells.join(",")}\r\n`)])
}

/** The raw JSON body of a details request asking for page 1 (left as it is when it is no JSON object). */
function firstPageAsked(body: unknown): unknown {
  try {
    const asked = JSON.parse(Buffer.isBuffer(body) ? body.toString("utf8") : "{}") as unknown
    return typeof asked === "object" && asked !== null ? Buffer.from(JSON.stringify({ ...asked, page: 1 })) : body
  } catch {
    return body
  }
}

function applyFault(core: SandboxCore, fault: EndpointFault, req: Request, res: Response, next: NextFunction): void {
  const destroy = (): void => {
    req.socket.destroy()
  }
  switch (fault.mode) {
    case "apply_lose_answer":
      interceptAnswer(res, () => destroy())
      return next()
    case "apply_5xx": {
      const end = res.end.bind(res) as (...args: unknown[]) => Response
      interceptAnswer(res, () => proxyErrorInstead(res, end))
      return next()
    }
    case "refuse_429":
      // Never processed: a gateway in front of the service turns the request away.
      res.status(429).setHeader("Content-Type", "text/plain; charset=utf-8")
      res.setHeader("Retry-After", "0")
      res.end("Too Many Requests")
      return
    case "slow":
      interceptAnswer(res, (send) => {
        if (!core.delay(fault.delay_ms ?? SLOW_DEFAULT_MS, () => (core.isStopped ? destroy() : send()))) {
          destroy()
        }
      })
      return next()
    case "oversized_answer":
      rewriteAnswer(res, (body, contentType) => padded(body, contentType, fault.size_bytes ?? OVERSIZE_DEFAULT_BYTES))
      return next()
    case "oversized_row":
      rewriteAnswer(res, (body, contentType) =>
        contentType.startsWith("text/csv") ? withLongRow(body, fault.size_bytes ?? OVERSIZE_DEFAULT_BYTES) : body
      )
      return next()
    case "oversized_error": {
      // Never processed: a proxy's error page of size_bytes stands in for the service.
      const page = Buffer.alloc(fault.size_bytes ?? OVERSIZE_DEFAULT_BYTES, 0x20)
      page.write("<html><body>502 Bad Gateway")
      res.status(502).setHeader("Content-Type", "text/html; charset=utf-8")
      res.end(page)
      return
    }
    case "endless_pages":
      // Always the first page's transactions, and always a next page. The body is read here, raw, as the
      // route's own reader would (which then finds it read), and asks for page 1.
      rewriteAnswer(res, (body, contentType) => {
        if (!contentType.startsWith("application/json")) return body
        const answer = JSON.parse(body.toString("utf8")) as { pagination?: Record<string, unknown> }
        return Buffer.from(JSON.stringify({ ...answer, pagination: { ...answer.pagination, next: true } }))
      })
      return readRaw(req, res, (error?: unknown) => {
        if (error) return next(error)
        req.body = firstPageAsked(req.body)
        next()
      })
    case "hang": {
      // Never processed: held until delay_ms, or until the client gives up (at most 10 minutes).
      const cancel = core.cancellableDelay(fault.delay_ms ?? HANG_LIMIT_MS, destroy)
      if (!cancel) {
        return destroy()
      }
      req.socket.once("close", cancel)
      return
    }
  }
}

/**
 * Express middleware for the per-endpoint faults of the control API: a request to an endpoint with
 * an armed fault gets that fault, and `res.locals.fault` names its mode for the request log.
 */
export function endpointFaults(core: SandboxCore) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const endpoint = endpointOf(req.method, req.path)
    const fault = endpoint === undefined ? undefined : core.faults.endpointFault(endpoint)
    if (!fault) {
      return next()
    }
    res.locals.fault = fault.mode
    applyFault(core, fault, req, res, next)
  }
}
