import type { StoreHeaders, StoreSdk } from "./sdk";
/** The query parameter that marks the second request of the cookie hop. */
export declare const RETURN_HOP_PARAM = "back";
/** The route's parameters, as Next.js 15 hands them to a route handler (a promise) or as an object. */
export type RouteParams = Record<string, string | string[] | undefined>;
export interface RouteContext {
    params?: Promise<RouteParams> | RouteParams;
}
/** Where the return route sends the shopper; each gets the route's parameters (`countryCode`…). */
export interface ReturnRouteOptions {
    sdk: StoreSdk;
    /** The shopper's headers for the store (the starter's `getAuthHeaders`), read on the hop's second request. */
    headers?: () => StoreHeaders | Promise<StoreHeaders>;
    /** The order confirmation; default `/<countryCode>/order/<id>/confirmed`. */
    orderPath?: (order: {
        id: string;
        display_id?: number | null;
    }, params: RouteParams) => string;
    /** The step the shopper pays again from; `error=<message>` is added; default `/<countryCode>/checkout?step=review`. */
    retryPath?: (params: RouteParams) => string;
    /** A return without a cart id; default `/<countryCode>/cart`. */
    cartPath?: (params: RouteParams) => string;
    /** After an order: forget the cart (the starter's `removeCartId`), revalidate caches. */
    onOrder?: (order: {
        id: string;
    }) => void | Promise<void>;
    /** After every decision: revalidate the cart's cache. */
    onSettled?: () => void | Promise<void>;
    /** The page's language, for the kit's fallback words (the plugin's own follow the cart). */
    locale?: string;
}
/**
 * The page of the cookie hop: it replaces its own location with `target` from the storefront's own
 * site. A shopper arrives at the return route by a redirect from the service's site, and on it (and
 * on any redirect it leads to) the browser withholds `SameSite=Strict` cookies such as the starter's
 * cart and login; the page's navigation is same-site, so the next request carries them.
 */
export declare function cookieHopPage(target: string, locale?: string): string;
/**
 * The return route (the provider's `callbackUrl`), as a web-standard handler: `export const GET =
 * installmentsReturnRoute({ sdk, headers: getAuthHeaders, onOrder: removeCartId })` in a Next.js
 * `route.ts`; any server that speaks `Request`/`Response` (Remix, Hono, a Worker) can mount it too.
 * First the cookie hop, then `decideReturn`: the order confirmation, or back to pay with `?error=`.
 */
export declare function installmentsReturnRoute(options: ReturnRouteOptions): (request: Request, context?: RouteContext) => Promise<Response>;
