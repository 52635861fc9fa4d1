import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import Medusa from "@medusajs/js-sdk"
import { formatAmount, fromMedusaAmount } from "../../../src/lib/money"
// The storefront kit (storefront/, medusa-payment-installments-storefront), as dtc-starter.patch uses it.
import { decideReturn, startInstallmentsSession } from "../../../storefront/src"
import { confirmationPage, failurePage, productList, productPage, type ShownProduct } from "./pages"
import { langOf, type Lang } from "./text"

/** The storefront's Medusa settings: the store it talks to and its publishable key and region. */
export interface StorefrontOptions {
  storeUrl: string
  publishableKey: string
  regionId: string
  port: number
}

const PROVIDERS: Record<string, string> = { bnpl: "pp_installments_bnpl", card: "pp_installments_card" }
const DEMO_ADDRESS = {
  first_name: "Noura",
  last_name: "Al-Qahtani",
  address_1: "Olaya Street 12",
  city: "Riyadh",
  country_code: "sa",
  postal_code: "12211",
  phone: "+966500000001",
}

/**
 * A small server-rendered storefront: product list and page with the "0% installments" option,
 * a POST that starts the payment and redirects to the hosted page, and the return route that
 * completes the cart and shows the order confirmation (or why the payment failed).
 */
export async function startStorefront(options: StorefrontOptions): Promise<{ url: string; stop: () => Promise<void> }> {
  const sdk = new Medusa({ baseUrl: options.storeUrl, publishableKey: options.publishableKey })

  async function products(handle?: string): Promise<ShownProduct[]> {
    const { products: found } = await sdk.store.product.list({
      region_id: options.regionId,
      fields: "handle,title,metadata,*variants.calculated_price",
      ...(handle ? { handle } : {}),
      order: "created_at",
    })
    return found.map((product) => ({
      handle: product.handle!,
      title: product.title!,
      title_ar: product.metadata?.title_ar as string | undefined,
      price: formatAmount(fromMedusaAmount(product.variants?.[0]?.calculated_price?.calculated_amount)),
    }))
  }

  async function checkout(form: URLSearchParams, res: ServerResponse) {
    const lang = langOf(form.get("lang"))
    const providerId = PROVIDERS[form.get("provider") ?? ""]
    const [product] = await products(form.get("handle") ?? "")
    const {
      products: [full],
    } = await sdk.store.product.list({ handle: product?.handle, fields: "*variants" })
    if (!product || !providerId || !full?.variants?.length) {
      return send(res, 400, failurePage(lang, "Pick a product and a payment option."))
    }
    const { cart } = await sdk.store.cart.create({
      region_id: options.regionId,
      email: form.get("email") || "shopper@example.sa",
      items: [{ variant_id: full.variants[0].id, quantity: 1 }],
      shipping_address: DEMO_ADDRESS,
      // Medusa's cart language: the plugin copies it into the payment session, so the reason a
      // payment failed comes back in the shopper's language.
      locale: lang,
      metadata: { lang, handle: product.handle },
    })
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
    const { cart: shipped } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
    // The kit starts the session with the data the plugin needs ({ cart_id, locale }) and answers its
    // link, or rejects with the store's words (the plugin's, in the shopper's language).
    const started = await startInstallmentsSession(sdk, shipped, { providerId, locale: lang }).catch((error: Error) => error)
    if (started instanceof Error) {
      return send(res, 502, failurePage(lang, started.message, product.handle))
    }
    redirect(res, started.url)
  }

  // The hosted page sends the shopper here (the provider's callbackUrl): place the order. (No cookie
  // hop: this storefront keeps no cookie, the cart is in the URL.)
  async function checkoutReturn(query: URLSearchParams, res: ServerResponse) {
    const cartId = query.get("cart_id") ?? ""
    const { cart } = await sdk.store.cart.retrieve(cartId, { fields: "metadata" })
    const lang = langOf(cart.metadata?.lang as string | undefined)
    const handle = cart.metadata?.handle as string | undefined
    // The kit's return step: asks payment-status and completes only when completable (a completion
    // that fails still uses up an order number, D49); else the plugin's words, in the cart's language.
    const decision = await decideReturn(sdk, cartId, { locale: lang })
    if (decision.kind === "order") {
      return redirect(res, `/order/${decision.orderId}?lang=${lang}`)
    }
    send(res, 402, failurePage(lang, decision.message, handle))
  }

  async function order(id: string, lang: Lang, res: ServerResponse) {
    const { order: found } = await sdk.store.order.retrieve(id, { fields: "id,display_id,total,payment_status" })
    send(
      res,
      200,
      confirmationPage(lang, {
        id: found.id,
        display_id: found.display_id!,
        total: formatAmount(fromMedusaAmount(found.total)),
        payment_status: found.payment_status,
      })
    )
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://storefront")
    const lang = langOf(url.searchParams.get("lang"))
    const productMatch = url.pathname.match(/^\/products\/([\w-]+)$/)
    const orderMatch = url.pathname.match(/^\/order\/(order_\w+)$/)
    if (req.method === "GET" && url.pathname === "/") {
      return send(res, 200, productList(lang, await products()))
    }
    if (req.method === "GET" && productMatch) {
      const [product] = await products(productMatch[1])
      return product ? send(res, 200, productPage(lang, product)) : send(res, 404, failurePage(lang, "No such product."))
    }
    if (req.method === "POST" && url.pathname === "/checkout") {
      return checkout(new URLSearchParams(await body(req)), res)
    }
    if (req.method === "GET" && url.pathname === "/checkout/return") {
      return checkoutReturn(url.searchParams, res)
    }
    if (req.method === "GET" && orderMatch) {
      return order(orderMatch[1], lang, res)
    }
    send(res, 404, failurePage(lang, "Page not found."))
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      process.stderr.write(`storefront: ${req.method} ${req.url}: ${error.message}\n`)
      if (!res.headersSent) {
        send(res, 500, failurePage("en", `The store answered with an error: ${error.message}`))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve))
  return {
    url: `http://localhost:${options.port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" })
  res.end(html)
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location })
  res.end()
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => {
      text += chunk
      if (text.length > 10_000) {
        reject(new Error("form too large"))
        req.destroy()
      }
    })
    req.on("end", () => resolve(text))
    req.on("error", reject)
  })
}
