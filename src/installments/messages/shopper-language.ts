/** The languages a shopper reads the plugin's words in. */
export type ShopperLanguage = "ar" | "en"

/** Where the shopper was when the service failed: starting the payment or confirming it. */
export type ShopperStage = "start" | "confirm"

/** Why a session is not paid, for the shopper: the verdict names it, the words below say it. */
export type ShopperFailure = "expired" | "mismatch" | "bank_rejected" | "declined"

/** Every sentence the plugin writes for a shopper, in one language. */
export interface ShopperWords {
  /** The session's `failure_reason` after a read of its link. */
  failure: Record<ShopperFailure, string>
  /** Back from the hosted page without paying (cancelled, or closed it): nothing was refused. */
  notPaid: string
  /** The service failed while the payment was started or confirmed; the reference finds the log line. */
  unavailable: Record<ShopperStage, (reference: string) => string>
  /** A registration that offers only installments, for a total no bank offers a plan for (D48). */
  installmentsMinimum: (minimum: string, amount: string) => string
  /** A total that rounds to nothing. */
  amountTooSmall: string
  /** A cart in another currency than SAR. */
  currencyNotSar: string
  /** The promo line of `GET /store/installments/plans`: the longest 0% plan. */
  planLine: (months: number, monthly: string) => string
  /** The same line when no bank's minimum is met yet. */
  plansFrom: (minimum: string) => string
}

// The words follow the service's hosted page: Western digits and SAR amounts as the link shows them.
const WORDS: Record<ShopperLanguage, ShopperWords> = {
  en: {
    failure: {
      expired: "The payment link expired before it was paid. Start a new payment.",
      mismatch: "The payment does not match this order. Start a new payment.",
      bank_rejected: "The bank rejected the 0% installment request. Pay in full or try another card.",
      declined: "The card payment was declined or not authenticated. Try again with another card.",
    },
    notPaid: "The payment was not completed. Continue to payment to try again, or choose another payment method.",
    unavailable: {
      start: (reference) =>
        `Your installments payment could not be started just now. Please try again in a moment. Support reference: ${reference}.`,
      confirm: (reference) =>
        `Your payment could not be confirmed just now. Please try again in a moment. Support reference: ${reference}.`,
    },
    installmentsMinimum: (minimum, amount) =>
      `Installments are available for orders of ${minimum} SAR or more; this order is ${amount} SAR. Choose another payment method.`,
    amountTooSmall: "The amount to pay must be at least 0.01 SAR.",
    currencyNotSar: "This payment method takes Saudi riyals (SAR) only. Choose another payment method.",
    planLine: (months, monthly) => `or ${months} × ${monthly} SAR at 0%`,
    plansFrom: (minimum) => `0% installments from ${minimum} SAR`,
  },
  ar: {
    failure: {
      expired: "انتهت صلاحية رابط الدفع قبل إتمام الدفع. ابدأ عملية دفع جديدة.",
      mismatch: "الدفع لا يطابق هذا الطلب. ابدأ عملية دفع جديدة.",
      bank_rejected: "رفض البنك طلب التقسيط بدون فوائد. ادفع المبلغ كاملًا أو جرّب بطاقة أخرى.",
      declined: "رُفض الدفع بالبطاقة أو لم يكتمل التحقق منها. حاول مرة أخرى ببطاقة أخرى.",
    },
    notPaid: "لم يكتمل الدفع. تابع إلى الدفع للمحاولة مرة أخرى، أو اختر طريقة دفع أخرى.",
    unavailable: {
      start: (reference) => `تعذّر بدء الدفع بالتقسيط الآن. يُرجى المحاولة مرة أخرى بعد قليل. الرقم المرجعي للدعم: ${reference}.`,
      confirm: (reference) => `تعذّر تأكيد الدفع الآن. يُرجى المحاولة مرة أخرى بعد قليل. الرقم المرجعي للدعم: ${reference}.`,
    },
    installmentsMinimum: (minimum, amount) =>
      `التقسيط متاح للطلبات من ${minimum} ر.س فأكثر، وقيمة هذا الطلب ${amount} ر.س. اختر طريقة دفع أخرى.`,
    amountTooSmall: "يجب ألا يقل مبلغ الدفع عن 0.01 ر.س.",
    currencyNotSar: "طريقة الدفع هذه تقبل الريال السعودي فقط. اختر طريقة دفع أخرى.",
    planLine: (months, monthly) => `أو ${months} × ${monthly} ر.س بدون فوائد`,
    plansFrom: (minimum) => `تقسيط بدون فوائد ابتداءً من ${minimum} ر.س`,
  },
}

/** The plugin's words for a shopper in `language`: the one place they are written. */
export function shopperWords(language: ShopperLanguage): ShopperWords {
  return WORDS[language]
}

/** The language of a tag (`ar`, `ar-SA`, `en_US`...), when it is one the plugin speaks. */
export function languageOf(tag: unknown): ShopperLanguage | undefined {
  const primary = typeof tag === "string" ? tag.trim().toLowerCase().split(/[-_]/)[0] : undefined
  return primary === "ar" || primary === "en" ? primary : undefined
}

/**
 * The language of the cart, for the plugin's words to its shopper: the `locale` (or `language`) in
 * the payment session's data (`ar`, `ar-SA`, `en-US`...), which the storefront sends or the plugin
 * copies from the cart's own `locale` when the session is created, else the registration's
 * `language` option, which is also the language of the hosted page. Medusa gives a payment provider
 * the session's data, not the cart.
 */
export function shopperLanguage(data: Record<string, unknown> | undefined, fallback: ShopperLanguage): ShopperLanguage {
  return languageOf(data?.locale) ?? languageOf(data?.language) ?? fallback
}
