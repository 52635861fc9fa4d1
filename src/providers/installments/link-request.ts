import { MedusaError } from "@medusajs/framework/utils"
import type { Logger, PaymentCustomerDTO } from "@medusajs/framework/types"
import type { CreatePaymentLinkBody } from "../../lib/client"
import { formatAmount, toWireNumber } from "../../lib/money"
import { e164Phone } from "../../lib/phone"
import { allowsInstallmentLink, allowsInstallmentsOnly, installmentsOnlyMinimum } from "../../lib/plans"
import { shopperWords, type ShopperLanguage } from "../../installments/messages/shopper-language"
import { fillCallbackUrl } from "./callback-url"
import type { ProviderOptions } from "../../installments/registrations/options"
import { checkoutModeOf, ORDER_METADATA_KEY, type OrderDebtRequest } from "../../installments/sessions/order-debt-request"
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
  /** False when the SMS limit refused this link's SMS (installments/links/sms-limit.ts): made without one. */
  smsAllowed?: boolean
  /** The cart's language, for the words of a refusal. */
  language: ShopperLanguage
}

/**
 * The creation body of a single-use link for one payment session (docs/storefront.md, How checkout works, step 1).
 * The session id goes into `order_id` and `metadata.session_id` so every webhook and read ties back;
 * `metadata.instance_id` says which store made it.
 */
export function buildLinkRequest(options: ProviderOptions, input: LinkRequestInput): CreatePaymentLinkBody {
  const amount = formatAmount(input.halalas)
  const installmentsAllowed = allowsInstallmentLink(amount)
  const checkoutMode = checkoutModeFor(options, input)
  assertPayableLink(options, input)
  const phone = e164Phone(input.customer?.phone)
  const recipient = smsRecipient(options, input)
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
    send_sms: !!recipient && input.smsAllowed !== false,
    passkey_enabled: options.passkeyEnabled,
    only_show_bank_installments: checkoutMode === "installments",
    only_show_pay_in_full: checkoutMode === "pay_in_full" || !installmentsAllowed,
    ...customerFields(input.customer, phone),
  }
}

/**
 * Refuses a link no card could pay (D48): one offering only installments for a total below every
 * bank's minimum basket, in the cart's language; `logger` gets the merchant's line.
 */
export function assertPayableLink(
  options: ProviderOptions,
  input: Pick<LinkRequestInput, "halalas" | "order" | "language" | "sessionId">,
  logger?: Pick<Logger, "warn">
): void {
  const amount = formatAmount(input.halalas)
  if (checkoutModeFor(options, input) !== "installments" || allowsInstallmentsOnly(amount)) {
    return
  }
  const minimum = installmentsOnlyMinimum()
  // The merchant's fix (a registration with checkoutMode both beside it) is in docs/troubleshooting.md.
  logger?.warn(
    `installments: session ${input.sessionId} was refused a link: ${amount} SAR is below ${minimum} SAR, the smallest bank minimum, ` +
      'and this registration offers only installments; register one with checkoutMode "both" or "pay_in_full" beside it (docs/troubleshooting.md)'
  )
  throw new MedusaError(MedusaError.Types.INVALID_DATA, shopperWords(input.language).installmentsMinimum(minimum, amount))
}

// The order's choice when the link collects what an order owes, else the registration's.
const checkoutModeFor = (options: ProviderOptions, input: Pick<LinkRequestInput, "order">) =>
  input.order?.checkout ? checkoutModeOf(input.order.checkout) : options.checkoutMode

/**
 * The E.164 number the link would be texted to, or undefined when no SMS is asked for: the order's
 * choice or the `sendSms` option, and a logged-in customer with a valid mobile (guests have none).
 */
export function smsRecipient(options: ProviderOptions, input: Pick<LinkRequestInput, "customer" | "order">): string | undefined {
  const sendSms = input.order?.send_sms ?? options.sendSms
  const phone = e164Phone(input.customer?.phone)
  return sendSms && input.customer?.id && phone ? phone : undefined
}

// The order a link collects for, so the service's dashboard and exports name it; the session id stays the key.
function orderFields(order: OrderDebtRequest): Record<string, string> {
  return {
    [ORDER_METADATA_KEY]: order.order_id,
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
