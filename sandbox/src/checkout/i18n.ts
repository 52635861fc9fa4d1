import type { CheckoutLanguage } from "./engine"
import { html, type SafeHtml } from "./html"

/** Every string the hosted pages show, per language. */
export interface Messages {
  dir: "rtl" | "ltr"
  /** This language's name in itself, shown on the toggle of the other language's page. */
  languageName: string
  currency: string
  /** Card funding types as the BIN table names them; unknown types are shown as given. */
  cardTypes: Record<string, string>
  languageToggleLabel: string
  sandboxBanner: string
  sandboxHint: string
  expiresLabel: string
  cardStepTitle: string
  cardNumberLabel: string
  cardNumberHint: string
  continue: string
  cancel: string
  cancelHint: string
  cardLabel: string
  useAnotherCard: string
  chooseTitle: string
  installmentsTitle: string
  months: (count: number) => string
  /** Amount phrases take the amount as markup, so it stays one isolated, unbroken run in either direction. */
  perMonth: (amount: SafeHtml) => SafeHtml
  lastMonth: (amount: SafeHtml) => SafeHtml
  payInFull: string
  payInFullDetail: (amount: SafeHtml) => SafeHtml
  noPlansTitle: string
  onlyInstallmentsNoPlan: string
  addressLabel: string
  addressHint: string
  payButton: (amount: SafeHtml) => SafeHtml
  chooseOptionError: string
  addressRequiredError: string
  cardSessionExpired: string
  expiredTitle: string
  expiredBody: string
  paidTitle: string
  paidBody: string
  notFoundTitle: string
  notFoundBody: string
  errorTitle: string
  errorBody: string
  resultTitle: Record<"success" | "pending" | "fail" | "cancelled", string>
  resultBody: Record<"success" | "pending" | "fail" | "cancelled", string>
  transactionLabel: string
  tryAgain: string
}

// Arabic counts: 3-10 take the plural "أشهر", 11 and up the accusative singular "شهرًا".
function arabicMonths(count: number): string {
  return count >= 3 && count <= 10 ? `${count} أشهر` : `${count} شهرًا`
}

export const MESSAGES: Record<CheckoutLanguage, Messages> = {
  ar: {
    dir: "rtl",
    languageName: "العربية",
    currency: "ر.س",
    cardTypes: { CREDIT: "ائتمانية", DEBIT: "خصم مباشر", PREPAID: "مسبقة الدفع" },
    languageToggleLabel: "اللغة",
    sandboxBanner: "بيئة تجريبية — لا أموال حقيقية",
    sandboxHint: "استخدم إحدى بطاقات الاختبار الخاصة بالبيئة التجريبية.",
    expiresLabel: "ينتهي الرابط في",
    cardStepTitle: "أدخل بيانات البطاقة",
    cardNumberLabel: "رقم البطاقة",
    cardNumberHint: "أرقام فقط، ويمكن استخدام المسافات.",
    continue: "متابعة",
    cancel: "إلغاء والعودة إلى المتجر",
    cancelHint: "لن يتم خصم أي مبلغ.",
    cardLabel: "البطاقة",
    useAnotherCard: "استخدام بطاقة أخرى",
    chooseTitle: "اختر طريقة الدفع",
    installmentsTitle: "تقسيط بنكي بدون فوائد (0%)",
    months: arabicMonths,
    perMonth: (amount) => html`${amount} شهريًا`,
    lastMonth: (amount) => html`الشهر الأخير ${amount}`,
    payInFull: "الدفع كاملًا",
    payInFullDetail: (amount) => html`دفعة واحدة بقيمة ${amount}`,
    noPlansTitle: "لا تتوفر خطط تقسيط لهذه البطاقة",
    onlyInstallmentsNoPlan: "يقبل هذا الرابط التقسيط البنكي فقط. جرّب بطاقة أخرى.",
    addressLabel: "عنوان التوصيل",
    addressHint: "مطلوب من التاجر لإتمام الطلب.",
    payButton: (amount) => html`ادفع ${amount}`,
    chooseOptionError: "اختر خطة تقسيط أو الدفع كاملًا.",
    addressRequiredError: "أدخل عنوان التوصيل.",
    cardSessionExpired: "انتهت جلسة البطاقة. أدخل رقم البطاقة مرة أخرى.",
    expiredTitle: "انتهت صلاحية رابط الدفع",
    expiredBody: "لم يعد هذا الرابط يقبل الدفع. اطلب رابطًا جديدًا من التاجر.",
    paidTitle: "تم دفع هذا الرابط",
    paidBody: "تم الدفع عبر هذا الرابط مسبقًا، ولا حاجة لأي إجراء آخر.",
    notFoundTitle: "رابط الدفع غير موجود",
    notFoundBody: "تحقق من الرابط أو اطلب رابطًا جديدًا من التاجر.",
    errorTitle: "حدث خطأ",
    errorBody: "تعذر إكمال الطلب. حاول مرة أخرى.",
    resultTitle: {
      success: "تم الدفع بنجاح",
      pending: "الدفع قيد المراجعة",
      fail: "تعذر إتمام الدفع",
      cancelled: "تم إلغاء الدفع",
    },
    resultBody: {
      success: "شكرًا لك. تم استلام دفعتك.",
      pending: "يراجع البنك طلبك، وسيُبلَّغ التاجر بالنتيجة.",
      fail: "لم يتم خصم أي مبلغ.",
      cancelled: "لم يتم خصم أي مبلغ.",
    },
    transactionLabel: "رقم العملية",
    tryAgain: "المحاولة مرة أخرى",
  },
  en: {
    dir: "ltr",
    languageName: "English",
    currency: "SAR",
    cardTypes: { CREDIT: "Credit", DEBIT: "Debit", PREPAID: "Prepaid" },
    languageToggleLabel: "Language",
    sandboxBanner: "Sandbox — no real money",
    sandboxHint: "Use one of the sandbox test cards.",
    expiresLabel: "Link expires",
    cardStepTitle: "Enter your card",
    cardNumberLabel: "Card number",
    cardNumberHint: "Digits only; spaces are fine.",
    continue: "Continue",
    cancel: "Cancel and return to the store",
    cancelHint: "Nothing will be charged.",
    cardLabel: "Card",
    useAnotherCard: "Use another card",
    chooseTitle: "Choose how to pay",
    installmentsTitle: "0% bank installments",
    months: (count) => `${count} months`,
    perMonth: (amount) => html`${amount} / month`,
    lastMonth: (amount) => html`last month ${amount}`,
    payInFull: "Pay in full",
    payInFullDetail: (amount) => html`One payment of ${amount}`,
    noPlansTitle: "No installment plan for this card",
    onlyInstallmentsNoPlan: "This link only accepts 0% bank installments. Try another card.",
    addressLabel: "Delivery address",
    addressHint: "The merchant needs it to fulfil the order.",
    payButton: (amount) => html`Pay ${amount}`,
    chooseOptionError: "Choose an installment plan or pay in full.",
    addressRequiredError: "Enter a delivery address.",
    cardSessionExpired: "Your card session expired. Enter the card number again.",
    expiredTitle: "This payment link has expired",
    expiredBody: "It no longer accepts payments. Ask the merchant for a new link.",
    paidTitle: "This payment link is already paid",
    paidBody: "A payment was already made with this link; nothing more is needed.",
    notFoundTitle: "Payment link not found",
    notFoundBody: "Check the address, or ask the merchant for a new link.",
    errorTitle: "Something went wrong",
    errorBody: "The request could not be completed. Please try again.",
    resultTitle: {
      success: "Payment successful",
      pending: "Payment under review",
      fail: "Payment failed",
      cancelled: "Payment cancelled",
    },
    resultBody: {
      success: "Thank you. Your payment was received.",
      pending: "The bank is reviewing your request; the merchant will be told the outcome.",
      fail: "Nothing was charged.",
      cancelled: "Nothing was charged.",
    },
    transactionLabel: "Transaction",
    tryAgain: "Try again",
  },
}

/** `?lang=` wins when it names a supported language; otherwise the link's own language. */
export function resolveLanguage(requested: unknown, fallback: CheckoutLanguage): CheckoutLanguage {
  return requested === "ar" || requested === "en" ? requested : fallback
}

/** The language the toggle offers from `lang`. */
export function otherLanguage(lang: CheckoutLanguage): CheckoutLanguage {
  return lang === "ar" ? "en" : "ar"
}
