import { createHash, createPublicKey, timingSafeEqual, type KeyObject } from "node:crypto"

/** A webhook public key: the PEM from api_key.public_key, or a KeyObject made from it. */
export type WebhookPublicKey = string | KeyObject

/** The merchant's webhook keys by api_key.prefix, as a record or as a list (e.g. during rotation). */
export type WebhookKeys =
  Readonly<Record<string, WebhookPublicKey>> | ReadonlyArray<{ readonly prefix: string; readonly publicKey: WebhookPublicKey }>

interface KeyEntry {
  prefix: string
  publicKey: WebhookPublicKey
}

function entriesOf(keys: WebhookKeys): KeyEntry[] {
  if (Array.isArray(keys)) {
    return keys.map((entry: { prefix: string; publicKey: WebhookPublicKey }) => ({ ...entry }))
  }
  if (!keys || typeof keys !== "object") {
    throw new TypeError("Webhook keys must be a record { [api_key.prefix]: publicKeyPem } or a list of { prefix, publicKey }.")
  }
  return Object.entries(keys).map(([prefix, publicKey]) => ({ prefix, publicKey }))
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest()
}

/** How many webhook keys are configured, so an empty setting can be reported as such. */
export function countKeys(keys: WebhookKeys): number {
  return entriesOf(keys).length
}

/**
 * The configured key for a delivery's X-API-Key prefix, or undefined. The prefix is not secret (it
 * travels in clear), so this is defence in depth: every entry is compared, through equal-length
 * SHA-256 digests so timingSafeEqual applies, and the loop never exits early.
 */
export function findPublicKey(keys: WebhookKeys, prefix: string): KeyObject | undefined {
  const wanted = digest(prefix)
  let found: KeyEntry | undefined
  let matches = 0
  for (const entry of entriesOf(keys)) {
    if (typeof entry.prefix !== "string" || entry.prefix === "") {
      throw new TypeError("Every webhook key needs a non-empty prefix (the registration's api_key.prefix).")
    }
    if (timingSafeEqual(digest(entry.prefix), wanted)) {
      found = entry
      matches += 1
    }
  }
  if (matches > 1) {
    throw new TypeError("The same webhook key prefix is configured twice; keep one public key per api_key.prefix.")
  }
  return found ? toRsaPublicKey(found.publicKey) : undefined
}

// Parsed PEMs, so a delivery costs a signature check and not a key parse too. Keys are a handful
// per registration; the map is emptied if it ever holds more than this.
const MAX_PARSED_KEYS = 100
const parsedKeys = new Map<string, KeyObject>()

// A broken key is a configuration error, not a bad delivery: it surfaces as a TypeError (a 500 that
// the service retries) instead of a verification failure (a final 4xx). The PEM is never quoted.
function toRsaPublicKey(key: WebhookPublicKey): KeyObject {
  const parsed = typeof key === "string" ? parsedKeys.get(key) : undefined
  if (parsed) {
    return parsed
  }
  let keyObject: KeyObject
  try {
    keyObject = typeof key !== "string" && key?.type === "public" ? key : createPublicKey(key)
  } catch {
    throw new TypeError(
      "The webhook public key configured for this X-API-Key prefix is not a valid PEM key; paste " +
        "api_key.public_key from the registration response unchanged, including its BEGIN/END lines."
    )
  }
  if (keyObject.asymmetricKeyType !== "rsa" && keyObject.asymmetricKeyType !== "rsa-pss") {
    throw new TypeError("The webhook public key configured for this X-API-Key prefix is not an RSA key.")
  }
  if (typeof key === "string") {
    if (parsedKeys.size >= MAX_PARSED_KEYS) {
      parsedKeys.clear()
    }
    parsedKeys.set(key, keyObject)
  }
  return keyObject
}
