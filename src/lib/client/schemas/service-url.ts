import { z } from "zod"
import { isLoopbackUrl } from "../../loopback"

/**
 * URLs the service supplies for people to open (a link's checkout page). A page is opened from the
 * admin and the storefront, so only `https:` is accepted, and `http:` to this machine when the
 * client speaks to the sandbox; anything else (`javascript:`, `data:`, plain http elsewhere) is read
 * as absent rather than failing the whole answer, and the client logs that it was left out.
 */

interface UrlReading {
  loopbackHttp: boolean
  dropped: string[]
}

// Set only for the duration of one synchronous parse (see readingServiceUrls), so reads never mix.
let reading: UrlReading | undefined

/** Whether `value` is a URL a person may be sent to: https, or http to this machine when `loopbackHttp`. */
export function isSafeServiceUrl(value: string, loopbackHttp: boolean): boolean {
  if (!URL.canParse(value)) {
    return false
  }
  const url = new URL(value)
  return url.protocol === "https:" || (loopbackHttp && url.protocol === "http:" && isLoopbackUrl(url))
}

/**
 * Runs a synchronous parse with the client's rule for http to this machine (the sandbox's), and
 * returns what it left out: the scheme of each refused URL, never the URL itself.
 */
export function readingServiceUrls<T>(loopbackHttp: boolean, parse: () => T): { value: T; dropped: string[] } {
  const previous = reading
  reading = { loopbackHttp, dropped: [] }
  try {
    return { value: parse(), dropped: reading.dropped }
  } finally {
    reading = previous
  }
}

function readServiceUrl(value: unknown): string | null | undefined {
  if (value === undefined) {
    return undefined
  }
  if (value === null || value === "") {
    return null
  }
  if (typeof value === "string" && isSafeServiceUrl(value, reading?.loopbackHttp ?? false)) {
    return value
  }
  reading?.dropped.push(
    typeof value === "string" && URL.canParse(value) ? new URL(value).protocol : `a ${typeof value} that is no URL`
  )
  return null
}

/**
 * A URL of an answer for people to open, which the service may leave out (undefined) or send as null;
 * an unsafe or malformed one reads as null (see above).
 */
export const ServiceUrl = z.unknown().optional().transform(readServiceUrl)

/** A URL the answer must carry (the checkout page of a new link): present, and null when unsafe. */
export const RequiredServiceUrl = z
  .string()
  .min(1, "must not be empty")
  .transform((value) => readServiceUrl(value) ?? null)
