import express, { NextFunction, Request, Response } from "express"
import { createCheckoutRouter } from "./checkout/router"
import { endpointFaults } from "./endpoint-fault-middleware"
import { ApiError, notFound } from "./errors"
import { binRoutes } from "./routes/bins"
import { recordRequests } from "./request-log"
import { controlRoutes } from "./routes/control"
import { linkRoutes } from "./routes/links"
import { reportRoutes } from "./routes/reports"
import { transactionRoutes } from "./routes/transactions"
import { webhookRoutes } from "./routes/webhooks"
import { SandboxCore } from "./sandbox"

// Paths docs/service-api.md gives with a trailing slash; without it the service redirects (like Django's APPEND_SLASH).
const SLASHED = [/^\/check\/bin_numbers_lookup$/, /^\/api\/create-webhook-and-apikey$/]

function slashRedirect(req: Request, res: Response, next: NextFunction): void {
  if (SLASHED.some((pattern) => pattern.test(req.path))) {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : ""
    res.redirect(301, `${req.path}/${query}`)
    return
  }
  next()
}

/**
 * Held requests (control API holds), then injected latency and 5xx answers (control API faults); an
 * injected error does nothing else. A held request goes on through the faults once released.
 * Latency waits are owned by the core, so stop() clears them; a request once stopping answers 503.
 */
function faultInjection(core: SandboxCore) {
  const unavailable = (res: Response) => {
    if (!res.headersSent) {
      res.status(503).set("Connection", "close").json({ detail: "The sandbox is stopping." })
    }
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    if (core.isStopped) {
      unavailable(res)
      return
    }
    if (core.holds.park(req.method, req.path, () => (core.isStopped ? unavailable(res) : inject(req, res, next)))) {
      return
    }
    inject(req, res, next)
  }
  function inject(req: Request, res: Response, next: NextFunction): void {
    const { latency_ms, error_status } = core.faults.settings
    const fail = core.faults.failRequest(req.path)
    const proceed = () => {
      if (fail) {
        res.status(error_status).json({ detail: "Sandbox fault injection: simulated server error." })
        return
      }
      next()
    }
    if (latency_ms > 0) {
      if (!core.delay(latency_ms, () => (core.isStopped ? unavailable(res) : proceed()))) {
        unavailable(res)
      }
    } else {
      proceed()
    }
  }
}

function errorHandler(core: SandboxCore) {
  return (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      return next(error)
    }
    if (error instanceof ApiError) {
      res.status(error.status).set(error.headers).json(error.body)
      return
    }
    const status = (error as { status?: number; type?: string }).status
    if (status === 413) {
      res.status(413).json({ detail: "Request body too large." })
      return
    }
    core.config.log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    res.status(500).json({ detail: "Internal server error." })
  }
}

/** The sandbox's HTTP app: control API, hosted checkout, then the service interface, all on one port. */
export function createApp(core: SandboxCore): express.Express {
  const app = express()
  app.disable("x-powered-by")
  app.disable("etag")
  app.use(
    "/__sandbox",
    controlRoutes({
      ctx: core.ctx,
      engine: core.engine,
      faults: core.faults,
      holds: core.holds,
      dispatcher: core.dispatcher,
      requests: core.requests,
      advanceClock: (ms) => core.advanceClock(ms),
      reset: () => core.reset(),
    })
  )
  app.use(createCheckoutRouter(core.engine))
  app.use(recordRequests(core.requests))
  app.use(faultInjection(core))
  app.use(endpointFaults(core))
  app.use(binRoutes(core.ctx))
  app.use(linkRoutes(core.ctx))
  app.use(transactionRoutes(core.ctx))
  app.use(reportRoutes(core.ctx))
  app.use(webhookRoutes(core.ctx))
  app.use(slashRedirect)
  app.use((_req: Request, _res: Response, next: NextFunction) => next(notFound()))
  app.use(errorHandler(core))
  return app
}
