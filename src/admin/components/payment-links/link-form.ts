import { westernDigits } from "../../../lib/digits"
import { phoneE164 } from "../../../lib/phone"
import type { CreatePaymentLinkBody } from "../../lib/types"

/** The create form's fields as the merchant typed them. */
export interface PaymentLinkForm {
  provider_id?: string
  amount: string
  title: string
  description: string
  multi_use: boolean
  /** A calendar day ("2026-12-31"); the link lasts until that day's end. Empty: the service's default. */
  expires_on: string
  customer_name: string
  customer_phone: string
  customer_email: string
  send_sms: boolean
  checkout: "both" | "installments" | "pay_in_full"
}

export type PaymentLinkFormField = Exclude<keyof PaymentLinkForm, "provider_id">

/** An empty form: a single-use link offering both installments and the card. */
export const EMPTY_LINK_FORM: PaymentLinkForm = {
  amount: "",
  title: "",
  description: "",
  multi_use: false,
  expires_on: "",
  customer_name: "",
  customer_phone: "",
  customer_email: "",
  send_sms: false,
  checkout: "both",
}

/** "1,200.50" or "١٬٢٠٠٫٥٠" as the API reads it ("1200.50"); anything else is left for the API to refuse. */
export function amountText(typed: string): string {
  return westernDigits(typed.trim())
    .replace(/\u066b/g, ".")
    .replace(/[,\u066c\s]/g, "")
}

/** The end (23:59:59 local) of a "YYYY-MM-DD" day, as an ISO instant. */
function endOfDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number)
  return new Date(year, month - 1, date, 23, 59, 59).toISOString()
}

/** The create request for a filled form; empty optional fields are left out so the API's defaults apply. */
export function linkRequest(form: PaymentLinkForm): CreatePaymentLinkBody {
  const [firstName, ...rest] = form.customer_name.trim().split(/\s+/).filter(Boolean)
  const customer = {
    ...(firstName ? { first_name: firstName } : {}),
    ...(rest.length ? { last_name: rest.join(" ") } : {}),
    ...(form.customer_phone.trim() ? { phone: phoneE164(form.customer_phone) } : {}),
    ...(form.customer_email.trim() ? { email: form.customer_email.trim() } : {}),
  }
  return {
    ...(form.provider_id ? { provider_id: form.provider_id } : {}),
    amount: amountText(form.amount),
    title: form.title.trim(),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    single_use: !form.multi_use,
    ...(form.expires_on ? { expires_at: endOfDay(form.expires_on) } : {}),
    ...(Object.keys(customer).length ? { customer } : {}),
    send_sms: form.send_sms,
    checkout: form.checkout,
  }
}
