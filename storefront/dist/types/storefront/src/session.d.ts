import type { StoreCartLike, StoreHeaders, StorePaymentSessionLike, StoreSdk } from "./sdk";
/** Every registration of the plugin is a provider `pp_installments_<id>` (its `id` in medusa-config.ts). */
export declare const INSTALLMENTS_PROVIDER_PREFIX = "pp_installments_";
/** Whether a payment provider (or session's `provider_id`) is one of the plugin's registrations. */
export declare function isInstallmentsProvider(providerId: string | null | undefined): boolean;
/**
 * The data an installments session is created with: the cart's id (filled into the provider's
 * `callbackUrl`, and the cart the webhook completes; the plugin refuses any other cart's id) and the
 * page's language, for every word the plugin writes to the shopper.
 */
export declare function installmentsSessionData(cartId: string, locale?: string | null): {
    cart_id: string;
    locale?: string;
};
/**
 * The cart's installments session: the pending one, else the last one the shopper chose (after a
 * decline or a cancel no session is pending, and paying again asks for a new link with its provider).
 */
export declare function installmentsSessionOf(cart: StoreCartLike | null | undefined): StorePaymentSessionLike | undefined;
/** Why a session's link cannot be used any more. */
export type LinkRefusal = "no_session" | "not_pending" | "failed" | "used" | "no_url" | "expired";
/** Whether the shopper can be sent to the session's link, and if not, why. */
export type LinkState = {
    usable: true;
    url: string;
    expiresAt: number | null;
} | {
    usable: false;
    reason: LinkRefusal;
};
/** Links closer to their expiry than this are treated as expired: the shopper needs time on the hosted page. */
export declare const LINK_EXPIRY_MARGIN_MS = 60000;
/**
 * Whether a session's link can still be used. A link is single-use: once the shopper came back
 * without paying (`used`: the return route sent them back with a message), or the plugin recorded why
 * it was not paid (`failure_reason`: a declined card, a bank rejection), or the session is no longer
 * pending, paying again needs a fresh link; so does a link past its `expires_at` (the provider's
 * `linkTtlMinutes`), less `marginMs`.
 */
export declare function linkState(session: StorePaymentSessionLike | null | undefined, options?: {
    used?: boolean;
    now?: number;
    marginMs?: number;
}): LinkState;
/** Raised when no link can be had; `message` is in the shopper's language. */
export declare class InstallmentsStorefrontError extends Error {
    readonly code: "no_link" | "no_provider";
    constructor(message: string, code: "no_link" | "no_provider");
}
/** Options for starting (or refreshing) an installments session. */
export interface StartSessionOptions {
    /** The registration to pay with (`pp_installments_bnpl`…); default: the cart's installments session's. */
    providerId?: string;
    /** The page's language (`ar`, `en-US`…): the plugin's words to the shopper follow it. */
    locale?: string | null;
    headers?: StoreHeaders;
}
/**
 * Starts an installments payment session for the cart, or a fresh one in place of a used or expired
 * link (Medusa replaces the collection's sessions), with the data the plugin needs. Returns the new
 * session and its link. A refusal of the store (a total below the registration's minimum, the
 * service unavailable) rejects with the store's error, whose message is the plugin's, in `locale`.
 */
export declare function startInstallmentsSession(sdk: StoreSdk, cart: StoreCartLike, options?: StartSessionOptions): Promise<{
    session: StorePaymentSessionLike;
    url: string;
}>;
/**
 * The link to send the shopper to: the session's own while it can be used, else a fresh one
 * (`startInstallmentsSession`). `used`: the shopper is back from the hosted page without an order
 * (the review step's `?error=`), so the link they had was spent.
 */
export declare function paymentLink(sdk: StoreSdk, cart: StoreCartLike, options?: StartSessionOptions & {
    used?: boolean;
    now?: number;
}): Promise<string>;
