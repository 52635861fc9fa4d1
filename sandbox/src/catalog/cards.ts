/**
 * Test cards: the full card number decides what happens to a payment attempt. Bank outcomes
 * (`bank_reject`, `bank_review`) only apply to 0% installments; paid in full those cards succeed,
 * because no bank underwriting takes place.
 */

export type CardOutcome = "success" | "decline" | "bank_reject" | "bank_review" | "auth_fail"

export interface TestCard {
  number: string
  outcome: CardOutcome
  /** What the card is for, as the README's table shows it. */
  label: string
}

export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  { number: "4005550000000019", outcome: "success", label: "SNB VISA credit: approved (installments from 1000.00)" },
  { number: "5231234500000018", outcome: "success", label: "SNB MASTERCARD credit (8-digit BIN): approved" },
  { number: "4005550000000043", outcome: "bank_review", label: "SNB VISA credit: bank review (tracker P) until decided" },
  { number: "4092010000000018", outcome: "success", label: "Al Rajhi VISA credit: approved (installments from 300.00)" },
  { number: "5412009900000011", outcome: "success", label: "Al Rajhi MASTERCARD credit (8-digit BIN): approved" },
  { number: "4092010000000026", outcome: "decline", label: "Al Rajhi VISA credit: declined by the issuer" },
  { number: "4092010000000034", outcome: "bank_reject", label: "Al Rajhi VISA credit: bank rejects the installment loan (tracker R)" },
  { number: "4092010000000042", outcome: "bank_review", label: "Al Rajhi VISA credit: bank review (tracker P) until decided" },
  { number: "4092010000000059", outcome: "auth_fail", label: "Al Rajhi VISA credit: 3-D Secure authentication fails" },
  { number: "5412009900000052", outcome: "auth_fail", label: "Al Rajhi MASTERCARD credit: 3-D Secure authentication fails" },
  {
    number: "4228180000000016",
    outcome: "success",
    label: "Riyad Bank VISA credit: approved (installments from 500.00, sandbox assumption)",
  },
  { number: "5176123400000011", outcome: "success", label: "Riyad Bank MASTERCARD credit (8-digit BIN): approved" },
  {
    number: "4550360000000012",
    outcome: "success",
    label: "Alinma VISA credit: approved (installments from 500.00, sandbox assumption)",
  },
  { number: "5588001100000014", outcome: "success", label: "Alinma MASTERCARD credit (8-digit BIN): approved" },
  { number: "5888450000000011", outcome: "success", label: "mada debit: pay in full approved" },
  { number: "5888450000000029", outcome: "decline", label: "mada debit: declined (insufficient funds)" },
  { number: "4847830000000017", outcome: "success", label: "VISA prepaid: pay in full approved" },
  { number: "4111111111111111", outcome: "success", label: "Foreign VISA credit: pay in full approved" },
  { number: "4464040000000015", outcome: "success", label: "Non-participating Saudi VISA credit: pay in full approved" },
  { number: "378282246310005", outcome: "success", label: "AMEX (foreign, 15 digits): pay in full approved" },
])

/** Messages the issuer or bank gives for each outcome. */
export const OUTCOME_MESSAGES: Record<CardOutcome, string | null> = {
  success: null,
  decline: "Transaction declined by the issuer (Do not honor).",
  bank_reject: "Installment request rejected by the bank: credit limit exceeded.",
  bank_review: "Installment request under review by the bank.",
  auth_fail: "3-D Secure authentication failed.",
}

export const UNKNOWN_CARD_MESSAGE = "Transaction declined: the sandbox only approves its test cards (see the sandbox README)."

/** The test card with this number, if any. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number)
}

/** True for 12 to 19 digits that pass the Luhn check. */
export function isCardNumber(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) {
    return false
  }
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) {
        digit -= 9
      }
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Card number as receipts show it: BIN, stars, last four. */
export function maskCard(number: string): string {
  return `${number.slice(0, 6)}${"*".repeat(Math.max(number.length - 10, 0))}${number.slice(-4)}`
}
