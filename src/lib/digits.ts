const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g

/** Arabic-Indic digits (٠١٢…, ۰۱۲…) as Western ones: Arabic keyboards type them in amounts and phones. */
export function westernDigits(text: string): string {
  return text.replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
}
