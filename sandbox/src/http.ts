import express, { NextFunction, Request, RequestHandler, Response } from "express"
import { ApiError, codeError, detailError, refundError } from "./errors"

/** 400 body shape for bad request bodies, per endpoint family. */
export type BodyStyle = "code" | "refund" | "detail"

const rawBody = express.raw({ type: () => true, limit: "1mb" })

/** Wraps an async handler so rejections reach the error handler (Express 4 does not). */
export function handle(fn: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => fn(req, res))
      .catch(next)
  }
}

function badBody(style: BodyStyle, message: string): ApiError {
  if (style === "code") {
    return codeError(400, "invalid_request", message)
  }
  if (style === "refund") {
    return refundError(message)
  }
  return detailError(400, message)
}

function mediaType(req: Request): string | undefined {
  return req.headers["content-type"]?.split(";")[0].trim().toLowerCase() || undefined
}

/**
 * Reads a JSON object body. `required`: the endpoint always takes a JSON body, so an empty body or a
 * missing `Content-Type: application/json` is a 400. Otherwise (list, details, resolve: every field
 * is optional) an empty body (or blank) counts as `{}` whatever its Content-Type; a non-empty one must be JSON.
 */
export function jsonBody(style: BodyStyle, required: boolean): RequestHandler[] {
  const parse: RequestHandler = (req, _res, next) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const type = mediaType(req)
    if (!required && bytes.toString("utf8").trim() === "") {
      req.body = {}
      return next()
    }
    if (type !== "application/json") {
      return next(badBody(style, `Content-Type must be application/json (got ${type ?? "none"}).`))
    }
    if (bytes.length === 0) {
      return next(badBody(style, "Request body is empty: send a JSON object."))
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(bytes.toString("utf8"))
    } catch (error) {
      return next(badBody(style, `JSON parse error - ${(error as Error).message}`))
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      return next(badBody(style, "Request body must be a JSON object."))
    }
    req.body = parsed
    next()
  }
  return [rawBody, parse]
}

/** Answers 406 unless the caller accepts application/json (BIN lookup, transaction details). */
export function requireJsonAccept(req: Request, _res: Response, next: NextFunction): void {
  const accept = req.headers.accept ?? ""
  if (!/(^|,)\s*application\/json\s*(;|,|$)/i.test(accept)) {
    return next(detailError(406, "Could not satisfy the request Accept header: send Accept: application/json."))
  }
  next()
}

/** 405 for a known path called with another method. */
export function methodNotAllowed(req: Request, _res: Response, next: NextFunction): void {
  next(detailError(405, `Method "${req.method}" not allowed.`))
}

/** First value of a query parameter when it was given once; arrays and objects count as invalid. */
export function queryString(req: Request, name: string): string | undefined | null {
  const value = req.query[name]
  if (value === undefined) {
    return undefined
  }
  return typeof value === "string" ? value : null
}
