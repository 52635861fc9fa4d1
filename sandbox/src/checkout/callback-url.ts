// Only web URLs may receive the customer: a javascript: or data: callback would run in our origin's stead.
function parseWebUrl(raw: string | null): URL | null {
  if (!raw) {
    return null
  }
  try {
    const url = new URL(raw)
    return url.protocol === "http:" || url.protocol === "https:" ? url : null
  } catch {
    return null
  }
}

/** The callback URL with `params` set (replacing same-named ones, keeping the rest); null if unusable. */
export function buildCallbackUrl(raw: string | null, params: Record<string, string>): string | null {
  const url = parseWebUrl(raw)
  if (!url) {
    return null
  }
  for (const [name, value] of Object.entries(params)) {
    url.searchParams.set(name, value)
  }
  return url.toString()
}

/** Origin of a usable callback URL, for the page's form-action policy; null if unusable. */
export function callbackOrigin(raw: string | null): string | null {
  return parseWebUrl(raw)?.origin ?? null
}
