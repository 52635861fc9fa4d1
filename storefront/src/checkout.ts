import { installmentsOnlyAvailability, type AmountLike, type BankProgramme } from "./plans"
import type { StoreCartLike } from "./sdk"
import { installmentsSessionData, isInstallmentsProvider } from "./session"

// The checkout page's side of the plugin, framework-free: which ways to pay to offer, the body that
// starts a session, whether the shopper may change the way to pay after a refusal, and the review
// step's query (`?error=` from the return route, and the way back to the payment step).

/** The query parameter the return route puts the shopper's message in (`checkout?step=review&error=…`). */
export const RETURN_ERROR_PARAM = "error"

/** What the kit reads of a page's query: `URLSearchParams`, Next.js's `useSearchParams()`, or a query string. */
export type SearchLike = { get(name: string): string | null; toString(): string } | string | null | undefined

const paramsOf = (search: SearchLike) => new URLSearchParams(typeof search === "string" ? search : (search?.toString() ?? ""))

/** The page's language (`<html lang>`) in a browser; undefined on a server, where the caller must say it. */
export function pageLocale(): string | undefined {
  return typeof document === "undefined" ? undefined : document.documentElement.lang || undefined
}

/**
 * The body that starts a payment session with the provider the shopper picked: for one of the
 * plugin's registrations it carries the session's data (`cart_id`, `locale`); other providers get
 * `{ provider_id }` alone, as before. `locale` defaults to the page's language.
 */
export function paymentSessionBody(
  providerId: string,
  cartId: string,
  locale: string | null | undefined = pageLocale()
): { provider_id: string; data?: { cart_id: string; locale?: string } } {
  return isInstallmentsProvider(providerId)
    ? { provider_id: providerId, data: installmentsSessionData(cartId, locale) }
    : { provider_id: providerId }
}

/**
 * Whether the shopper came back from the hosted page without paying: the cart has an installments
 * session but none is pending (a decline, a rejection, a cancel). The payment step then still offers
 * "Edit", so another way to pay is one click away.
 */
export function installmentsRefused(cart: StoreCartLike | null | undefined): boolean {
  const sessions = cart?.payment_collection?.payment_sessions ?? []
  return (
    sessions.some((session) => isInstallmentsProvider(session.provider_id)) &&
    !sessions.some((session) => session.status === "pending")
  )
}

/**
 * The ways to pay to offer for a total: every one the store lists, less a registration that offers
 * only installments (`checkoutMode: "installments"`, named in `installmentsOnly`) when the total is
 * below every bank's minimum. `unavailable` is then the line to show in its place ("0% installments
 * from 300.00 SAR", D48), else null.
 */
export function offeredPaymentMethods<T extends { id: string }>(
  methods: readonly T[] | null | undefined,
  total: AmountLike | null | undefined,
  options: { installmentsOnly: readonly string[]; locale?: string; banks?: readonly BankProgramme[] }
): { methods: T[]; unavailable: string | null } {
  const all = [...(methods ?? [])]
  const availability = installmentsOnlyAvailability(total ?? 0, { locale: options.locale, banks: options.banks })
  if (availability.eligible) {
    return { methods: all, unavailable: null }
  }
  const offered = all.filter((method) => !options.installmentsOnly.includes(method.id))
  return { methods: offered, unavailable: offered.length < all.length ? availability.line : null }
}

/** The shopper's message the return route sent back with (`?error=`), or null. */
export function returnRefusal(search: SearchLike): string | null {
  return paramsOf(search).get(RETURN_ERROR_PARAM) || null
}

/**
 * The link from the review step back to the payment step: the same query with `step=payment` and
 * without the refusal (`?step=payment&…`), relative to the current page.
 */
export function paymentStepHref(search: SearchLike, options: { stepParam?: string; step?: string } = {}): string {
  const params = paramsOf(search)
  params.set(options.stepParam ?? "step", options.step ?? "payment")
  params.delete(RETURN_ERROR_PARAM)
  return `?${params.toString()}`
}
