import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SuiteContext } from "../helpers/context"
import { withRegistrationOptions } from "../helpers/registrations"
import { CARDS, linkReads, payLink, sandboxClient, webhooksIdle } from "../helpers/sandbox"
import { PROVIDERS } from "../helpers/seed"
import { eventsOfLink } from "../helpers/webhooks"

// What a shopper reads (the session's failure reason, a refused start, the plans line) in the cart's
// language, with the registration's `language` (English in this store's medusa-config.ts) when the
// cart has none the plugin speaks; and what the admin's status route tells the merchant.

const REJECTED = {
  ar: "رفض البنك طلب التقسيط بدون فوائد. ادفع المبلغ كاملًا أو جرّب بطاقة أخرى.",
  en: "The bank rejected the 0% installment request. Pay in full or try another card.",
}
const UNAVAILABLE = {
  ar: /^تعذّر بدء الدفع بالتقسيط الآن\. يُرجى المحاولة مرة أخرى بعد قليل\. الرقم المرجعي للدعم: INS-[0-9A-F]{8}\.$/,
  en: /^Your installments payment could not be started just now\. Please try again in a moment\. Support reference: INS-[0-9A-F]{8}\.$/,
}

export function shopperLanguageScenarios(ctx: SuiteContext) {
  const { api } = ctx
  const headers = (token?: string) => ({
    "x-publishable-api-key": ctx.seed.publishableKey,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })

  /** A cart of 50.00 SAR x quantity, in Medusa's cart `locale` when given, as a storefront creates it. */
  async function cart(quantity: number, locale?: string, token?: string): Promise<{ id: string; locale?: string | null }> {
    const { data } = await api.post(
      "/store/carts",
      {
        region_id: ctx.seed.regionId,
        sales_channel_id: ctx.seed.salesChannelId,
        email: "shopper@example.sa",
        items: [{ variant_id: ctx.seed.variantId, quantity }],
        ...(locale ? { locale } : {}),
      },
      { headers: headers(token) }
    )
    return data.cart
  }

  /** Starts a session with `data` (the cart id unless told otherwise); the answer as the storefront gets it. */
  async function start(
    cartId: string,
    options: { provider?: string; data?: Record<string, unknown>; token?: string; locale?: string } = {}
  ) {
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, { headers: headers(options.token) })
    const provider = options.provider ?? PROVIDERS.both
    const answer = await api.post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: provider, data: options.data ?? { cart_id: cartId } },
      {
        headers: { ...headers(options.token), ...(options.locale ? { "x-medusa-locale": options.locale } : {}) },
        validateStatus: () => true,
      }
    )
    const session = answer.data.payment_collection?.payment_sessions?.find((s: { provider_id: string }) => s.provider_id === provider)
    return { answer, session }
  }

  /** The failure reason the storefront reads on the cart after a completion that placed no order. */
  async function reasonAfterRejection(cartId: string, linkId: string): Promise<string> {
    await payLink(ctx.sandbox, linkId, { card_number: CARDS.rajhiBankReject, payment_option: "Installment", months: 3 })
    await webhooksIdle(ctx.sandbox)
    const completed = await api.post(`/store/carts/${cartId}/complete`, {}, { headers: headers(), validateStatus: () => true })
    expect(completed.status).toBe(400)
    const { data } = await api.get(`/store/carts/${cartId}`, { headers: headers() })
    return data.cart.payment_collection.payment_sessions[0].data.failure_reason
  }

  it("W1. a bank rejection at checkout is explained in the cart's language: Arabic, English, else the registration's", async () => {
    const cases = [
      { locale: "ar-SA", data: undefined, header: undefined, reason: REJECTED.ar, sessionLocale: "ar-SA" },
      { locale: "en", data: undefined, header: undefined, reason: REJECTED.en, sessionLocale: "en" },
      // No cart locale, and one the plugin does not speak: the registration's `language` (en).
      { locale: undefined, data: undefined, header: undefined, reason: REJECTED.en, sessionLocale: undefined },
      { locale: "fr-FR", data: undefined, header: undefined, reason: REJECTED.en, sessionLocale: undefined },
      // No cart locale: the request's (the x-medusa-locale header Medusa's js-sdk sends).
      { locale: undefined, data: undefined, header: "ar", reason: REJECTED.ar, sessionLocale: "ar" },
      // The storefront's own `data.locale` over the cart's.
      { locale: "en", data: { locale: "ar" }, header: undefined, reason: REJECTED.ar, sessionLocale: "ar" },
    ]
    for (const { locale, data, header, reason, sessionLocale } of cases) {
      const { id } = await cart(30, locale)
      const { answer, session } = await start(id, { data: { cart_id: id, ...data }, locale: header })
      expect(answer.status).toBe(200)
      expect({ locale, session: session.data.locale }).toEqual({ locale, session: sessionLocale })
      expect({ locale, data, reason: await reasonAfterRejection(id, session.data.payment_link_id) }).toEqual({ locale, data, reason })
    }
  })

  it("W2. the service down at the start of a payment: a 422 in the cart's language with a support reference", async () => {
    const arabic = await cart(30, "ar")
    const english = await cart(30, "en-GB")
    await ctx.sandbox.outage.down()
    try {
      for (const [cartId, words] of [
        [arabic.id, UNAVAILABLE.ar],
        [english.id, UNAVAILABLE.en],
      ] as const) {
        const { answer } = await start(cartId)
        expect(answer.status).toBe(422)
        expect(answer.data.message).toMatch(words)
      }
    } finally {
      await ctx.sandbox.outage.up()
    }
  })

  it("W3. an installments-only registration refuses a basket below the smallest bank minimum (300.00 SAR) in the cart's language", async () => {
    const arabic = await cart(1, "ar")
    const refused = await start(arabic.id, { provider: PROVIDERS.installments })
    expect(refused.answer.status).toBe(400)
    expect(refused.answer.data.message).toBe(
      "التقسيط متاح للطلبات من 300.00 ر.س فأكثر، وقيمة هذا الطلب 50.00 ر.س. اختر طريقة دفع أخرى."
    )
    // 250.00 SAR: the service would take the link, but no bank offers a plan, so no card could pay it.
    const english = await cart(5)
    expect((await start(english.id, { provider: PROVIDERS.installments })).answer.data.message).toBe(
      "Installments are available for orders of 300.00 SAR or more; this order is 250.00 SAR. Choose another payment method."
    )
  })

  it("W4. the plans route's promo line in the request's locale (Medusa's ?locale= or x-medusa-locale), else the registration's", async () => {
    const plans = async (query: string, extra: Record<string, string> = {}) =>
      (await api.get(`/store/installments/plans${query}`, { headers: { ...headers(), ...extra } })).data as {
        language: string
        line: string
      }
    expect(await plans("?amount=1200.00&locale=ar-SA")).toMatchObject({ language: "ar", line: "أو 24 × 50.00 ر.س بدون فوائد" })
    expect(await plans("?amount=1200.00", { "x-medusa-locale": "ar" })).toMatchObject({ language: "ar" })
    expect(await plans("?amount=1200.00")).toMatchObject({ language: "en", line: "or 24 × 50.00 SAR at 0%" })
    expect(await plans("?amount=250.00&locale=ar")).toMatchObject({ line: "تقسيط بدون فوائد ابتداءً من 300.00 ر.س" })
    expect(await plans("?amount=250.00&locale=de")).toMatchObject({ language: "en", line: "0% installments from 300.00 SAR" })
  })

  it("W5. a logged-in customer's local mobile (05…) reaches the link in E.164, as the admin's payment links write it", async () => {
    const email = `noura-${Date.now()}@example.sa`
    const password = "shopper-secret-1"
    const registered = await api.post("/auth/customer/emailpass/register", { email, password })
    await api.post(
      "/store/customers",
      { email, first_name: "Noura", last_name: "Al-Qahtani", phone: "050 123 4567" },
      { headers: headers(registered.data.token) }
    )
    const { token } = (await api.post("/auth/customer/emailpass", { email, password })).data
    const { id } = await cart(30, "ar", token)
    const { answer, session } = await start(id, { token })
    expect(answer.status).toBe(200)
    const { payment_link: link } = await sandboxClient().paymentLinks.retrieve(session.data.payment_link_id)
    expect(link).toMatchObject({ client_first_name: "Noura", client_phone_number: "+966501234567" })
  })

  it("W6. the status route: checkouts waiting count a 0% plan in bank review; production keys are said so", async () => {
    const status = async () =>
      (await api.get("/admin/installments/status", ctx.admin)).data.registrations[0] as {
        environment: string
        pending_sessions: number
      }
    const before = (await status()).pending_sessions
    const { id } = await cart(30)
    const { session } = await start(id)
    await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiBankReview,
      payment_option: "Installment",
      months: 3,
    })
    await webhooksIdle(ctx.sandbox)
    const completed = await api.post(`/store/carts/${id}/complete`, {}, { headers: headers(), validateStatus: () => true })
    expect(completed.data.type).toBe("order")
    const query = ctx.getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "payment_session", fields: ["status"], filters: { id: session.id } })
    expect(data[0].status).toBe("pending_authorization")
    // The order is placed, its payment waits for the bank: the merchant's settings page counts it.
    expect((await status()).pending_sessions).toBe(before + 1)

    const production = await withRegistrationOptions(ctx.getContainer(), "installments", { publicKey: "prod-pk_live_status" }, status)
    expect(production.environment).toBe("production")
  })

  it("W7. the return route asks first: a decline, a cancel and an expired link are not completable and say why in the cart's language; order numbers stay consecutive", async () => {
    const paymentStatus = async (cartId: string) => {
      const answer = await api.get(`/store/installments/carts/${cartId}/payment-status`, {
        headers: headers(),
        validateStatus: () => true,
      })
      expect(answer.status).toBe(200)
      return answer.data.payment_status as { status: string; completable: boolean; message: string | null; session_id: string }
    }
    const complete = (cartId: string) =>
      api.post(`/store/carts/${cartId}/complete`, {}, { headers: headers(), validateStatus: () => true })
    const displayIdOf = async (orderId: string) => {
      const query = ctx.getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: orderId } })
      return Number(data[0].display_id)
    }
    /** Pays the cart's newest link in full and completes it, as the return route does once the status says so. */
    const payAndComplete = async (cartId: string) => {
      const { session } = await start(cartId)
      await payLink(ctx.sandbox, session.data.payment_link_id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      const reads = await linkReads(ctx.sandbox, session.data.payment_link_id)
      expect(await paymentStatus(cartId)).toMatchObject({ status: "paid", completable: true, message: null, session_id: session.id })
      const completed = await complete(cartId)
      expect(completed.data.type).toBe("order")
      // The status read's paid verdict answers the completion: one read of the link, not two.
      expect(await linkReads(ctx.sandbox, session.data.payment_link_id)).toBe(reads + 1)
      return displayIdOf(completed.data.order.id)
    }

    const first = await payAndComplete((await cart(10, "en-GB")).id)

    // Declined by the card (English cart), cancelled on the hosted page (Arabic cart), expired: no completion.
    const declined = await cart(10, "en-GB")
    const { session: declinedSession } = await start(declined.id)
    await payLink(ctx.sandbox, declinedSession.data.payment_link_id, {
      card_number: CARDS.rajhiDecline,
      payment_option: "Installment",
      months: 3,
    })
    expect(await paymentStatus(declined.id)).toEqual({
      cart_id: declined.id,
      session_id: declinedSession.id,
      status: "not_paid",
      completable: false,
      message: "The card payment was declined or not authenticated. Try again with another card.",
    })
    const cancelled = await cart(10, "ar")
    const { session: cancelledSession } = await start(cancelled.id)
    // The shopper closes the hosted page (the sandbox's `modal.closed`): cancelled, not refused.
    const cancelledLink = cancelledSession.data.payment_link_id as string
    expect((await ctx.sandbox.control.post(`/payment-links/${cancelledLink}/cancel`)).status).toBe(200)
    // The service recorded the cancel (its modal.closed event, which the plugin does not act on: the
    // shopper's return asks the service, as after any visit to the hosted page).
    const cancels = (await eventsOfLink(ctx.sandbox, cancelledLink)).map((event) => event.event)
    expect(cancels).toEqual(["modal.closed"])
    expect(await paymentStatus(cancelled.id)).toMatchObject({
      status: "not_paid",
      completable: false,
      message: "لم يكتمل الدفع. تابع إلى الدفع للمحاولة مرة أخرى، أو اختر طريقة دفع أخرى.",
    })
    const expired = await cart(10, "en-GB")
    const { session: expiredSession } = await start(expired.id)
    await ctx.sandbox.control.post(`/payment-links/${expiredSession.data.payment_link_id}/expire`)
    expect(await paymentStatus(expired.id)).toMatchObject({
      status: "not_paid",
      completable: false,
      message: "The payment link expired before it was paid. Start a new payment.",
    })

    // The declined shopper pays again with another card, and the one who cancelled continues to payment
    // as the message says: the next order numbers, none skipped.
    expect(await payAndComplete(declined.id)).toBe(first + 1)
    expect(await payAndComplete(cancelled.id)).toBe(first + 2)
    // A cart with no installments session, and one that does not exist: 404s that say which.
    const other = await cart(1)
    const none = await api.get(`/store/installments/carts/${other.id}/payment-status`, {
      headers: headers(),
      validateStatus: () => true,
    })
    expect(none.status).toBe(404)
    expect(none.data.message).toBe(`Cart with id: ${other.id} has no installments payment session`)
    expect(
      (await api.get("/store/installments/carts/cart_missing/payment-status", { headers: headers(), validateStatus: () => true }))
        .status
    ).toBe(404)
  })
}
