import { MedusaError } from "@medusajs/framework/utils"
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import type { CreatePaymentLinkBody } from "../../lib/client"
import { formatAmount, toWireNumber } from "../../lib/money"
import { allowsInstallmentLink, INSTALLMENT_LINK_MINIMUM } from "../../lib/plans"
import { fillCallbackUrl } from "./callback-url"
import type { ProviderOptions } from "../../installments/registrations/options"
import { checkoutModeOf, type OrderDebtRequest } from "../../installments/sessions/order-debt-request"
import { INSTANCE_METADATA_KEY } from "../../installments/links/ownership"

export interface LinkRequestInput {
  sessionId: string
  /** This store's identity (D33): the orphan guard refunds only links that carry it. */
  instanceId: string
  cartId?: string
  halalas: bigint
  expiresAt: Date
  customer?: PaymentCustomerDTO
  /** Set when the session collects what an existing order owes: its choices override the registration's. */
  order?: OrderDebtRequest
}

/**
 * The creation body of a single-use link for one payment session (docs/storefront.md, How checkout works, step 1).
 * The session id goes into `order_id` and `metadata.session_id` so every webhook and read ties back;
 * `metadata.instance_id` says which store made it.
 */
export function buildLinkRequest(options: ProviderOptions, input: LinkRequestInput): CreatePaymentLinkBody {
  const amount = formatAmount(input.halalas)
  const installmentsAllowed = allowsInstallmentLink(amount)
  const checkoutMode = input.order?.checkout ? checkoutModeOf(input.order.checkout) : options.checkoutMode
  const sendSms = input.order?.send_sms ?? options.sendSms
  if (checkoutMode === "installments" && !installmentsAllowed) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Installments need an order total of at least ${INSTALLMENT_LINK_MINIMUM} SAR; this one is ${amount} SAR. ` +
        "Choose another payment method, or register the provider with checkoutMode both to offer pay in full."
    )
  }
  const phone = e164(input.customer?.phone)
  return {
    amount: toWireNumber(input.halalas),
    title: options.linkTitle,
    order_id: input.sessionId,
    singleUse: true,
    selectedDate: input.expiresAt.toISOString(),
    callback_url: fillCallbackUrl(options.callbackUrl, { session_id: input.sessionId, cart_id: input.cartId }),
    metadata: {
      session_id: input.sessionId,
      [INSTANCE_METADATA_KEY]: input.instanceId,
      currency: "SAR",
      ...(input.cartId ? { cart_id: input.cartId } : {}),
      ...(input.order ? orderFields(input.order) : {}),
    },
    language: options.language,
    sms_language: options.language,
    send_sms: sendSms && !!phone,
    passkey_enabled: options.passkeyEnabled,
    only_show_bank_installments: checkoutMode === "installments",
    only_show_pay_in_full: checkoutMode === "pay_in_full" || !installmentsAllowed,
    ...customerFields(input.customer, phone),
  }
}

// The order a link collects for, so the service's dashboard and exports name it; the session id stays the key.
function orderFields(order: OrderDebtRequest): Record<string, string> {
  return {
    medusa_order_id: order.order_id,
    ...(order.order_display_id !== null ? { medusa_order_display_id: String(order.order_display_id) } : {}),
  }
}

// Only a logged-in customer's own details pre-fill the hosted page; guests get none (Medusa passes none).
function customerFields(customer: PaymentCustomerDTO | undefined, phone: string | undefined) {
  if (!customer) {
    return {}
  }
  const fields: Partial<CreatePaymentLinkBody> = {}
  if (customer.first_name) fields.client_first_name = customer.first_name
  if (customer.last_name) fields.client_last_name = customer.last_name
  if (customer.email && isPlainEmail(customer.email)) fields.client_email = customer.email
  if (phone) fields.client_phone_number = phone
  return fields
}

/**
 * One `@` between a local part and a dotted domain, no spaces: checked in one pass over the text
 * (a pattern with two adjacent `[^\s@]+` runs backtracks quadratically on a long address without a dot).
 */
export function isPlainEmail(email: string): boolean {
  if (/\s/.test(email)) {
    return false
  }
  const at = email.indexOf("@")
  if (at <= 0 || at !== email.lastIndexOf("@")) {
    return false
  }
  const domain = email.slice(at + 1)
  const dot = domain.indexOf(".", 1)
  return dot > 0 && dot < domain.length - 1
}

function e164(phone: string | null | undefined): string | undefined {
  const compact = phone?.replace(/[\s()-]/g, "")
  return compact && /^\+[1-9]\d{6,14}$/.test(compact) ? compact : undefined
}
