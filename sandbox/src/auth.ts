import { createHash, timingSafeEqual } from "node:crypto"
import { NextFunction, Request, Response } from "express"
import { SandboxContext } from "./context"
import { ApiError, codeError, detailError } from "./errors"

/**
 * 401 body shape per endpoint family: BIN lookup and transactions/refunds answer `{detail}`,
 * payment links, reports and webhook registration `{error, message, status_code}`.
 */
export type AuthStyle = "bin" | "code" | "detail"

const NOT_PROVIDED = "Authentication credentials were not provided."

// Digests have equal length, so timingSafeEqual applies whatever the caller sent.
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name]
  return typeof value === "string" && value !== "" ? value : undefined
}

function failure(style: AuthStyle, missing: boolean, message: string): ApiError {
  if (style === "code") {
    return codeError(401, "authentication_failed", message)
  }
  if (style === "bin") {
    return detailError(401, NOT_PROVIDED)
  }
  return detailError(401, missing ? NOT_PROVIDED : "Incorrect authentication credentials.")
}

/**
 * Checks `Authorization` (the raw secret) and `X-Service-Key` (the public key; the BIN lookup also
 * takes `X-API-Key`). A key of another environment (`prod-...`) is refused like any wrong key (D22).
 */
export function requireAuth(ctx: SandboxContext, style: AuthStyle) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const { secretKey, publicKey } = ctx.store.state.credentials
    const secret = header(req, "authorization")
    const service = header(req, "x-service-key") ?? (style === "bin" ? header(req, "x-api-key") : undefined)
    if (secret === undefined) {
      return next(failure(style, true, "Missing secret key: send it as the raw Authorization header."))
    }
    if (!sameSecret(secret, secretKey)) {
      const hint = /^(bearer|basic|token)\s/i.test(secret) ? " Send the raw secret key, without a scheme prefix." : ""
      return next(failure(style, false, `Invalid secret key.${hint}`))
    }
    if (service === undefined) {
      return next(failure(style, true, "Missing public key: send it in the X-Service-Key header."))
    }
    if (!service.startsWith("sandbox-")) {
      return next(failure(style, false, "This is the sandbox: use a public key beginning with sandbox-."))
    }
    if (!sameSecret(service, publicKey)) {
      return next(failure(style, false, "Invalid public key (X-Service-Key)."))
    }
    next()
  }
}
