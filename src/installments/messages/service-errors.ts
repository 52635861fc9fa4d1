import { MedusaError } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import {
  AnswerTooLargeError,
  AuthenticationError,
  ConnectionError,
  InstallmentsError,
  NotFoundError,
  ProtocolError,
  RefundRejectedError,
  TimeoutError,
  ValidationError,
} from "../../lib/client"
import { MoneyError } from "../../lib/money"
import { refusalMessage, SERVICE_UNAVAILABLE } from "../refunds/failures"
import type { Registration } from "../registrations/lookup"
import { shopperWords, type ShopperLanguage, type ShopperStage } from "./shopper-language"

/**
 * Codes of the errors below, for the admin pages and the refund ledger to tell them apart. A refund
 * refusal carries the service's reason instead (`exceeds_balance`, `insufficient_merchant_balance`...).
 */
export const SERVICE_ERROR_CODES = {
  keys: "installments_keys_refused",
  store: "installments_store_not_found",
  /** Unreachable, timed out, 5xx or 429: worth retrying later. */
  unavailable: SERVICE_UNAVAILABLE,
  unexpected: "installments_unexpected_answer",
  /** An answer over one of the client's caps (D36): too large, or too many pages. */
  tooLarge: "installments_answer_too_large",
} as const

/** What the merchant was doing when the service failed, as far as the caller knows it. */
export interface MerchantContext {
  /** What could not be done, completing "Could not ..." (`refund the payment`); none in the admin's own pages. */
  action?: string
  /** The registration the call used, when the caller knows it: its id and storeId name the option to fix. */
  registration?: Pick<Registration, "id" | "options">
  /** Where a refusal's details go, under the reference its message gives (a refund refusal). */
  logger?: { warn(message: string): void }
}

/**
 * A failed call to the service in words for the merchant (admin, logs): what failed and what to do.
 * 401 and an unknown store are configuration faults (the keys or storeId of the registration), an
 * unknown link or transaction is a 404, a refused request a 400 with the service's reason, a refund
 * refusal a 400 in the plugin's words with the advice for its reason, the service's code and, when
 * a logger is given, a reference to the log line holding what the service sent. Only the client's own messages are used: they name
 * the endpoint and status and never hold keys or request data.
 */
export function merchantError(error: unknown, context: MerchantContext = {}): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  const { registration } = context
  const said = (body: string) =>
    context.action ? `Could not ${context.action}: ${body}` : body.charAt(0).toUpperCase() + body.slice(1)
  if (error instanceof RefundRejectedError) {
    // The plugin's words and the service's code only; what the service sent (a proxy's page may be
    // among it) goes to the log, under a reference the message gives.
    const reference = context.logger ? supportReference() : undefined
    if (reference) {
      context.logger!.warn(
        `installments: refund refused ${reference}: ${context.action ?? "refund"}, code ${error.reason} ${failureDetails(error)}`
      )
    }
    const code = `service code ${error.reason}${reference ? `, reference ${reference}` : ""}`
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, `${refusalMessage(error)} (${code})`, error.reason)
  }
  if (error instanceof MoneyError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, said(error.message))
  }
  if (error instanceof AuthenticationError) {
    const whose = registration ? `registration ${registration.id}` : "this provider registration"
    return new MedusaError(
      MedusaError.Types.FORBIDDEN,
      said(
        `the secret or public key of ${whose} is wrong: the installments service refused them. Check its secretKey and publicKey options.`
      ),
      SERVICE_ERROR_CODES.keys
    )
  }
  if (error instanceof NotFoundError && error.code === "store_not_found") {
    const store = registration ? `store id ${registration.options.storeId}` : "the store id"
    const whose = registration ? `registration ${registration.id}` : "this provider registration"
    return new MedusaError(
      MedusaError.Types.FORBIDDEN,
      said(`${store} is not this merchant's: check the storeId option of ${whose}.`),
      SERVICE_ERROR_CODES.store
    )
  }
  if (error instanceof NotFoundError) {
    return new MedusaError(MedusaError.Types.NOT_FOUND, said(`the installments service has no such record${serviceWords(error)}`))
  }
  if (error instanceof ValidationError) {
    const reason = error.issues.length
      ? error.issues.map((issue) => `${issue.field} ${issue.message}`).join("; ")
      : serviceWords(error).slice(2) || `${error.status ?? ""} ${error.code ?? ""}`.trim()
    return new MedusaError(MedusaError.Types.INVALID_DATA, said(`the installments service refused the request: ${reason}`))
  }
  if (error instanceof AnswerTooLargeError) {
    // The client's words name the call and the cap; what the service sent was never read.
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(`${error.message}. Report it to the installments service.`),
      SERVICE_ERROR_CODES.tooLarge
    )
  }
  if (error instanceof ProtocolError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(`the installments service answered in an unexpected shape; try again, and report it if it persists (${error.message}).`),
      SERVICE_ERROR_CODES.unexpected
    )
  }
  if (isOutage(error)) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said("the installments service did not answer; try again."),
      SERVICE_ERROR_CODES.unavailable
    )
  }
  if (error instanceof InstallmentsError) {
    // A refusal the plugin has no words for: its status and the service's short reason, never its body.
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      said(
        `the installments service refused the call (${error.status ?? "no answer"})${serviceWords(error)}; try again, and report it if it persists.`
      ),
      SERVICE_ERROR_CODES.unexpected
    )
  }
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, said(messageOf(error)))
}

const SERVICE_WORDS_CHARS = 200

/**
 * The service's own short reason (`message`, `detail` of a JSON error body) as `: reason`, or nothing:
 * a body that was not JSON (a proxy's HTML page) or a long text is no message for a merchant.
 */
function serviceWords(error: InstallmentsError): string {
  const words = error.serviceMessage
  const fromJson = typeof error.body === "object" && error.body !== null
  return words && fromJson && words.length <= SERVICE_WORDS_CHARS ? `: ${words.replace(/[^\P{C}]+/gu, " ")}` : ""
}

/** What a shopper's error needs besides the failure: what was being done, in which language, the log. */
export interface ShopperContext {
  /** What could not be done, for the log (`authorize the payment`). */
  action: string
  stage: ShopperStage
  language: ShopperLanguage
  logger?: { error(message: string): void }
}

const BODY_EXCERPT_CHARS = 300

/**
 * A failed call to the service in words for the shopper at checkout: one short sentence in the cart's
 * language saying the payment could not be started or confirmed and to try again, with a support
 * reference. What failed (the merchant's words, the operation, the status and an excerpt of the body)
 * goes to the log under that reference, never to the storefront. The error is a payment refusal
 * (Medusa answers 422 to a session start, and a cart with this error to a completion), coded
 * `installments_unavailable` when the service did not answer. The plugin's own refusals (an amount it
 * cannot send) keep their words.
 */
export function shopperError(error: unknown, context: ShopperContext): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (error instanceof MoneyError || (error instanceof ValidationError && error.code === "local_validation")) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `Could not ${context.action}: ${error.message}`)
  }
  const reference = supportReference()
  context.logger?.error(
    `installments: checkout failure ${reference}: ${merchantError(error, { action: context.action }).message} ${failureDetails(error)}`
  )
  return new MedusaError(
    MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
    shopperWords(context.language).unavailable[context.stage](reference),
    isOutage(error) ? SERVICE_ERROR_CODES.unavailable : SERVICE_ERROR_CODES.unexpected
  )
}

/** A reference a message gives and the log line with the details carries: `INS-` and 8 hex digits. */
function supportReference(): string {
  return `INS-${randomBytes(4).toString("hex").toUpperCase()}`
}

// For the log only: the call, the status and the start of what the service answered, on one line.
function failureDetails(error: unknown): string {
  if (!(error instanceof InstallmentsError)) {
    return `(${error instanceof Error ? error.name : typeof error}: ${messageOf(error)})`
  }
  const body = error.body === undefined ? "none" : typeof error.body === "string" ? error.body : JSON.stringify(error.body)
  const excerpt = body.replace(/[^\x20-\x7e]+/g, " ").slice(0, BODY_EXCERPT_CHARS)
  return `(operation ${error.endpoint ?? "unknown"}, status ${error.status ?? "no answer"}, ${error.name}, body: ${excerpt})`
}

/** Runs a call to the service for an admin page, turning its failure into a merchant's MedusaError. */
export async function callService<T>(registration: Pick<Registration, "id" | "options">, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    // A fault of the plugin itself is no message for the merchant: Medusa answers it as unknown.
    throw error instanceof InstallmentsError ? merchantError(error, { registration }) : error
  }
}

/** The service did not answer usefully: unreachable, timed out, a 5xx or a 429. Worth retrying later. */
export function isOutage(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return true
  }
  return error instanceof InstallmentsError && error.status !== undefined && (error.status >= 500 || error.status === 429)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
