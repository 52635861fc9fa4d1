import { constants } from "node:crypto"

/** How X-Signature is computed over the raw body (D18); PSS is what the live service uses. */
export type WebhookSignatureScheme = "rsa-pss-sha256" | "rsa-pkcs1-sha256"

export const WEBHOOK_SIGNATURE_SCHEMES: readonly WebhookSignatureScheme[] = ["rsa-pss-sha256", "rsa-pkcs1-sha256"]

export const DEFAULT_WEBHOOK_SIGNATURE_SCHEME: WebhookSignatureScheme = "rsa-pss-sha256"

/** The digest of both schemes; for PSS also the MGF1 digest, which OpenSSL ties to it by default. */
export const WEBHOOK_DIGEST = "sha256"

/** Rejects a scheme setting that is not one of WEBHOOK_SIGNATURE_SCHEMES, naming the valid ones. */
export function assertScheme(scheme: unknown): asserts scheme is WebhookSignatureScheme {
  if (!WEBHOOK_SIGNATURE_SCHEMES.includes(scheme as WebhookSignatureScheme)) {
    throw new TypeError(`Unknown webhook signature scheme; use one of ${WEBHOOK_SIGNATURE_SCHEMES.join(", ")}.`)
  }
}

/**
 * Padding options for crypto.sign / crypto.verify. Signing uses a salt as long as the digest (32 bytes),
 * the common choice; verifying accepts any salt length ("auto", D18) because the sender's is not shown.
 */
export function paddingOptions(scheme: WebhookSignatureScheme, use: "sign" | "verify"): { padding: number; saltLength?: number } {
  if (scheme === "rsa-pkcs1-sha256") {
    return { padding: constants.RSA_PKCS1_PADDING }
  }
  return {
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: use === "sign" ? constants.RSA_PSS_SALTLEN_DIGEST : constants.RSA_PSS_SALTLEN_AUTO,
  }
}
