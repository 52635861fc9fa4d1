// Crockford's base32, the alphabet of ULIDs.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/**
 * When a `<prefix>_<ULID>` id was made (Medusa's ids are a prefix and a ULID whose first 10
 * characters are the creation time in milliseconds); undefined for an id that is not one.
 */
export function idTime(id: string): Date | undefined {
  const ulid = id.slice(id.lastIndexOf("_") + 1).toUpperCase()
  if (ulid.length < 10) {
    return undefined
  }
  let ms = 0
  for (const char of ulid.slice(0, 10)) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) {
      return undefined
    }
    ms = ms * 32 + digit
  }
  // A ULID's time fits in 48 bits; anything above is not a time.
  return ms < 2 ** 48 ? new Date(ms) : undefined
}
