import type { NextFunction, Request, Response } from "express"
import type { EndpointFaultMode } from "./endpoint-faults"

/** One API request the sandbox answered, as the service's operator would count it. */
export interface LoggedRequest {
  /** Increasing from 1 since start (or the last reset); read with `since` to see only new ones. */
  seq: number
  /** Wall-clock time of the answer (not the sandbox's movable clock). */
  at: string
  method: string
  path: string
  /** The status sent; 0 when the connection closed without an answer (a lost answer, a hang, a client that left). */
  status: number
  /** The endpoint fault the request hit (control API `endpoint_faults`), null when none. */
  fault: EndpointFaultMode | null
  /** The payment link the request created or named, when it concerns one. */
  payment_link_id: string | null
}

// A link named in the path; create and list name the store instead, create sets the link itself.
const LINK_PATH = /^\/payment_links\/([^/]+)\/(?:details|resolve)$/

/** Most recent requests kept: enough for any test or benchmark run, bounded for a long-lived sandbox. */
export const REQUEST_LOG_LIMIT = 50_000

/**
 * The requests the service interface received (control API and hosted pages excluded), so tests
 * and benchmarks can count the calls a checkout costs. Kept in memory only, never in the data file.
 */
export class RequestLog {
  private entries: LoggedRequest[] = []
  private seq = 0

  /** Records a request once it was answered. */
  record(entry: Omit<LoggedRequest, "seq">): void {
    this.seq += 1
    this.entries.push({ seq: this.seq, ...entry })
    if (this.entries.length > REQUEST_LOG_LIMIT) {
      this.entries.splice(0, this.entries.length - REQUEST_LOG_LIMIT)
    }
  }

  /** Requests after `since` (a `seq`), optionally only those concerning one payment link. */
  list(filter: { since?: number; paymentLinkId?: string } = {}): LoggedRequest[] {
    const linkId = filter.paymentLinkId?.toLowerCase()
    return this.entries.filter(
      (entry) => entry.seq > (filter.since ?? 0) && (linkId === undefined || entry.payment_link_id === linkId)
    )
  }

  /** The `seq` of the latest request, 0 when none. */
  get last(): number {
    return this.seq
  }

  clear(): void {
    this.entries = []
    this.seq = 0
  }
}

/**
 * Express middleware recording each API request when its answer is sent or its connection closes
 * without one, faults included: an injected 5xx or a lost answer still cost the caller a call. A route that creates a link names it in
 * `res.locals.payment_link_id`.
 */
export function recordRequests(log: RequestLog) {
  return (req: Request, res: Response, next: NextFunction): void => {
    let recorded = false
    // "finish" when an answer was sent; "close" alone when the connection ended without one.
    const record = () => {
      if (recorded) {
        return
      }
      recorded = true
      const named = typeof res.locals.payment_link_id === "string" ? res.locals.payment_link_id : LINK_PATH.exec(req.path)?.[1]
      log.record({
        at: new Date().toISOString(),
        method: req.method,
        path: req.path,
        status: res.writableFinished ? res.statusCode : 0,
        fault: typeof res.locals.fault === "string" ? (res.locals.fault as EndpointFaultMode) : null,
        payment_link_id: named ? named.toLowerCase() : null,
      })
    }
    res.on("finish", record)
    res.on("close", record)
    next()
  }
}
