import { languageOf, shopperWords, type ShopperLanguage, type ShopperWords } from "../../src/installments/messages/shopper-language"

export { languageOf, shopperWords }
export type { ShopperLanguage, ShopperWords }

/** The words only a storefront shows (its buttons and panels); the plugin's own are `ShopperWords`. */
export interface StorefrontOnlyWords {
  /** The pay button, which sends the shopper to the hosted page. */
  continueToPayment: string
  /** The refusal panel's way out: back to the payment step. */
  chooseAnotherPaymentMethod: string
  /** No link could be had for the session (the store answered without one). */
  pageUnavailable: string
  /** The return route's cookie hop, for the instant a browser without JavaScript shows it. */
  returning: string
}

const STOREFRONT_WORDS: Record<ShopperLanguage, StorefrontOnlyWords> = {
  en: {
    continueToPayment: "Continue to payment",
    chooseAnotherPaymentMethod: "Choose another payment method",
    pageUnavailable: "The payment page could not be opened. Try again.",
    returning: "Returning to the store…",
  },
  ar: {
    continueToPayment: "المتابعة إلى الدفع",
    chooseAnotherPaymentMethod: "اختر طريقة دفع أخرى",
    pageUnavailable: "تعذّر فتح صفحة الدفع. حاول مرة أخرى.",
    returning: "جارٍ العودة إلى المتجر…",
  },
}

/** Every word a storefront shows about installments, in one language, with its writing direction. */
export type StorefrontWords = ShopperWords & StorefrontOnlyWords & { language: ShopperLanguage; dir: "rtl" | "ltr" }

/**
 * The language of a page's locale (`ar`, `ar-SA`, `en-US`…): Arabic or English, else `fallback`
 * (English unless told: a storefront page in another language reads the English words).
 */
export function languageFor(locale: unknown, fallback: ShopperLanguage = "en"): ShopperLanguage {
  return languageOf(locale) ?? fallback
}

/** The plugin's shopper words and the storefront's own, in the page's language. */
export function storefrontWords(locale?: unknown): StorefrontWords {
  const language = languageFor(locale)
  return { ...shopperWords(language), ...STOREFRONT_WORDS[language], language, dir: language === "ar" ? "rtl" : "ltr" }
}
