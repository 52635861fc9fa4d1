/** The storefront's two languages; Arabic first, as a Saudi shop opens. */
export type Lang = "ar" | "en"

/** Reads `?lang=`; anything but "en" is Arabic. */
export function langOf(value: string | null | undefined): Lang {
  return value === "en" ? "en" : "ar"
}

/** Every word the storefront shows, in both languages. */
export const TEXT = {
  ar: {
    shop: "متجر العرض",
    sandboxNote: "متجر تجريبي على بيئة الاختبار: لا أموال حقيقية",
    other: "English",
    vatIncluded: "شامل ضريبة القيمة المضافة",
    buy: "اشترِ الآن",
    back: "كل المنتجات",
    email: "البريد الإلكتروني",
    installments: "تقسيط 0٪ مع البنك",
    installmentsNote: "اختر الخطة في صفحة الدفع:",
    plan: (bank: string, months: number, monthly: string) => `${bank}: ${months} أشهر × ${monthly} ر.س`,
    card: "الدفع كاملًا بالبطاقة (مدى، فيزا، ماستركارد)",
    pay: "المتابعة إلى الدفع",
    confirmed: "تم تأكيد طلبك",
    pending: "طلبك بانتظار موافقة البنك",
    orderNumber: "رقم الطلب",
    total: "الإجمالي",
    paymentStatus: "حالة الدفع",
    paid: "مدفوع",
    awaitingBank: "بانتظار موافقة البنك",
    failed: "لم يكتمل الدفع",
    tryAgain: "حاول مرة أخرى",
    continueShopping: "متابعة التسوق",
    sar: "ر.س",
  },
  en: {
    shop: "Demo store",
    sandboxNote: "Demo store on the sandbox: no real money",
    other: "العربية",
    vatIncluded: "VAT included",
    buy: "Buy now",
    back: "All products",
    email: "Email",
    installments: "0% bank installments",
    installmentsNote: "Pick your plan on the payment page:",
    plan: (bank: string, months: number, monthly: string) => `${bank}: ${months} months × ${monthly} SAR`,
    card: "Pay in full by card (mada, Visa, Mastercard)",
    pay: "Continue to payment",
    confirmed: "Your order is confirmed",
    pending: "Your order awaits the bank's approval",
    orderNumber: "Order number",
    total: "Total",
    paymentStatus: "Payment status",
    paid: "Paid",
    awaitingBank: "Awaiting the bank's approval",
    failed: "The payment did not go through",
    tryAgain: "Try again",
    continueShopping: "Continue shopping",
    sar: "SAR",
  },
} as const

/** Bank names as shoppers know them. */
export const BANKS: Record<string, { ar: string; en: string }> = {
  rajhi: { ar: "مصرف الراجحي", en: "Al Rajhi Bank" },
  snb: { ar: "البنك الأهلي السعودي", en: "Saudi National Bank" },
}
