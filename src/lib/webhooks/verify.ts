import { verify } from "node:crypto"
import { WebhookVerificationError } from "./errors"
import { parseWebhookBody, type ParsedWebhookEvent } from "./events"
import { readHeader, type WebhookHeaders } from "./headers"
import { countKeys, findPublicKey, type WebhookKeys } from "./keys"
import { describeType, readRawBytes } from "./raw-body"
import { DEFAULT_WEBHOOK_SIGNATURE_SCHEME, WEBHOOK_DIGEST, assertScheme, paddingOptions, type WebhookSignatureScheme } from "./schemes"

export interface VerifyWebhookInput {
  /** The body exactly as received: Buffer, Uint8Array, string, or a JSON-serialized Buffer. */
  rawBody: unknown
  headers: WebhookHeaders
  keys: WebhookKeys
  scheme?: WebhookSignatureScheme
}

const SIGNATURE_HEADER = "X-Signature"
const KEY_ID_HEADER = "X-API-Key"
// Strict base64: Buffer.from(.., "base64") silently skips junk, which would hide a mangled header.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

function requireHeader(headers: WebhookHeaders, name: string, reason: "missing_signature" | "missing_key_id"): string {
  const read = readHeader(headers, name)
  if (read.kind === "ok") {
    return read.value
  }
  if (read.kind === "conflict") {
    throw new WebhookVerificationError(
      reason,
      `The ${name} header was sent more than once with different values; a delivery carries exactly one.`
    )
  }
  throw new WebhookVerificationError(reason)
}

/**
 * Checks X-Signature over the exact raw body with the key named by X-API-Key (D18) and returns the
 * verified bytes. Throws WebhookVerificationError for a refused delivery, TypeError for bad settings.
 */
export function verifyWebhookSignature({
  rawBody,
  headers,
  keys,
  scheme = DEFAULT_WEBHOOK_SIGNATURE_SCHEME,
}: VerifyWebhookInput): Buffer {
  assertScheme(scheme)
  const body = readRawBytes(rawBody)
  if (body === null) {
    throw new WebhookVerificationError(
      "raw_body_required",
      "Webhook verification needs the exact raw request bytes (Buffer, Uint8Array or string), got " +
        `${describeType(rawBody)}: the signature covers the bytes as sent, and parsed or re-serialized ` +
        "JSON differs. Capture the raw body (e.g. Medusa's preserveRawBody and req.rawBody, or express.raw) and " +
        "pass it as rawBody."
    )
  }
  const signatureText = requireHeader(headers, SIGNATURE_HEADER, "missing_signature")
  const prefix = requireHeader(headers, KEY_ID_HEADER, "missing_key_id")

  const key = findPublicKey(keys, prefix)
  if (!key) {
    throw new WebhookVerificationError(
      "unknown_key",
      countKeys(keys) === 0
        ? "No webhook public keys are configured, so no delivery can be verified. Add the api_key.prefix " +
            "and api_key.public_key from the webhook registration response to the webhook keys setting."
        : undefined
    )
  }

  if (!BASE64.test(signatureText)) {
    throw new WebhookVerificationError(
      "bad_signature",
      "X-Signature is not valid base64; it must be the base64 RSA signature of the raw body."
    )
  }
  let valid: boolean
  try {
    const signature = Buffer.from(signatureText, "base64")
    valid = verify(WEBHOOK_DIGEST, body, { key, ...paddingOptions(scheme, "verify") }, signature)
  } catch {
    // OpenSSL throws rather than answering false for some key/scheme mismatches (e.g. a PSS-only key
    // checked with PKCS#1 v1.5); either way the delivery is not authentic under this setting.
    valid = false
  }
  if (!valid) {
    throw new WebhookVerificationError("bad_signature")
  }
  return body
}

/**
 * Verifies a delivery (see verifyWebhookSignature), then parses its body (D19): an event of
 * docs/service-api.md, or an event name it does not list (to acknowledge and ignore).
 */
export function verifyWebhook(input: VerifyWebhookInput): ParsedWebhookEvent {
  return parseWebhookBody(verifyWebhookSignature(input))
}
