import type { PaymentLinkFormField } from "./link-form"

// The API's field names (its 400 messages name them) and the form field each is typed in.
const FORM_FIELD_OF: Record<string, PaymentLinkFormField> = {
  amount: "amount",
  title: "title",
  description: "description",
  single_use: "multi_use",
  expires_at: "expires_on",
  "customer.first_name": "customer_name",
  "customer.last_name": "customer_name",
  "customer.phone": "customer_phone",
  "customer.email": "customer_email",
  send_sms: "send_sms",
  checkout: "checkout",
}

/** A 400 message split into what belongs on a form field and what the form shows above its fields. */
export interface FormErrors {
  fields: Partial<Record<PaymentLinkFormField, string>>
  general: string[]
}

/**
 * Places each part of the API's "Invalid request: a; b" message on the field it names: the plugin's
 * own messages start with the field ("customer.phone must be …"), Medusa's quote it ("Field 'title'
 * is required"). A part naming no field of the form stays general.
 */
export function formErrors(message: string): FormErrors {
  const result: FormErrors = { fields: {}, general: [] }
  const parts = message
    .replace(/^Invalid request:\s*/, "")
    .split(/;\s+/)
    .filter(Boolean)
  for (const part of parts) {
    const named = [part.match(/^([a-z_]+(?:\.[a-z_]+)?)\s/)?.[1], part.match(/field '([^']+)'/i)?.[1]]
    const field = named.map((name) => (name ? FORM_FIELD_OF[name] : undefined)).find(Boolean)
    if (field && !result.fields[field]) {
      result.fields[field] = part
    } else if (!field) {
      result.general.push(part)
    }
  }
  return result
}
