import type { Response } from "express"

/**
 * Headers for every checkout page. Pages hold card data, so nothing is cached or leaked through the
 * referrer, and the policy allows only inline styles: no scripts, images, fonts or frames.
 * Forms may post to this origin and, because browsers apply form-action to the redirect that follows
 * a post, to the link's callback origin. frame-ancestors is left open on purpose: the service's
 * embedded checkout shows these pages inside the merchant's site.
 */
export function setPageHeaders(res: Response, callbackOrigin: string | null): void {
  const formAction = callbackOrigin ? `'self' ${callbackOrigin}` : "'self'"
  res.set({
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'`,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Type": "text/html; charset=utf-8",
  })
}
