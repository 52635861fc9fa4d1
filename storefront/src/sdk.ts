/**
 * The parts of Medusa's `@medusajs/js-sdk` the kit calls, as structural types: an `sdk` made with
 * `new Medusa({ baseUrl, publishableKey })` fits them, and the kit's types need no `@medusajs/types`.
 * Every call goes to a store route; the kit carries no secret.
 */

/** Request headers as the js-sdk takes them (`ClientHeaders`): the starter passes its auth headers. */
export type StoreHeaders = Record<string, string | null | { tags: string[] }>

/** The second argument of `sdk.client.fetch` (the js-sdk's `FetchArgs`), as far as the kit uses it. */
export interface StoreFetchInit {
  method?: string
  query?: Record<string, unknown>
  headers?: StoreHeaders
  body?: unknown
  cache?: RequestCache
  /** Next.js's fetch option (`{ revalidate: 300 }`), passed through by the js-sdk. */
  next?: { revalidate?: number | false; tags?: string[] }
}

/** A payment session as the Store API returns it. */
export interface StorePaymentSessionLike {
  id?: string
  provider_id: string
  status?: string
  data?: Record<string, unknown> | null
}

/** A cart as far as the kit reads it. */
export interface StoreCartLike {
  id: string
  total?: number | null
  currency_code?: string | null
  payment_collection?: { id?: string; payment_sessions?: StorePaymentSessionLike[] | null } | null
}

/** `POST /store/carts/:id/complete`'s answer: an order, or the cart with the reason it was not. */
export type StoreCompleteCartAnswer =
  { type: "order"; order: { id: string; display_id?: number | null } } | { type: "cart"; cart?: unknown; error?: { message?: string } }

/** The js-sdk's methods the kit calls (method syntax: the real sdk's wider types fit). */
export interface StoreSdk {
  client: {
    fetch<T>(input: string, init?: StoreFetchInit): Promise<T>
  }
  store: {
    cart: {
      complete(cartId: string, query?: Record<string, unknown>, headers?: StoreHeaders): Promise<StoreCompleteCartAnswer>
      retrieve(cartId: string, query?: Record<string, unknown>, headers?: StoreHeaders): Promise<{ cart: StoreCartLike }>
    }
    payment: PaymentSessionStarter
  }
}

/**
 * What starts a payment session: the js-sdk's `sdk.store.payment`, or a storefront's own server
 * action of the same shape (the starter's `initiatePaymentSession(cart, body)` in `@lib/data/cart`,
 * which adds the shopper's auth headers and revalidates the cart).
 */
export interface PaymentSessionStarter {
  initiatePaymentSession(
    cart: StoreCartLike,
    body: { provider_id: string; data?: Record<string, unknown> },
    query?: Record<string, unknown>,
    headers?: StoreHeaders
  ): Promise<{ payment_collection: { id?: string; payment_sessions?: StorePaymentSessionLike[] | null } }>
}

/** The part of the sdk that starting a session needs: `sdk` itself, or `{ store: { payment: starter } }`. */
export interface SessionSdk {
  store: { payment: PaymentSessionStarter }
}
