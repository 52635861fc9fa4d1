/** Why a webhook delivery was refused. Every reason means "do not process this delivery". */
export type WebhookVerificationReason =
  "missing_signature" | "missing_key_id" | "unknown_key" | "bad_signature" | "raw_body_required" | "malformed_payload"

/** Where a malformed payload went wrong: a zod path and issue code, never the offending value. */
export interface WebhookPayloadIssue {
  path: string
  code: string
}

// Default messages say what to fix. None of them, nor any caller-supplied detail, may quote the body,
// the signature or a key: D18 forbids logging a refused delivery's body, and these messages get logged.
const DEFAULT_MESSAGES: Record<WebhookVerificationReason, string> = {
  missing_signature:
    "The X-Signature header is missing or empty. Deliveries carry a base64 RSA signature of the raw body " +
    "in X-Signature; make sure every proxy in front of the route forwards it.",
  missing_key_id:
    "The X-API-Key header is missing or empty. It carries the api_key.prefix of the webhook registration " +
    "and selects the public key; make sure every proxy in front of the route forwards it.",
  unknown_key:
    "No configured webhook public key matches the X-API-Key prefix of this delivery. Add the api_key.prefix " +
    "and api_key.public_key from the webhook registration response to the webhook keys setting.",
  bad_signature:
    "X-Signature does not verify over the raw request body with the public key of this X-API-Key prefix. " +
    "Pass the body byte for byte as received (not re-serialized JSON), check that the public key belongs to " +
    "this registration, and that the signature scheme setting matches the service.",
  raw_body_required:
    "Webhook verification needs the exact raw request bytes (Buffer, Uint8Array or string), not a parsed " +
    "object: the signature covers the bytes as sent. Capture the raw body (e.g. Medusa's preserveRawBody " +
    "and req.rawBody, or express.raw) and pass it as rawBody.",
  malformed_payload:
    "The webhook body is not a valid event: a JSON object with event (the event name) and data naming its payment link.",
}

/** A refused webhook delivery; `reason` is stable for code, `message` is for people and logs. */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason
  /** Set for malformed_payload when the body was JSON but not a valid event. */
  readonly issues?: readonly WebhookPayloadIssue[]

  constructor(reason: WebhookVerificationReason, message: string = DEFAULT_MESSAGES[reason], issues?: readonly WebhookPayloadIssue[]) {
    super(message)
    this.name = "WebhookVerificationError"
    this.reason = reason
    if (issues) {
      this.issues = issues
    }
  }
}
