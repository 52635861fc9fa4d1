import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * Header the plugin's webhook middleware sets after it verified a delivery's signature, so the
 * provider (which cannot reach the keys stored in the plugin's module) knows the body is authentic.
 * Its value is HMAC-SHA256 of the raw body under the registration's secret key: a sender cannot
 * forge it without the secret, and any copy sent from outside is removed before it is set.
 */
export const VERIFIED_MARKER_HEADER = "x-installments-verified"

/** The marker value for a verified raw body. */
export function verifiedMarker(secretKey: string, rawBody: Buffer): string {
  return createHmac("sha256", secretKey).update(rawBody).digest("hex")
}

/** True when the header carries the marker for exactly this raw body. */
export function hasVerifiedMarker(secretKey: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== "string") {
    return false
  }
  const expected = Buffer.from(verifiedMarker(secretKey, rawBody), "utf8")
  const given = Buffer.from(header, "utf8")
  return given.length === expected.length && timingSafeEqual(given, expected)
}
