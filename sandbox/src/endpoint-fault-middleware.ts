import type { NextFunction, Request, Response } from "express"
import { EndpointFault, HANG_LIMIT_MS, SLOW_DEFAULT_MS, endpointOf } from "./endpoint-faults"
import type { SandboxCore } from "./sandbox"

// What a reverse proxy in front of the service sends when the service behind it failed mid-answer.
const PROXY_502_PAGE = "<html><body>502 Bad Gateway</body></html>"

type End = Response["end"]

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
    case "slow":
      interceptAnswer(res, (send) => {
        if (!core.delay(fault.delay_ms ?? SLOW_DEFAULT_MS, () => (core.isStopped ? destroy() : send()))) {
          destroy()
        }
      })
      return next()
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
