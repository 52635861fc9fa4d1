import { decideReturn, readPaymentStatus, returnCartId } from "../return"
import { CART_ID, cartWith, fakeStore, on, type Route } from "./fake-store"

const STATUS_PATH = `/store/installments/carts/${CART_ID}/payment-status`
const status = (payment_status: unknown, code = 200): Route =>
  on("GET", STATUS_PATH, () => ({ status: code, json: { payment_status } }))
const completes = (json: unknown): Route => on("POST", `/store/carts/${CART_ID}/complete`, () => ({ json }))
const ORDER = { type: "order", order: { id: "order_01", display_id: 12 } }

async function decide(routes: Route[], locale?: string) {
  const store = fakeStore(routes)
  try {
    const decision = await decideReturn(store.sdk, CART_ID, { locale, headers: { authorization: "Bearer shopper" } })
    return { decision, paths: store.sent.map((request) => `${request.method} ${request.path}`), sent: store.sent }
  } finally {
    store.restore()
  }
}

describe("the return step's decision", () => {
  it("asks payment-status and does not complete a cart that is not completable: no order number used up", async () => {
    const message = "The bank rejected the 0% installment request. Pay in full or try another card."
    const { decision, paths } = await decide([status({ status: "not_paid", completable: false, message }), completes(ORDER)])
    expect(decision).toEqual({ kind: "retry", message, status: { status: "not_paid", completable: false, message } })
    expect(paths).toEqual([`GET ${STATUS_PATH}`])
  })

  it("completes a completable cart (paid, or a bank review that places the order pending) and answers with the order", async () => {
    for (const answer of [
      { status: "paid", completable: true, message: null },
      { status: "waiting", completable: true, message: null },
    ]) {
      const { decision, paths, sent } = await decide([status(answer), completes(ORDER)])
      expect(decision).toEqual({ kind: "order", orderId: "order_01", order: ORDER.order })
      expect(paths).toEqual([`GET ${STATUS_PATH}`, `POST /store/carts/${CART_ID}/complete`])
      expect(sent.every((request) => request.headers.get("authorization") === "Bearer shopper")).toBe(true)
    }
  })

  it("completes anyway when the status cannot be read, and takes the session's failure_reason when no order comes of it", async () => {
    const reason = "The card payment was declined or not authenticated. Try again with another card."
    const { decision, paths } = await decide([
      on("GET", STATUS_PATH, () => ({ status: 500, json: { message: "boom" } })),
      completes({ type: "cart", cart: {}, error: { message: "Payment authorization failed" } }),
      on("GET", `/store/carts/${CART_ID}`, () => ({
        json: {
          cart: cartWith([
            { provider_id: "pp_system_default", status: "error", data: { failure_reason: "not ours" } },
            { provider_id: "pp_installments_card", status: "error", data: { failure_reason: reason } },
          ]),
        },
      })),
    ])
    expect(decision).toEqual({ kind: "retry", message: reason, status: null })
    expect(paths).toEqual([`GET ${STATUS_PATH}`, `POST /store/carts/${CART_ID}/complete`, `GET /store/carts/${CART_ID}`])
  })

  it("falls back to the plugin's 'not paid' sentence in the page's language", async () => {
    const refused = await decide([status({ status: "not_paid", completable: false, message: null })], "ar")
    expect(refused.decision).toMatchObject({
      kind: "retry",
      message: "لم يكتمل الدفع. تابع إلى الدفع للمحاولة مرة أخرى، أو اختر طريقة دفع أخرى.",
    })
    const nothing = await decide([], "en")
    expect(nothing.decision).toMatchObject({
      kind: "retry",
      message: "The payment was not completed. Continue to payment to try again, or choose another payment method.",
    })
  })

  it("readPaymentStatus reads the plugin's route for the cart", async () => {
    const store = fakeStore([status({ status: "paid", completable: true, message: null })])
    try {
      await expect(readPaymentStatus(store.sdk, CART_ID)).resolves.toEqual({ status: "paid", completable: true, message: null })
    } finally {
      store.restore()
    }
  })

  it("reads the cart id of the return URL, and nothing that is not a cart id", () => {
    expect(returnCartId(`https://shop.test/sa/checkout/return?cart_id=${CART_ID}&session_id=payses_1`)).toBe(CART_ID)
    expect(returnCartId("https://shop.test/checkout/return")).toBeNull()
    expect(returnCartId("https://shop.test/checkout/return?cart_id=%22%3E%3Cscript%3E")).toBeNull()
    expect(returnCartId("https://shop.test/checkout/return?cart_id=cart_1/../../admin")).toBeNull()
  })
})
