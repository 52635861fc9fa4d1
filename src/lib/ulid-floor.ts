/** The prefix of Medusa's payment session ids (`payses_<ULID>`). */
export const PAYMENT_SESSION_ID_PREFIX = "payses"

// Crockford's base32, the alphabet of ULIDs.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/**
 * The smallest `<prefix>_<ULID>` id generated at or after `at`: Medusa's ids are a prefix and a ULID,
 * whose first 10 characters are the creation time in milliseconds, so `id >= idFloor(prefix, at)`
 * finds the rows created since `at` through the primary key.
 */
export function idFloor(prefix: string, at: Date): string {
  let ms = Math.max(0, Math.floor(at.getTime()))
  let time = ""
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[ms % 32] + time
    ms = Math.floor(ms / 32)
  }
  return `${prefix}_${time}`
}
