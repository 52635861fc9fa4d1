import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto"
import { readRawBytes } from "./raw-body"
import { DEFAULT_WEBHOOK_SIGNATURE_SCHEME, WEBHOOK_DIGEST, assertScheme, paddingOptions, type WebhookSignatureScheme } from "./schemes"

export interface SignWebhookInput {
  /** The exact body bytes that will be sent; a string is sent as UTF-8. */
  payload: string | Buffer | Uint8Array
  /** PKCS#8 (or PKCS#1) PEM private key, or a KeyObject. */
  privateKey: string | KeyObject
  scheme?: WebhookSignatureScheme
}

// A type alias, not an interface, so it stays assignable to a plain header record (WebhookHeaders).
/** Headers of a signed delivery, lower-case as Node sends them. */
export type SignedDeliveryHeaders = {
  "content-type": "application/json"
  "x-api-key": string
  "x-signature": string
}

/** An RSA key pair as the service hands it out (public, SPKI PEM) and keeps it (private, PKCS#8 PEM). */
export interface WebhookKeyPair {
  publicKey: string
  privateKey: string
}

/**
 * Base64 X-Signature over the exact payload bytes (D18). Named for tests, but the sandbox signs real
 * deliveries with it, so it is the reference implementation of the sender's side.
 */
export function signWebhookForTests({ payload, privateKey, scheme = DEFAULT_WEBHOOK_SIGNATURE_SCHEME }: SignWebhookInput): string {
  assertScheme(scheme)
  // Only true byte shapes: signing a serialized-Buffer object would be a caller mistake.
  const bytes = typeof payload === "string" || ArrayBuffer.isView(payload) ? readRawBytes(payload) : null
  if (bytes === null) {
    throw new TypeError("Webhook payload to sign must be the exact body: a string, Buffer or Uint8Array.")
  }
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey
  return sign(WEBHOOK_DIGEST, bytes, { key, ...paddingOptions(scheme, "sign") }).toString("base64")
}

/** The headers of a delivery of `payload`, signed with the key registered under `keyPrefix`. */
export function signedDeliveryHeaders(input: SignWebhookInput & { keyPrefix: string }): SignedDeliveryHeaders {
  // A header value with control characters would be refused by Node or split the header block.
  if (typeof input.keyPrefix !== "string" || !/^[\x21-\x7e]+$/.test(input.keyPrefix)) {
    throw new TypeError("keyPrefix must be the non-empty api_key.prefix of the registration (printable ASCII).")
  }
  return {
    "content-type": "application/json",
    "x-api-key": input.keyPrefix,
    "x-signature": signWebhookForTests(input),
  }
}

/** A fresh RSA-2048 webhook key pair as PEM (public SPKI, private PKCS#8). */
export function generateWebhookKeyPair(): WebhookKeyPair {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  })
}
