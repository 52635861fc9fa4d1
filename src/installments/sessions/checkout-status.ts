import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { readSessionVerdict } from "./session-verdict"
import { shopperError } from "../messages/service-errors"
import { languageOf, shopperLanguage, shopperWords } from "../messages/shopper-language"
import { installmentsProviderOptions } from "../registrations/lookup"
import { isInstallmentsProvider, registrationIdOf } from "../registrations/provider-ids"

/** Where a cart's installments payment stands when the shopper comes back from the hosted page. */
export interface CheckoutStatus {
  cart_id: string
  session_id: string
  /** `paid`; `waiting` (the bank reviews it, or the service is still recording it); `not_paid`. */
  status: "paid" | "waiting" | "not_paid"
  /** Whether completing the cart now places the order: never for a payment that did not go through. */
  completable: boolean
  /** Why it is not paid, in the cart's language; null otherwise. */
  message: string | null
}

type CartRow = {
  id: string
  locale?: string | null
  completed_at?: string | Date | null
  payment_collection?: {
    payment_sessions?: Array<{ id: string; provider_id: string; status: string; data?: Record<string, unknown> | null }>
  } | null
}

const SETTLED = new Set<string>([PaymentSessionStatus.AUTHORIZED, PaymentSessionStatus.CAPTURED])

/**
 * Reads whether a cart's installments payment went through (D49), so the storefront completes the
 * cart only then: a completion that fails still uses up an order number. A paid verdict read here
 * is remembered, so the completion that follows reads nothing more from the service; the read is
 * recorded for the Insights page like every other. Anyone with the publishable key may ask, so an
 * ask is a public one (D54): answered from the link's verdict of the last 5 seconds, or joined to
 * the read under way, never a service read (nor an Insights record) of its own each time.
 */
export async function checkoutStatusOf(container: MedusaContainer, cartId: string): Promise<CheckoutStatus> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "locale",
      "completed_at",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.status",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = (data as CartRow[])[0]
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} was not found`)
  }
  // The newest installments session: a shopper who paid again after a refusal has a new one.
  const session = (cart.payment_collection?.payment_sessions ?? [])
    .filter((candidate) => isInstallmentsProvider(candidate.provider_id))
    .sort((a, b) => (a.id < b.id ? 1 : -1))[0]
  if (!session || !isInstallmentsProvider(session.provider_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} has no installments payment session`)
  }
  const answer = { cart_id: cart.id, session_id: session.id }
  if (cart.completed_at || SETTLED.has(session.status)) {
    return { ...answer, status: "paid", completable: true, message: null }
  }
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const registrationId = registrationIdOf(session.provider_id)
  const options = registrationId ? installmentsProviderOptions(config, registrationId) : undefined
  const language = languageOf(cart.locale) ?? shopperLanguage(session.data ?? {}, options?.language ?? "ar")
  const verdict = await readSessionVerdict(container, {
    session_id: session.id,
    provider_id: session.provider_id,
    data: session.data ?? {},
    reuse_paid_verdict: true,
    public_ask: true,
  }).catch((error: unknown) => {
    throw shopperError(error, {
      action: "read whether the payment went through",
      stage: "confirm",
      language,
      logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    })
  })
  if (verdict.action === PaymentActions.SUCCESSFUL || verdict.action === PaymentActions.AUTHORIZED) {
    return { ...answer, status: "paid", completable: true, message: null }
  }
  if (verdict.still_waiting) {
    return { ...answer, status: "waiting", completable: true, message: null }
  }
  const words = shopperWords(language)
  return {
    ...answer,
    status: "not_paid",
    completable: false,
    message: verdict.failure ? words.failure[verdict.failure] : words.notPaid,
  }
}
