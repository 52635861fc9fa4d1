import { formatAmount, parseAmount } from "../money"
import {
  ApiError,
  AuthenticationError,
  InstallmentsError,
  InstallmentsErrorInit,
  NotFoundError,
  RedirectError,
  RefundRejectedError,
  ValidationError,
} from "./errors"

/** Endpoints whose error bodies need their own reading (docs/service-api.md, Errors). */
export type ErrorFamily = "default" | "refund"

interface ErrorContext {
  status: number
  body: unknown
  endpoint: string
  family: ErrorFamily
  location?: string
  /** Set when the error body was over its cap (`64 KiB`) and left unread. */
  bodyOverCap?: string
}

type Body = {
  message?: unknown
  detail?: unknown
  error?: unknown
  validation_errors?: unknown
  fields_errors?: unknown
}

/** Maps a non-2xx answer to the error class a caller can act on. */
export function errorFromResponse(context: ErrorContext): InstallmentsError {
  const { status, endpoint } = context
  const body = (typeof context.body === "object" && context.body !== null ? context.body : {}) as Body
  const serviceMessage = textOf(body.message) ?? textOf(body.detail) ?? textOf(context.body)
  const code = textOf(body.error)
  const init = { status, endpoint, body: context.body, serviceMessage, code }
  const said = serviceMessage
    ? `: ${serviceMessage}`
    : context.bodyOverCap
      ? ` (its body, over the ${context.bodyOverCap} cap on an error answer, was not read)`
      : ""

  if (status >= 300 && status < 400) {
    return new RedirectError({
      ...init,
      code: "redirect",
      location: context.location,
      message: `The installments service redirected ${endpoint} (${status}) to ${context.location ?? "another address"}; redirects are not followed. Check the path and its trailing slash.`,
    })
  }
  if (context.family === "refund") {
    const refund = refundRejection(init, body, said)
    if (refund) {
      return refund
    }
  }
  if (status === 401) {
    return new AuthenticationError({
      ...init,
      code: code ?? "authentication_failed",
      message: `The installments service refused the credentials on ${endpoint} (401)${said}. Check the secretKey and publicKey options.`,
    })
  }
  if (status === 404) {
    return new NotFoundError({
      ...init,
      code: code ?? "not_found",
      message: `Not found on ${endpoint} (404)${said}`,
    })
  }
  if (status === 400 || status === 422) {
    return new ValidationError({
      ...init,
      code: code ?? (status === 422 ? "validation_error" : "invalid_request"),
      message: `The installments service rejected ${endpoint} (${status})${said}`,
    })
  }
  return new ApiError({
    ...init,
    code: code ?? `http_${status}`,
    message: `The installments service failed on ${endpoint} (${status})${said}`,
  })
}

const MAX_REFUND = /Maximum amount to be refunded is\s*([0-9]+(?:\.[0-9]+)?)/i

function refundRejection(init: Omit<InstallmentsErrorInit, "message">, body: Body, said: string): RefundRejectedError | undefined {
  const message = init.serviceMessage ?? ""
  const names = validationNames(body.validation_errors)
  if (init.status === 400) {
    const max = MAX_REFUND.exec(message)
    if (max) {
      const maxRefundable = formatAmount(parseAmount(max[1]))
      return new RefundRejectedError({
        ...init,
        code: "exceeds_balance",
        reason: "exceeds_balance",
        maxRefundable,
        message: `Refund refused: at most ${maxRefundable} SAR can still be refunded on this transaction.`,
      })
    }
    if (/already under processing/i.test(message) || names.includes("key")) {
      return new RefundRejectedError({
        ...init,
        code: "already_processing",
        reason: "already_processing",
        message: `Refund refused for now: a previous refund on this transaction is still processing${said}. Retry in a few seconds.`,
      })
    }
    if (names.includes("supplier")) {
      return new RefundRejectedError({
        ...init,
        code: "insufficient_merchant_balance",
        reason: "insufficient_merchant_balance",
        message: `Refund refused: the merchant account's available balance cannot cover it${said}. Retry once the balance suffices.`,
      })
    }
  }
  if (init.status === 403) {
    if (/not refundable/i.test(message)) {
      return new RefundRejectedError({
        ...init,
        code: "not_refundable",
        reason: "not_refundable",
        message: `Refund refused: the transaction is outside its refund window${said}.`,
      })
    }
    return new RefundRejectedError({
      ...init,
      code: "not_allowed",
      reason: "not_allowed",
      message: `Refund refused: the transaction does not exist or belongs to another merchant${said}.`,
    })
  }
  return undefined
}

function validationNames(errors: unknown): string[] {
  if (!Array.isArray(errors)) {
    return []
  }
  return errors
    .map((entry) => textOf((entry as { Name?: unknown; name?: unknown })?.Name ?? (entry as { name?: unknown })?.name))
    .filter((name): name is string => !!name)
    .map((name) => name.toLowerCase())
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.length ? value : undefined
}
