import type { SessionSdk, StoreCartLike, StoreHeaders, StorePaymentSessionLike } from "./sdk"
import { storefrontWords } from "./words"

/** Every registration of the plugin is a provider `pp_installments_<id>` (its `id` in medusa-config.ts). */
export const INSTALLMENTS_PROVIDER_PREFIX = "pp_installments_"

/** Whether a payment provider (or session's `provider_id`) is one of the plugin's registrations. */
export function isInstallmentsProvider(providerId: string | null | undefined): boolean {
  return typeof providerId === "string" && providerId.startsWith(INSTALLMENTS_PROVIDER_PREFIX)
}

/**
 * The data an installments session is created with: the cart's id (filled into the provider's
 * `callbackUrl`, and the cart the webhook completes; the plugin refuses any other cart's id) and the
 * page's language, for every word the plugin writes to the shopper.
 */
export function installmentsSessionData(cartId: string, locale?: string | null): { cart_id: string; locale?: string } {
  return locale ? { cart_id: cartId, locale } : { cart_id: cartId }
}

/**
 * The cart's installments session: the pending one, else the last one the shopper chose (after a
 * decline or a cancel no session is pending, and paying again asks for a new link with its provider).
 */
export function installmentsSessionOf(cart: StoreCartLike | null | undefined): StorePaymentSessionLike | undefined {
  const sessions = (cart?.payment_collection?.payment_sessions ?? []).filter((session) => isInstallmentsProvider(session.provider_id))
  return sessions.find((session) => session.status === "pending") ?? sessions[sessions.length - 1]
}

/** Why a session's link cannot be used any more. */
export type LinkRefusal = "no_session" | "not_pending" | "failed" | "used" | "no_url" | "expired"

/** Whether the shopper can be sent to the session's link, and if not, why. */
export type LinkState = { usable: true; url: string; expiresAt: number | null } | { usable: false; reason: LinkRefusal }

/** Links closer to their expiry than this are treated as expired: the shopper needs time on the hosted page. */
export const LINK_EXPIRY_MARGIN_MS = 60_000

/**
 * Whether a session's link can still be used. A link is single-use: once the shopper came back
 * without paying (`used`: the return route sent them back with a message), or the plugin recorded why
 * it was not paid (`failure_reason`: a declined card, a bank rejection), or the session is no longer
 * pending, paying again needs a fresh link; so does a link past its `expires_at` (the provider's
 * `linkTtlMinutes`), less `marginMs`.
 */
export function linkState(
  session: StorePaymentSessionLike | null | undefined,
  options: { used?: boolean; now?: number; marginMs?: number } = {}
): LinkState {
  if (!session) {
    return { usable: false, reason: "no_session" }
  }
  if (session.status !== undefined && session.status !== "pending") {
    return { usable: false, reason: "not_pending" }
  }
  const data = session.data ?? {}
  if (typeof data.failure_reason === "string" && data.failure_reason) {
    return { usable: false, reason: "failed" }
  }
  if (options.used) {
    return { usable: false, reason: "used" }
  }
  if (typeof data.url !== "string" || !data.url) {
    return { usable: false, reason: "no_url" }
  }
  const expiresAt =
    typeof data.expires_at === "string" || typeof data.expires_at === "number" ? Date.parse(String(data.expires_at)) : NaN
  const now = options.now ?? Date.now()
  // A link whose expiry cannot be read is not trusted: asking for a fresh one costs one request.
  if (!(expiresAt - (options.marginMs ?? LINK_EXPIRY_MARGIN_MS) > now)) {
    return { usable: false, reason: "expired" }
  }
  return { usable: true, url: data.url, expiresAt }
}

/** Raised when no link can be had; `message` is in the shopper's language. */
export class InstallmentsStorefrontError extends Error {
  constructor(
    message: string,
    readonly code: "no_link" | "no_provider"
  ) {
    super(message)
    this.name = "InstallmentsStorefrontError"
  }
}

/** Options for starting (or refreshing) an installments session. */
export interface StartSessionOptions {
  /** The registration to pay with (`pp_installments_bnpl`…); default: the cart's installments session's. */
  providerId?: string
  /** The page's language (`ar`, `en-US`…): the plugin's words to the shopper follow it. */
  locale?: string | null
  headers?: StoreHeaders
}

/**
 * Starts an installments payment session for the cart, or a fresh one in place of a used or expired
 * link (Medusa replaces the collection's sessions), with the data the plugin needs. Returns the new
 * session and its link. A refusal of the store (a total below the registration's minimum, the
 * service unavailable) rejects with the store's error, whose message is the plugin's, in `locale`.
 */
export async function startInstallmentsSession(
  sdk: SessionSdk,
  cart: StoreCartLike,
  options: StartSessionOptions = {}
): Promise<{ session: StorePaymentSessionLike; url: string }> {
  const words = storefrontWords(options.locale)
  const providerId = options.providerId ?? installmentsSessionOf(cart)?.provider_id
  if (!providerId || !isInstallmentsProvider(providerId)) {
    throw new InstallmentsStorefrontError(words.pageUnavailable, "no_provider")
  }
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(
    cart,
    { provider_id: providerId, data: installmentsSessionData(cart.id, options.locale) },
    {},
    options.headers
  )
  const session = (payment_collection.payment_sessions ?? []).find(
    (candidate) => candidate.provider_id === providerId && (candidate.status ?? "pending") === "pending"
  )
  const url = session?.data?.url
  if (!session || typeof url !== "string" || !url) {
    throw new InstallmentsStorefrontError(words.pageUnavailable, "no_link")
  }
  return { session, url }
}

/**
 * The link to send the shopper to: the session's own while it can be used, else a fresh one
 * (`startInstallmentsSession`). `used`: the shopper is back from the hosted page without an order
 * (the review step's `?error=`), so the link they had was spent.
 */
export async function paymentLink(
  sdk: SessionSdk,
  cart: StoreCartLike,
  options: StartSessionOptions & { used?: boolean; now?: number } = {}
): Promise<string> {
  const session = installmentsSessionOf(cart)
  const state = linkState(session, { used: options.used, now: options.now })
  if (state.usable && (!options.providerId || options.providerId === session?.provider_id)) {
    return state.url
  }
  return (
    await startInstallmentsSession(sdk, cart, { providerId: options.providerId ?? session?.provider_id, ...withoutProvider(options) })
  ).url
}

function withoutProvider(options: StartSessionOptions): Omit<StartSessionOptions, "providerId"> {
  return { locale: options.locale, headers: options.headers }
}
