/** Hosts that name this machine: the only ones where plain http:// is accepted (the local sandbox). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Whether a URL's host is this machine (`localhost`, `127.0.0.1`, `[::1]`). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase())
}

/** The rule of a service base URL, in the words of an options error (the option's name first). */
export const SERVICE_URL_RULE =
  "must use https:// (the secret key is sent with every call); http:// is accepted only for localhost, 127.0.0.1 or [::1]"

/**
 * Whether the secret key may be sent to this base URL: false only for plain http to another machine
 * (D28). A value that is no http(s) URL passes here: the check that it is one says so in its own words.
 */
export function isSafeServiceUrl(value: string): boolean {
  if (!URL.canParse(value)) {
    return true
  }
  const url = new URL(value)
  return url.protocol !== "http:" || isLoopbackUrl(url)
}
