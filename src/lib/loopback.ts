/** Hosts that name this machine: the only ones where plain http:// is accepted (the local sandbox). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Whether a URL's host is this machine (`localhost`, `127.0.0.1`, `[::1]`). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase())
}
