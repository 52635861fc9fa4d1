import { RETURN_ERROR_PARAM } from "./checkout"
import { decideReturn } from "./return"
import { returnCartId } from "./return"
import type { StoreHeaders, StoreSdk } from "./sdk"
import { storefrontWords } from "./words"

/** The query parameter that marks the second request of the cookie hop. */
export const RETURN_HOP_PARAM = "back"

/** The route's parameters, as Next.js 15 hands them to a route handler (a promise) or as an object. */
export type RouteParams = Record<string, string | string[] | undefined>
export interface RouteContext {
  params?: Promise<RouteParams> | RouteParams
}

/** Where the return route sends the shopper; each gets the route's parameters (`countryCode`…). */
export interface ReturnRouteOptions {
  sdk: StoreSdk
  /** The shopper's headers for the store (the starter's `getAuthHeaders`), read on the hop's second request. */
  headers?: () => StoreHeaders | Promise<StoreHeaders>
  /** The order confirmation; default `/<countryCode>/order/<id>/confirmed`. */
  orderPath?: (order: { id: string; display_id?: number | null }, params: RouteParams) => string
  /** The step the shopper pays again from; `error=<message>` is added; default `/<countryCode>/checkout?step=review`. */
  retryPath?: (params: RouteParams) => string
  /** A return without a cart id; default `/<countryCode>/cart`. */
  cartPath?: (params: RouteParams) => string
  /** After an order: forget the cart (the starter's `removeCartId`), revalidate caches. */
  onOrder?: (order: { id: string }) => void | Promise<void>
  /** After every decision: revalidate the cart's cache. */
  onSettled?: () => void | Promise<void>
  /**
   * Revalidates a cache by name: `"carts"` after every decision, `"orders"` after an order (Medusa's
   * Next.js starters: `async (name) => revalidateTag(await getCacheTag(name))`).
   */
  revalidate?: (name: "carts" | "orders") => void | Promise<void>
  /** The page's language, for the kit's fallback words (the plugin's own follow the cart). */
  locale?: string
}

const prefix = (params: RouteParams) => (typeof params.countryCode === "string" ? `/${params.countryCode}` : "")

/**
 * The page of the cookie hop: it replaces its own location with `target` from the storefront's own
 * site. A shopper arrives at the return route by a redirect from the service's site, and on it (and
 * on any redirect it leads to) the browser withholds `SameSite=Strict` cookies such as the starter's
 * cart and login; the page's navigation is same-site, so the next request carries them.
 */
export function cookieHopPage(target: string, locale?: string): string {
  const words = storefrontWords(locale)
  const attribute = target.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
  // JSON in a script: "<" escaped so the target cannot close the element.
  const script = JSON.stringify(target).replace(/</g, "\\u003c")
  return (
    `<!doctype html><html lang="${words.language}" dir="${words.dir}"><head><meta charset="utf-8">` +
    `<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0;url=${attribute}">` +
    `<title>${words.returning}</title></head><body><p>${words.returning}</p>` +
    `<script>location.replace(${script})</script></body></html>`
  )
}

const redirect = (location: URL) =>
  new Response(null, { status: 303, headers: { location: location.toString(), "cache-control": "no-store" } })

/**
 * The return route (the provider's `callbackUrl`), as a web-standard handler: `export const GET =
 * installmentsReturnRoute({ sdk, headers: getAuthHeaders, onOrder: removeCartId })` in a Next.js
 * `route.ts`; any server that speaks `Request`/`Response` (Remix, Hono, a Worker) can mount it too.
 * First the cookie hop, then `decideReturn`: the order confirmation, or back to pay with `?error=`.
 */
export function installmentsReturnRoute(options: ReturnRouteOptions): (request: Request, context?: RouteContext) => Promise<Response> {
  return async (request, context) => {
    const params: RouteParams = (await context?.params) ?? {}
    const url = new URL(request.url)
    const cartId = returnCartId(url)
    if (!cartId) {
      return redirect(new URL(options.cartPath?.(params) ?? `${prefix(params)}/cart`, url))
    }
    if (!url.searchParams.has(RETURN_HOP_PARAM)) {
      const back = new URL(url)
      back.searchParams.set(RETURN_HOP_PARAM, "1")
      return new Response(cookieHopPage(back.pathname + back.search, options.locale), {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      })
    }
    const headers = options.headers ? await options.headers() : undefined
    const decision = await decideReturn(options.sdk, cartId, { locale: options.locale, headers })
    await options.revalidate?.("carts")
    await options.onSettled?.()
    if (decision.kind === "order") {
      await options.revalidate?.("orders")
      await options.onOrder?.(decision.order)
      return redirect(
        new URL(options.orderPath?.(decision.order, params) ?? `${prefix(params)}/order/${decision.orderId}/confirmed`, url)
      )
    }
    const target = new URL(options.retryPath?.(params) ?? `${prefix(params)}/checkout?step=review`, url)
    target.searchParams.set(RETURN_ERROR_PARAM, decision.message)
    return redirect(target)
  }
}
