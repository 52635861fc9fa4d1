import {
  installmentsSessionData,
  installmentsSessionOf,
  InstallmentsStorefrontError,
  isInstallmentsProvider,
  linkState,
  paymentLink,
  startInstallmentsSession,
} from "../session"
import { CART_ID, cartWith, fakeStore, on, type SentRequest } from "./fake-store"

const NOW = Date.parse("2026-11-28T12:00:00Z")
const LATER = "2026-11-28T12:30:00.000Z"
const pending = (data: Record<string, unknown> = {}) => ({
  provider_id: "pp_installments_bnpl",
  status: "pending",
  data: { url: "https://pay.test/l/old", expires_at: LATER, failure_reason: null, ...data },
})
const freshSession = (request: SentRequest) => {
  const body = request.body as { provider_id: string; data: Record<string, unknown> }
  return {
    json: {
      payment_collection: {
        id: "pay_col_01",
        payment_sessions: [
          {
            id: "payses_new",
            provider_id: body.provider_id,
            status: "pending",
            data: { url: "https://pay.test/l/new", expires_at: LATER },
          },
        ],
      },
    },
  }
}

describe("the installments session", () => {
  it("knows the plugin's providers and the data a session is created with", () => {
    expect(isInstallmentsProvider("pp_installments_bnpl")).toBe(true)
    expect(isInstallmentsProvider("pp_stripe_stripe")).toBe(false)
    expect(isInstallmentsProvider(undefined)).toBe(false)
    expect(installmentsSessionData(CART_ID, "ar-SA")).toEqual({ cart_id: CART_ID, locale: "ar-SA" })
    expect(installmentsSessionData(CART_ID, "")).toEqual({ cart_id: CART_ID })
  })

  it("finds the cart's pending installments session, else the last one the shopper chose", () => {
    const declined = { ...pending(), status: "error", provider_id: "pp_installments_card" }
    expect(installmentsSessionOf(cartWith([declined, pending()]))?.provider_id).toBe("pp_installments_bnpl")
    expect(installmentsSessionOf(cartWith([pending(), declined]))?.status).toBe("pending")
    expect(installmentsSessionOf(cartWith([declined]))?.provider_id).toBe("pp_installments_card")
    expect(installmentsSessionOf(cartWith([{ provider_id: "pp_system_default", status: "pending", data: {} }]))).toBeUndefined()
    expect(installmentsSessionOf(null)).toBeUndefined()
  })
})

describe("linkState: whether a session's link can still be used", () => {
  it("is usable while pending, unpaid, unused and more than a minute from its expiry", () => {
    expect(linkState(pending(), { now: NOW })).toEqual({ usable: true, url: "https://pay.test/l/old", expiresAt: Date.parse(LATER) })
  })

  it("is not, once expired or within the margin of its expiry, or when the expiry cannot be read", () => {
    expect(linkState(pending({ expires_at: "2026-11-28T11:59:59Z" }), { now: NOW })).toEqual({ usable: false, reason: "expired" })
    expect(linkState(pending({ expires_at: "2026-11-28T12:00:30Z" }), { now: NOW })).toEqual({ usable: false, reason: "expired" })
    expect(linkState(pending({ expires_at: "2026-11-28T12:00:30Z" }), { now: NOW, marginMs: 0 }).usable).toBe(true)
    expect(linkState(pending({ expires_at: undefined }), { now: NOW })).toEqual({ usable: false, reason: "expired" })
    expect(linkState(pending({ expires_at: "soon" }), { now: NOW })).toEqual({ usable: false, reason: "expired" })
  })

  it("is single-use: not after the shopper came back, a recorded failure, or a session no longer pending", () => {
    expect(linkState(pending(), { now: NOW, used: true })).toEqual({ usable: false, reason: "used" })
    expect(linkState(pending({ failure_reason: "The card payment was declined." }), { now: NOW })).toEqual({
      usable: false,
      reason: "failed",
    })
    expect(linkState({ ...pending(), status: "error" }, { now: NOW })).toEqual({ usable: false, reason: "not_pending" })
    expect(linkState(pending({ url: "" }), { now: NOW })).toEqual({ usable: false, reason: "no_url" })
    expect(linkState(undefined)).toEqual({ usable: false, reason: "no_session" })
  })
})

describe("starting or refreshing a session through the js-sdk", () => {
  it("creates the session on the cart's collection with cart_id and locale, and returns its link", async () => {
    const store = fakeStore([on("POST", "/store/payment-collections/pay_col_01/payment-sessions", freshSession)])
    try {
      const started = await startInstallmentsSession(store.sdk, cartWith([]), {
        providerId: "pp_installments_bnpl",
        locale: "ar",
        headers: { authorization: "Bearer shopper" },
      })
      expect(started.url).toBe("https://pay.test/l/new")
      expect(store.sent).toHaveLength(1)
      expect(store.sent[0].body).toEqual({ provider_id: "pp_installments_bnpl", data: { cart_id: CART_ID, locale: "ar" } })
      expect(store.sent[0].headers.get("authorization")).toBe("Bearer shopper")
    } finally {
      store.restore()
    }
  })

  it("makes the cart's payment collection first when it has none (the js-sdk's own step)", async () => {
    const store = fakeStore([
      on("POST", "/store/payment-collections", () => ({ json: { payment_collection: { id: "pay_col_01" } } })),
      on("POST", "/store/payment-collections/pay_col_01/payment-sessions", freshSession),
    ])
    try {
      const cart = { id: CART_ID, payment_collection: null }
      await expect(startInstallmentsSession(store.sdk, cart, { providerId: "pp_installments_card" })).resolves.toMatchObject({
        url: "https://pay.test/l/new",
      })
      expect(store.sent.map((request) => request.path)).toEqual([
        "/store/payment-collections",
        "/store/payment-collections/pay_col_01/payment-sessions",
      ])
      expect(store.sent[1].body).toEqual({ provider_id: "pp_installments_card", data: { cart_id: CART_ID } })
    } finally {
      store.restore()
    }
  })

  it("refuses without an installments provider, and when the store answers without a link, in the page's language", async () => {
    const store = fakeStore([
      on("POST", "/store/payment-collections/pay_col_01/payment-sessions", () => ({
        json: { payment_collection: { id: "pay_col_01", payment_sessions: [] } },
      })),
    ])
    try {
      await expect(startInstallmentsSession(store.sdk, cartWith([]), { providerId: "pp_stripe_stripe" })).rejects.toThrow(
        InstallmentsStorefrontError
      )
      await expect(
        startInstallmentsSession(store.sdk, cartWith([]), { providerId: "pp_installments_bnpl", locale: "ar" })
      ).rejects.toThrow("تعذّر فتح صفحة الدفع. حاول مرة أخرى.")
    } finally {
      store.restore()
    }
  })

  it("paymentLink: the session's own link while usable (no request), else a fresh one with the same provider", async () => {
    const store = fakeStore([on("POST", "/store/payment-collections/pay_col_01/payment-sessions", freshSession)])
    try {
      const cart = cartWith([pending()])
      await expect(paymentLink(store.sdk, cart, { now: NOW })).resolves.toBe("https://pay.test/l/old")
      expect(store.sent).toHaveLength(0)
      await expect(paymentLink(store.sdk, cart, { now: NOW, used: true, locale: "en" })).resolves.toBe("https://pay.test/l/new")
      await expect(paymentLink(store.sdk, cartWith([{ ...pending(), status: "error" }]), { now: NOW })).resolves.toBe(
        "https://pay.test/l/new"
      )
      await expect(paymentLink(store.sdk, cart, { now: NOW, providerId: "pp_installments_card" })).resolves.toBe(
        "https://pay.test/l/new"
      )
      expect(store.sent.map((request) => (request.body as { provider_id: string }).provider_id)).toEqual([
        "pp_installments_bnpl",
        "pp_installments_bnpl",
        "pp_installments_card",
      ])
      expect((store.sent[0].body as { data: unknown }).data).toEqual({ cart_id: CART_ID, locale: "en" })
    } finally {
      store.restore()
    }
  })

  it("passes the plugin's refusal through: the store's message, in the shopper's words", async () => {
    const refusal =
      "Installments are available for orders of 300.00 SAR or more; this order is 250.00 SAR. Choose another payment method."
    const store = fakeStore([
      on("POST", "/store/payment-collections/pay_col_01/payment-sessions", () => ({
        status: 400,
        json: { type: "not_allowed", message: refusal },
      })),
    ])
    try {
      const failure = await paymentLink(store.sdk, cartWith([]), { providerId: "pp_installments_bnpl" }).catch((error) => error)
      expect(failure).toMatchObject({ message: refusal, status: 400 })
    } finally {
      store.restore()
    }
  })
})
