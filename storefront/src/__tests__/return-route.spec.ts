import { cookieHopPage, installmentsReturnRoute } from "../return-route"
import { CART_ID, fakeStore, on, type Route } from "./fake-store"

const STATUS_PATH = `/store/installments/carts/${CART_ID}/payment-status`
const RETURN = `https://shop.test/sa/checkout/return?cart_id=${CART_ID}&session_id=payses_1`

async function call(routes: Route[], url: string, options: Partial<Parameters<typeof installmentsReturnRoute>[0]> = {}) {
  const store = fakeStore(routes)
  const events: string[] = []
  try {
    const GET = installmentsReturnRoute({
      sdk: store.sdk,
      headers: async () => ({ authorization: "Bearer shopper" }),
      onOrder: async (order) => void events.push(`order ${order.id}`),
      onSettled: () => void events.push("settled"),
      revalidate: async (name) => void events.push(`revalidate ${name}`),
      ...options,
    })
    const response = await GET(new Request(url), { params: Promise.resolve({ countryCode: "sa" }) })
    return { response, events, sent: store.sent }
  } finally {
    store.restore()
  }
}

describe("the Next.js return route (web-standard Request → Response)", () => {
  it("first answers the cookie hop: a page that replaces its location with the same URL and back=1, asking the store nothing", async () => {
    const { response, sent } = await call([], RETURN)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-store")
    const html = await response.text()
    const target = `/sa/checkout/return?cart_id=${CART_ID}&session_id=payses_1&back=1`
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${target.replace(/&/g, "&amp;")}">`)
    expect(html).toContain(`location.replace(${JSON.stringify(target)})`)
    expect(sent).toHaveLength(0)
  })

  it("on the hop's second request, completes a paid cart and redirects to the order confirmation", async () => {
    const { response, events, sent } = await call(
      [
        on("GET", STATUS_PATH, () => ({ json: { payment_status: { status: "paid", completable: true, message: null } } })),
        on("POST", `/store/carts/${CART_ID}/complete`, () => ({ json: { type: "order", order: { id: "order_01" } } })),
      ],
      `${RETURN}&back=1`
    )
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("https://shop.test/sa/order/order_01/confirmed")
    expect(events).toEqual(["revalidate carts", "settled", "revalidate orders", "order order_01"])
    expect(sent.map((request) => request.headers.get("authorization"))).toEqual(["Bearer shopper", "Bearer shopper"])
  })

  it("sends a refused payment back to the review step with the plugin's message, completing nothing", async () => {
    const message = "The payment was not completed. Continue to payment to try again, or choose another payment method."
    const { response, events, sent } = await call(
      [on("GET", STATUS_PATH, () => ({ json: { payment_status: { status: "not_paid", completable: false, message } } }))],
      `${RETURN}&back=1`
    )
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get("location")!)
    expect(location.pathname).toBe("/sa/checkout")
    expect(location.searchParams.get("step")).toBe("review")
    expect(location.searchParams.get("error")).toBe(message)
    expect(events).toEqual(["revalidate carts", "settled"])
    expect(sent).toHaveLength(1)
  })

  it("sends a return without a cart id to the cart, and takes the storefront's own paths", async () => {
    const missing = await call([], "https://shop.test/sa/checkout/return")
    expect(missing.response.headers.get("location")).toBe("https://shop.test/sa/cart")
    const custom = await call(
      [
        on("GET", STATUS_PATH, () => ({ json: { payment_status: { status: "paid", completable: true, message: null } } })),
        on("POST", `/store/carts/${CART_ID}/complete`, () => ({ json: { type: "order", order: { id: "order_02", display_id: 7 } } })),
      ],
      `https://shop.test/checkout/return?cart_id=${CART_ID}&back=1`,
      { orderPath: (order) => `/thanks/${order.display_id}` }
    )
    expect(custom.response.headers.get("location")).toBe("https://shop.test/thanks/7")
  })

  it("writes the hop page so no query can break out of it, in the page's language", () => {
    const page = cookieHopPage('/r?x="><script>alert(1)</script>&y=</script>', "ar")
    expect(page).not.toContain("<script>alert(1)")
    expect(page).not.toMatch(/<\/script>.*<\/script>.*<\/script>/)
    expect(page).toContain('<html lang="ar" dir="rtl">')
  })
})
