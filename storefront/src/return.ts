import type { StoreHeaders, StoreSdk } from "./sdk"
import { isInstallmentsProvider } from "./session"
import { storefrontWords } from "./words"

/** `GET /store/installments/carts/:id/payment-status`'s `payment_status` (D49). */
export interface InstallmentsPaymentStatus {
  status: "paid" | "waiting" | "not_paid"
  /** Complete the cart only when true: a refused completion places no order but uses up an order number. */
  completable: boolean
  /** Why not, in the cart's language; null when completable. */
  message: string | null
}

/** Asks the plugin whether the cart's installments payment went through (one read of the link). */
export async function readPaymentStatus(sdk: StoreSdk, cartId: string, headers?: StoreHeaders): Promise<InstallmentsPaymentStatus> {
  const { payment_status } = await sdk.client.fetch<{ payment_status: InstallmentsPaymentStatus }>(
    `/store/installments/carts/${encodeURIComponent(cartId)}/payment-status`,
    { method: "GET", ...(headers ? { headers } : {}), cache: "no-store" }
  )
  return payment_status
}

/** What the return step does: show the order, or send the shopper back to pay with the reason. */
export type ReturnDecision =
  | { kind: "order"; orderId: string; order: { id: string; display_id?: number | null } }
  | { kind: "retry"; message: string; status: InstallmentsPaymentStatus | null }

/**
 * The return step's decision, for the shopper back from the hosted page: asks `payment-status`
 * first and completes the cart only when it is `completable`, so a refused or cancelled payment uses
 * up no order number; otherwise the plugin's message in the cart's language. When the status cannot
 * be read (an older plugin, a network fault) the cart is completed anyway: the plugin still refuses
 * an unpaid session, and a paid shopper gets their order. Completing twice is safe: when the webhook
 * placed the order first, Medusa answers with it.
 */
export async function decideReturn(
  sdk: StoreSdk,
  cartId: string,
  options: { locale?: string | null; headers?: StoreHeaders } = {}
): Promise<ReturnDecision> {
  const fallback = storefrontWords(options.locale).notPaid
  const status = await readPaymentStatus(sdk, cartId, options.headers).catch(() => null)
  if (status && !status.completable) {
    return { kind: "retry", message: status.message || fallback, status }
  }
  const completed = await sdk.store.cart.complete(cartId, {}, options.headers).catch(() => null)
  if (completed?.type === "order") {
    return { kind: "order", orderId: completed.order.id, order: completed.order }
  }
  // No order (the status could not be read, or the payment changed meanwhile): the session's
  // failure_reason says why in the shopper's words.
  const cart = await sdk.store.cart
    .retrieve(cartId, { fields: "*payment_collection.payment_sessions" }, options.headers)
    .then((answer) => answer.cart)
    .catch(() => null)
  const reason = (cart?.payment_collection?.payment_sessions ?? [])
    .filter((session) => isInstallmentsProvider(session.provider_id))
    .map((session) => session.data?.failure_reason)
    .find((value): value is string => typeof value === "string" && !!value)
  return { kind: "retry", message: reason ?? fallback, status }
}

/** The cart id in the return URL (`callbackUrl`'s `?cart_id={cart_id}`), or null. */
export function returnCartId(url: string | URL): string | null {
  const cartId = new URL(url).searchParams.get("cart_id")
  return cartId && /^cart_[A-Za-z0-9]+$/.test(cartId) ? cartId : null
}
