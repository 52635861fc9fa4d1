import type { ShopperLanguage } from "./service-errors"

/**
 * The language of the cart, for the plugin's words to its shopper: the `locale` (or `language`) the
 * storefront put in the payment session's data (`ar`, `ar-SA`, `en-US`...), else the registration's
 * `language` option, which is also the language of the hosted page. Medusa gives a payment provider
 * the session's data, not the cart.
 */
export function shopperLanguage(data: Record<string, unknown> | undefined, fallback: ShopperLanguage): ShopperLanguage {
  for (const value of [data?.locale, data?.language]) {
    const primary = typeof value === "string" ? value.trim().toLowerCase().split(/[-_]/)[0] : undefined
    if (primary === "ar" || primary === "en") {
      return primary
    }
  }
  return fallback
}
