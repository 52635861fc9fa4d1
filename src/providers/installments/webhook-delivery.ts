import type { Logger, ProviderWebhookPayload } from "@medusajs/framework/types"
import type { ExpectedPayment } from "../../installments/links/verdict"
import type { ProviderOptions } from "../../installments/registrations/options"
import { hasVerifiedMarker, VERIFIED_MARKER_HEADER } from "../../installments/webhooks/verified-header"
import { parseAmount } from "../../lib/money"
import { parseWebhookBody, verifyWebhook, WebhookVerificationError, type ParsedWebhookEvent } from "../../lib/webhooks"
import { readRawBytes } from "../../lib/webhooks/raw-body"

/**
 * The event of a verified delivery, or undefined. A delivery is verified when it carries the
 * marker the plugin's middleware sets after checking its signature with the registered keys
 * (HMAC of the raw body under this registration's secret key), or when the `webhookKeys` option
 * verifies its signature here. Unverified bytes are never parsed.
 */
export function readVerifiedEvent(
  payload: ProviderWebhookPayload["payload"],
  options: Pick<ProviderOptions, "secretKey" | "webhookKeys" | "signatureScheme">,
  logger?: Logger
): ParsedWebhookEvent | undefined {
  const refuse = (reason: string) => {
    logger?.warn(`installments: webhook delivery refused (${reason}); not processed`)
    return undefined
  }
  const raw = readRawBytes(payload.rawData)
  if (!raw) {
    return refuse("raw_body_required")
  }
  const headers = lowerCased(payload.headers)
  try {
    if (hasVerifiedMarker(options.secretKey, raw, headers[VERIFIED_MARKER_HEADER])) {
      return parseWebhookBody(raw)
    }
    const keys = options.webhookKeys
    if (!keys) {
      return refuse(headers[VERIFIED_MARKER_HEADER] === undefined ? "not_verified" : "invalid_verified_marker")
    }
    return verifyWebhook({ rawBody: raw, headers, keys, scheme: options.signatureScheme })
  } catch (error) {
    return refuse(error instanceof WebhookVerificationError ? error.reason : "malformed_payload")
  }
}

/**
 * The session and amount a verified payment delivery names (its link's `metadata.session_id`, the
 * transaction's amount): only a key to look up a paid verdict that a read confirmed, never trusted
 * on its own. Undefined when either is missing or unreadable.
 */
export function paidVerdictHint(data: Record<string, unknown>): ExpectedPayment | undefined {
  const metadata = data.metadata as Record<string, unknown> | null | undefined
  const sessionId = metadata?.session_id
  if (typeof sessionId !== "string" || !sessionId || (typeof data.amount !== "string" && typeof data.amount !== "number")) {
    return undefined
  }
  try {
    return { session_id: sessionId, amount: parseAmount(String(data.amount)), currency_code: "sar" }
  } catch {
    return undefined
  }
}

// Medusa hands headers as Node gives them: any case, a repeated one as an array.
function lowerCased(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === "string") {
      out[name.toLowerCase()] = value
    } else if (Array.isArray(value) && value.length === 1 && typeof value[0] === "string") {
      out[name.toLowerCase()] = value[0]
    }
  }
  return out
}
