// A plain server-rendered storefront over medusa-payment-installments-storefront's framework-free
// entry (docs/storefront.md, "A plain server-rendered page"): no React, no client code. Node's http
// server; the cart id is in a cookie the storefront set when it made the cart. Run with
// MEDUSA_BACKEND_URL and MEDUSA_PUBLISHABLE_KEY set, and the provider's callbackUrl pointing at
// http://localhost:8200/checkout/return?cart_id={cart_id}.
import http from "node:http"
import Medusa from "@medusajs/js-sdk"
import {
  installmentsReturnRoute,
  paymentLink,
  promoLine,
  storefrontWords,
  type StoreCartLike,
} from "medusa-payment-installments-storefront"

const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY,
})
const LOCALE = "ar"
const words = storefrontWords(LOCALE)
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!)
const page = (body: string) =>
  `<!doctype html><html lang="${words.language}" dir="${words.dir}"><meta charset="utf-8"><body>${body}</body></html>`
const cartIdOf = (req: http.IncomingMessage) => /(?:^|;\s*)cart_id=([^;]+)/.exec(req.headers.cookie ?? "")?.[1]

// The return route as is: the cookie hop, payment-status, completion only when completable.
const returnRoute = installmentsReturnRoute({
  sdk,
  locale: LOCALE,
  orderPath: (order) => `/order/${order.id}`,
  retryPath: () => "/checkout/review",
})

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost:8200")
  const send = (status: number, html: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers })
    res.end(html)
  }

  if (url.pathname.startsWith("/products/")) {
    const { product } = await sdk.store.product.retrieve(url.pathname.split("/")[2], { fields: "*variants.calculated_price" })
    const price = product.variants?.[0]?.calculated_price
    const line = promoLine(price?.calculated_amount, { locale: LOCALE, currencyCode: price?.currency_code })
    return send(200, page(`<h1>${escape(product.title)}</h1>${line ? `<p class="mpi-promo">${escape(line)}</p>` : ""}`))
  }

  // The review step: the refusal the return route sent back, and the form that pays.
  if (url.pathname === "/checkout/review") {
    const error = url.searchParams.get("error")
    const refusal = error
      ? `<div class="mpi-refusal" role="alert" aria-live="assertive"><p>${escape(error)}</p>` +
        `<a href="/checkout/payment">${escape(words.chooseAnotherPaymentMethod)}</a></div>`
      : ""
    const used = error ? '<input type="hidden" name="used" value="1">' : ""
    return send(
      200,
      page(`${refusal}<form method="post" action="/checkout/pay">${used}<button>${escape(words.continueToPayment)}</button></form>`)
    )
  }

  // The pay button: the session's link while usable, else a fresh one with cart_id and locale.
  if (url.pathname === "/checkout/pay" && req.method === "POST") {
    const body = await new Promise<string>((resolve) => {
      let text = ""
      req.on("data", (chunk) => (text += chunk)).on("end", () => resolve(text))
    })
    const { cart } = await sdk.store.cart.retrieve(cartIdOf(req) ?? "", { fields: "*payment_collection.payment_sessions" })
    const link = await paymentLink(sdk, cart as StoreCartLike, { locale: LOCALE, used: new URLSearchParams(body).has("used") })
    return send(303, "", { location: link })
  }

  if (url.pathname === "/checkout/return") {
    const response = await returnRoute(new Request(url))
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(await response.text())
    return
  }
  send(404, page("Not found"))
}

http
  .createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" })
      res.end(String(error))
    })
  })
  .listen(8200)
