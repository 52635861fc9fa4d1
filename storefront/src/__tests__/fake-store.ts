import Medusa from "@medusajs/js-sdk"

/** One request the real js-sdk sent. */
export interface SentRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}

/** How the fake store answers a request: a status and a JSON body. */
export type Answer = { status?: number; json: unknown }
export type Route = (request: SentRequest) => Answer | undefined

/**
 * Medusa's real js-sdk (`new Medusa(...)`) over a fake `fetch`: the kit's calls go through the sdk's
 * own methods (URLs, query strings, bodies, headers, errors) and the store's answers are the test's.
 * A request no route answers is a 404 and fails the test that made it.
 */
export function fakeStore(routes: Route[]) {
  const sent: SentRequest[] = []
  const original = globalThis.fetch
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
    const request: SentRequest = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    }
    sent.push(request)
    for (const route of routes) {
      const answer = route(request)
      if (answer) {
        return new Response(JSON.stringify(answer.json), {
          status: answer.status ?? 200,
          headers: { "content-type": "application/json" },
        })
      }
    }
    return new Response(JSON.stringify({ type: "not_found", message: `no route for ${request.method} ${request.path}` }), {
      status: 404,
      headers: { "content-type": "application/json" },
    })
  }
  globalThis.fetch = fetch as typeof globalThis.fetch
  const sdk = new Medusa({ baseUrl: "http://store.test", publishableKey: "pk_test", auth: { type: "session" } })
  return { sdk, sent, restore: () => (globalThis.fetch = original) }
}

/** A route for one method and path. */
export function on(method: string, path: string | RegExp, answer: (request: SentRequest) => Answer): Route {
  return (request) =>
    request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path))
      ? answer(request)
      : undefined
}

export const CART_ID = "cart_01JTESTCART0000000000000000"

/** A cart with a payment collection and the given sessions, in the Store API's shape. */
export function cartWith(sessions: { provider_id: string; status: string; data: Record<string, unknown> }[]) {
  return {
    id: CART_ID,
    total: 1200,
    currency_code: "sar",
    payment_collection: {
      id: "pay_col_01",
      payment_sessions: sessions.map((session, index) => ({ id: `payses_${index}`, ...session })),
    },
  }
}
