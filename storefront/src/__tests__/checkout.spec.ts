/** @jest-environment jsdom */
import {
  installmentsRefused,
  offeredPaymentMethods,
  pageLocale,
  paymentSessionBody,
  paymentStepHref,
  returnRefusal,
} from "../checkout"

const CART_ID = "cart_01JTESTCART0000000000000000"
const METHODS = [{ id: "pp_installments_bnpl" }, { id: "pp_installments_card" }, { id: "pp_system_default" }]
const cartWith = (...sessions: { provider_id: string; status: string }[]) => ({
  id: CART_ID,
  payment_collection: { payment_sessions: sessions },
})

describe("the checkout page's side", () => {
  it("starts an installments session with the cart and the page's language, any other provider as before", () => {
    document.documentElement.lang = "ar"
    expect(pageLocale()).toBe("ar")
    expect(paymentSessionBody("pp_installments_bnpl", CART_ID)).toEqual({
      provider_id: "pp_installments_bnpl",
      data: { cart_id: CART_ID, locale: "ar" },
    })
    expect(paymentSessionBody("pp_installments_card", CART_ID, "en-US")).toEqual({
      provider_id: "pp_installments_card",
      data: { cart_id: CART_ID, locale: "en-US" },
    })
    expect(paymentSessionBody("pp_stripe_stripe", CART_ID)).toEqual({ provider_id: "pp_stripe_stripe" })
    document.documentElement.lang = ""
    expect(paymentSessionBody("pp_installments_bnpl", CART_ID)).toEqual({
      provider_id: "pp_installments_bnpl",
      data: { cart_id: CART_ID },
    })
  })

  it("hides the installments-only option below every bank's minimum and says from when, in the page's language", () => {
    expect(offeredPaymentMethods(METHODS, 250, { installmentsOnly: ["pp_installments_bnpl"], locale: "en" })).toEqual({
      methods: [{ id: "pp_installments_card" }, { id: "pp_system_default" }],
      unavailable: "0% installments from 300.00 SAR",
    })
    expect(offeredPaymentMethods(METHODS, "299.99", { installmentsOnly: ["pp_installments_bnpl"], locale: "ar" }).unavailable).toBe(
      "تقسيط بدون فوائد ابتداءً من 300.00 ر.س"
    )
  })

  it("offers every way to pay from the lowest minimum, and says nothing when no installments-only option was listed", () => {
    expect(offeredPaymentMethods(METHODS, 300, { installmentsOnly: ["pp_installments_bnpl"] })).toEqual({
      methods: METHODS,
      unavailable: null,
    })
    expect(offeredPaymentMethods(METHODS.slice(1), 250, { installmentsOnly: ["pp_installments_bnpl"] })).toEqual({
      methods: METHODS.slice(1),
      unavailable: null,
    })
    expect(offeredPaymentMethods(undefined, undefined, { installmentsOnly: [] })).toEqual({ methods: [], unavailable: null })
  })

  it("knows a shopper back without paying: an installments session, none pending", () => {
    expect(installmentsRefused(cartWith({ provider_id: "pp_installments_bnpl", status: "error" }))).toBe(true)
    expect(installmentsRefused(cartWith({ provider_id: "pp_installments_bnpl", status: "pending" }))).toBe(false)
    expect(installmentsRefused(cartWith({ provider_id: "pp_system_default", status: "error" }))).toBe(false)
    expect(installmentsRefused({ id: CART_ID, payment_collection: null })).toBe(false)
    expect(installmentsRefused(undefined)).toBe(false)
  })

  it("reads the return route's refusal and links back to the payment step without it", () => {
    const search = new URLSearchParams({ step: "review", error: "The payment was not completed." })
    expect(returnRefusal(search)).toBe("The payment was not completed.")
    expect(returnRefusal("?step=review")).toBeNull()
    expect(returnRefusal("?step=review&error=")).toBeNull()
    expect(returnRefusal(null)).toBeNull()
    expect(paymentStepHref(search)).toBe("?step=payment")
    expect(paymentStepHref("?step=review&error=x&cart=1")).toBe("?step=payment&cart=1")
    expect(paymentStepHref(undefined)).toBe("?step=payment")
  })
})
