/** Display names of the partner banks' codes, in the storefront's two languages. */
export const BANK_NAMES: Readonly<Record<string, { en: string; ar: string }>> = Object.freeze({
  snb: { en: "Saudi National Bank", ar: "البنك الأهلي السعودي" },
  rajhi: { en: "Al Rajhi Bank", ar: "مصرف الراجحي" },
  ribl: { en: "Riyad Bank", ar: "بنك الرياض" },
  inma: { en: "Alinma Bank", ar: "مصرف الإنماء" },
})

/** A bank's names; an unknown code is shown as itself in capitals in both languages. */
export function bankNames(code: string): { en: string; ar: string } {
  return BANK_NAMES[code] ?? { en: code.toUpperCase(), ar: code.toUpperCase() }
}
