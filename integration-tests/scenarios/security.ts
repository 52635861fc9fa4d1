import type { AxiosResponse } from "axios"
import { Readable } from "node:stream"
import { Modules } from "@medusajs/framework/utils"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../src/lib/webhooks"
import { csvRecords } from "../../src/lib/statements/csv-records"
import { MID_CELL_PAYLOADS, OWASP_CSV_PAYLOADS, runsAsFormula, spreadsheetCells } from "../../src/lib/__tests__/owasp-csv-payloads"
import { neutralised } from "../../src/lib/csv"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import { checkoutRecordsWritten } from "../../src/installments/insights/record-checkout"
import type { SuiteContext } from "../helpers/context"
import { installmentOrder } from "../helpers/orders"
import { withRegistrationOptions } from "../helpers/registrations"
import { CARDS, linkReads, payLink, waitFor, webhooksIdle } from "../helpers/sandbox"
import { PROVIDERS, storefront } from "../helpers/seed"
import { captureLogs, deliveryBody, eventsOfLink, sendToWebhookRoute, serviceRegistration, signedByService } from "../helpers/webhooks"

// The shopper's words when the service fails, in either language, and the reference they carry.
const SHOPPER_RETRY =
  /(could not be (started|confirmed) just now\. Please try again in a moment\.|يُرجى المحاولة مرة أخرى بعد قليل\.).*(INS-[0-9A-F]{8})\.$/
// What no shopper may read: the call, its method, a status, the service's words, advice for developers.
const SERVICE_INTERNALS = /payment_links|POST|\b5\d\d\b|ECONNREFUSED|baseUrl|installments service|Retry shortly|unreachable|<html/i
const UNVERIFIED = { type: "unauthorized", message: "The webhook delivery could not be verified." }

/** Issue 22: what a shopper, a forger or a spreadsheet can do to the merchant, each closed. */
export function securityScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const headers = () => ({ "x-publishable-api-key": ctx.seed.publishableKey })

  /** Starts a payment session with the answer as it comes, never throwing on a status. */
  async function tryStartPayment(cartId: string, data: Record<string, unknown> = {}) {
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, { headers: headers() })
    return api.post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: PROVIDERS.both, data: { cart_id: cartId, ...data } },
      { headers: headers(), validateStatus: () => true }
    )
  }

  /** The shopper's refusal: a 422 payment refusal in their words, naming nothing of the service; its reference. */
  function shopperRefusal(answer: { status: number; data: { message: string; type: string; code?: string } }) {
    expect(answer.status).toBe(422)
    expect(answer.data.type).toBe("payment_authorization_error")
    expect(answer.data.code).toBe("installments_unavailable")
    expect(answer.data.message).toMatch(SHOPPER_RETRY)
    expect(answer.data.message).not.toMatch(SERVICE_INTERNALS)
    return SHOPPER_RETRY.exec(answer.data.message)![3]
  }

  it("S1. the settlements CSV writes OWASP formula payloads (and formulas after a `;`) in a shopper's name and e-mail as text, in any locale", async () => {
    const { orderId, transactionId } = await installmentOrder(ctx, 30)
    const query = getContainer().resolve("query")
    const {
      data: [order],
    } = await query.graph({ entity: "order", fields: ["customer_id"], filters: { id: orderId } })
    const customers = getContainer().resolve(Modules.CUSTOMER)
    const now = Date.parse((await ctx.sandbox.control.get("/clock")).data.now)
    const window = { from_date: new Date(now - 86_400_000).toISOString(), to_date: new Date(now + 86_400_000).toISOString() }
    for (const payload of [...OWASP_CSV_PAYLOADS, ...MID_CELL_PAYLOADS]) {
      await customers.updateCustomers(order.customer_id, { first_name: payload, last_name: "Al-Harbi", email: payload })
      const csv = await api.get("/admin/installments/settlements", {
        ...ctx.admin,
        params: { provider_id: "installments", ...window, format: "csv" },
      })
      expect(csv.status).toBe(200)
      const rows = []
      for await (const record of csvRecords(Readable.from([csv.data as string]))) {
        rows.push(record.values)
      }
      const row = rows.find((values) => values.transaction_id === transactionId && values.type === "transaction")!
      expect({ payload, name: row.customer_name, email: row.customer_email }).toEqual({
        payload,
        name: neutralised(`${payload} Al-Harbi`),
        email: neutralised(payload),
      })
      // No cell of the whole file would run as a formula, read with `,`, `;` or tab as the list separator.
      expect(rows.flatMap((values) => Object.values(values)).filter(runsAsFormula)).toEqual([])
      for (const delimiter of [",", ";", "\t"] as const) {
        expect(
          spreadsheetCells(csv.data as string, delimiter)
            .flat()
            .map(String)
            .filter(runsAsFormula)
        ).toEqual([])
      }
    }
  })

  it("S2. a checkout during a 503 outage and during a network failure: the shopper reads a retry with a reference, the log has the details under it", async () => {
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(8)

    // 503 with a proxy's page, on the call and its retries.
    const logs = captureLogs(getContainer())
    await ctx.sandbox.control.post("/faults", { fail_next: 3, error_status: 503 })
    let outage: Awaited<ReturnType<typeof tryStartPayment>>
    let network: Awaited<ReturnType<typeof tryStartPayment>>
    try {
      outage = await tryStartPayment(cart.id)
      await ctx.sandbox.control.delete("/faults")
      await ctx.sandbox.outage.down()
      try {
        network = await tryStartPayment(cart.id, { locale: "ar-SA" })
      } finally {
        await ctx.sandbox.outage.up()
      }
    } finally {
      await ctx.sandbox.control.delete("/faults")
      logs.stop()
    }
    const outageReference = shopperRefusal(outage)
    expect(outage.data.message).toMatch(/^Your installments payment could not be started just now/)
    expect(logs.text()).toMatch(
      new RegExp(`checkout failure ${outageReference}: .*operation POST /payment_links/[^ ]+/create, status 503`)
    )

    const networkReference = shopperRefusal(network)
    // The storefront said the cart is in Arabic: the shopper reads Arabic.
    expect(network.data.message).toMatch(/^تعذّر بدء الدفع بالتقسيط الآن/)
    expect(logs.text()).toMatch(new RegExp(`checkout failure ${networkReference}: .*status no answer, ConnectionError`))
    expect(outageReference).not.toBe(networkReference)

    // The service back: the same cart starts its payment.
    expect((await tryStartPayment(cart.id)).status).toBe(200)
  })

  it("S3. forged deliveries, with a known prefix or an unknown one: the same 401 body, and the keys read fresh, at most once a second", async () => {
    const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const known = serviceRegistration(ctx.sandbox).prefix
    const forger = generateWebhookKeyPair()
    const body = (n: number) =>
      JSON.stringify({
        id: `evt_forged_${n}`,
        event: "order.success",
        created_at: new Date().toISOString(),
        data: { id: "x", payment_link_id: "y" },
      })
    const forged = (n: number, prefix: string) =>
      signedDeliveryHeaders({ payload: body(n), privateKey: forger.privateKey, keyPrefix: prefix })
    // Forgotten first, so the burst must read the keys: the first refusal finds no copy to use.
    await service.forgetVerificationKeys()
    // When each read of all the keys began. The route reads them through this same service
    // (webhookKeysForVerification, whose cache calls listWebhookKeys with no filter). Kept in an
    // array of our own: mockRestore below also empties the spy's mock.calls.
    const readAt: number[] = []
    const listWebhookKeys = service.listWebhookKeys.bind(service)
    const reads = jest.spyOn(service, "listWebhookKeys").mockImplementation((...args: Parameters<typeof listWebhookKeys>) => {
      const [filters] = args
      if (!filters || !Object.keys(filters).length) {
        readAt.push(Date.now())
      }
      return listWebhookKeys(...args)
    })
    let answers: { status: number; data: unknown }[]
    try {
      answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) => sendToWebhookRoute(api, body(n), forged(n, n % 2 ? known : `whk_guess_${n}`)))
      )
    } finally {
      reads.mockRestore()
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(401))
    // One body whatever the reason: nothing says whether keys exist or the prefix is known.
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data)))).toEqual(new Set([JSON.stringify(UNVERIFIED)]))
    // Every refusal asked for a fresh read before refusing; the keys were read, so the bound below is about real reads.
    expect(readAt.length).toBeGreaterThanOrEqual(1)
    // At most one a second: the cache stamps a read just before it calls listWebhookKeys (same tick), so two
    // reads a second apart can show 999 ms here when the clock's millisecond turns in between.
    const gaps = readAt.slice(1).map((at, i) => at - readAt[i])
    expect(gaps.filter((gap) => gap < 999)).toEqual([])
  })

  it("S4. a key made for the sandbox environment never verifies a delivery to the live registration, nor another registration's", async () => {
    // An event the plugin acknowledges and ignores once verified: only the verification is under test.
    const body = JSON.stringify({ id: "evt_env_check", event: "sandbox.ping", created_at: new Date().toISOString(), data: {} })
    const signed = signedByService(ctx.sandbox, body)
    const live = await withRegistrationOptions(getContainer(), "installments", { publicKey: "prod-pk_live_registration" }, () =>
      sendToWebhookRoute(api, body, signed)
    )
    expect({ status: live.status, data: live.data }).toEqual({ status: 401, data: UNVERIFIED })
    const other = await sendToWebhookRoute(api, body, signed, { path: "/hooks/payment/installments_bnpl" })
    expect({ status: other.status, data: other.data }).toEqual({ status: 401, data: UNVERIFIED })
    // The same delivery to the registration and environment its key was made for is accepted.
    expect((await sendToWebhookRoute(api, body, signed)).status).toBe(200)
  })

  it("S5. a javascript: link URL from the service is refused by the reader: never a link in the admin, never a checkout", async () => {
    const pay = ctx.sandbox.core.ctx.urls as { pay: string }
    const saved = pay.pay
    pay.pay = "javascript:alert(document.domain)//"
    const logs = captureLogs(getContainer())
    let made: AxiosResponse
    let list: AxiosResponse
    let checkout: Awaited<ReturnType<typeof tryStartPayment>>
    try {
      made = await api.post(
        "/admin/installments/payment-links",
        { provider_id: "installments", amount: "250.00", title: "Phone order" },
        { ...ctx.admin, validateStatus: () => true }
      )
      list = await api.get("/admin/installments/payment-links", {
        ...ctx.admin,
        params: { provider_id: "installments", limit: 5, sort_by: "created_at", sort_order: "desc" },
      })
      checkout = await tryStartPayment((await storefront(api, ctx.seed).createCart(4)).id)
    } finally {
      pay.pay = saved
      logs.stop()
    }
    expect(made.status).toBeGreaterThanOrEqual(400)
    expect(made.data.message).toMatch(/without an https address to share/)
    const urls = (list.data.payment_links as { url: string | null }[]).map((link) => link.url)
    expect(urls.length).toBeGreaterThan(0)
    expect(urls.filter((url) => url !== null && !url.startsWith("http"))).toEqual([])
    expect(urls).toContain(null)
    const reference = SHOPPER_RETRY.exec(checkout.data.message)?.[3]
    expect(checkout.status).toBe(422)
    expect(logs.text()).toMatch(/answered a URL that is not https \(javascript:\); it is left out/)
    expect(logs.text()).toMatch(new RegExp(`checkout failure ${reference}: .*without an https checkout URL`))
    expect(logs.text()).not.toContain("alert(document.domain)")
  })

  it("S6. a dispute whose delivery names a session its link does not confirm is recorded against no payment", async () => {
    const first = await installmentOrder(ctx, 30)
    const second = await installmentOrder(ctx, 31)
    const paidSecond = (await eventsOfLink(ctx.sandbox, second.linkId)).find((event) => event.event === "order.success")!
    const otherSessionId = (paidSecond.data.metadata as { session_id: string }).session_id
    await ctx.sandbox.control.post(`/transactions/${first.transactionId}/dispute`, { reason: "Item not received" })
    const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    await waitFor(async () =>
      (await service.listInstallmentsDisputes({ transaction_id: first.transactionId })).length ? true : undefined
    )
    const genuine = (await eventsOfLink(ctx.sandbox, first.linkId)).find((event) => event.event === "order.disputed")!
    // The service's own signature over a delivery whose hints name the second checkout's session and link.
    const data = {
      ...genuine.data,
      payment_link_id: second.linkId,
      metadata: { ...(genuine.data.metadata as object), session_id: otherSessionId },
    }
    const body = deliveryBody({ ...genuine, id: "evt_dispute_hints", data })
    const logs = captureLogs(getContainer())
    try {
      expect((await sendToWebhookRoute(api, body, signedByService(ctx.sandbox, body))).status).toBe(200)
      const [recorded] = await waitFor(async () => {
        const found = await service.listInstallmentsDisputes({ event_id: "evt_dispute_hints" })
        return found.length ? found : undefined
      })
      expect(recorded).toMatchObject({ transaction_id: first.transactionId, payment_id: null, order_id: null })
      expect(logs.text()).toMatch(new RegExp(`dispute evt_dispute_hints names session ${otherSessionId} .*does not hold both`))
    } finally {
      logs.stop()
    }
  })

  it("S7. SMS with a checkout's link: at most smsLimitPerHour per customer and per phone, counted in the database, above it the link is made without SMS", async () => {
    const container = getContainer()
    const payment = container.resolve(Modules.PAYMENT)
    const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const phone = "+966501234567"
    // A link for what an order owes with the merchant's SMS choice, for a customer with a mobile: the
    // provider asks for an SMS on each, as a checkout with sendSms would.
    const session = async (customerId: string, mobile = phone) => {
      const [collection] = await payment.createPaymentCollections([{ currency_code: "sar", amount: 400 }])
      const made = await payment.createPaymentSession(collection.id, {
        provider_id: PROVIDERS.card,
        currency_code: "sar",
        amount: 400,
        data: { order_debt: { order_id: "order_01SMSLIMIT", order_display_id: 7, checkout: null, send_sms: true, expires_at: null } },
        context: { customer: { id: customerId, email: `${customerId}@example.com`, phone: mobile } } as never,
      })
      const linkId = (made.data as { payment_link_id: string }).payment_link_id
      return (await ctx.sandbox.control.get(`/payment-links/${linkId}/sms`)).data as { send_sms: boolean; phone: string }
    }
    const logs = captureLogs(container)
    try {
      // The default limit, 3 an hour: the fourth link of the customer is made, without SMS.
      const texted = []
      for (let i = 0; i < 4; i++) texted.push((await session("cus_sms_limit_1")).send_sms)
      expect(texted).toEqual([true, true, true, false])
      // The same number under another customer: the phone is at its limit too. Another number of the
      // first customer: the customer is.
      expect((await session("cus_sms_limit_2")).send_sms).toBe(false)
      expect((await session("cus_sms_limit_1", "+966509999999")).send_sms).toBe(false)
      // A fresh customer and number: texted.
      expect(await session("cus_sms_limit_3", "+966508888888")).toEqual(expect.objectContaining({ send_sms: true }))
    } finally {
      logs.stop()
    }
    expect(logs.text()).toContain(
      "installments: SMS limit reached (3 an hour) for customer cus_sms_limit_1 or phone …4567; the link is made without SMS"
    )
    // Kept as a keyed hash, never the number.
    const rows = await service.listInstallmentsSmsSends({ customer_id: "cus_sms_limit_1" })
    expect(rows).toHaveLength(3)
    expect(JSON.stringify(rows)).not.toContain("501234567")

    // Concurrent claims, as several server processes would make them, share the database's count:
    // 8 at once for a new customer and number, limit 3, exactly 3 pass.
    const since = new Date(Date.now() - 60 * 60_000)
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => service.claimSms({ customer_id: "cus_sms_race", phone_hash: "race-hash", limit: 3, since }))
    )
    expect(claims.filter(Boolean)).toHaveLength(3)
    expect(await service.listInstallmentsSmsSends({ customer_id: "cus_sms_race" })).toHaveLength(3)
    // An hour later they no longer count; the prune job deletes them after two.
    expect(
      await service.claimSms({ customer_id: "cus_sms_race", phone_hash: "race-hash", limit: 3, since: new Date(Date.now() + 1000) })
    ).toBe(true)
    expect(await service.pruneSmsSends(new Date(Date.now() + 1000), 100)).toBeGreaterThanOrEqual(4)
  })

  it("S8. 120 anonymous asks about one waiting cart make at most 10 service reads and no Insights write each; the payment is still told at once", async () => {
    const shop = storefront(api, ctx.seed)
    const cart = await shop.createCart(4)
    const { session } = await shop.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    // The Insights records written for this session, by the queue's one writer.
    const written: string[] = []
    const recordCheckouts = service.recordCheckouts.bind(service)
    const writes = jest.spyOn(service, "recordCheckouts").mockImplementation(async (records) => {
      written.push(...records.map((record) => record.session_id).filter((id) => id === session.id))
      return recordCheckouts(records)
    })
    // Only the publishable key, as anyone reading the storefront's page source has it.
    const ask = () =>
      api.get(`/store/installments/carts/${cart.id}/payment-status`, { headers: headers(), validateStatus: () => true })
    const before = await linkReads(ctx.sandbox, linkId)
    const answers: AxiosResponse[] = []
    try {
      // The flood: 20 at once, then 100 one by one.
      answers.push(...(await Promise.all(Array.from({ length: 20 }, ask))))
      for (let i = 0; i < 100; i++) answers.push(await ask())
      await checkoutRecordsWritten()
    } finally {
      writes.mockRestore()
    }
    const reads = (await linkReads(ctx.sandbox, linkId)) - before
    expect(answers.map((answer) => answer.status)).toEqual(Array(120).fill(200))
    expect(new Set(answers.map((answer) => answer.data.payment_status.status))).toEqual(new Set(["not_paid"]))
    // One read every 5 seconds at most (ASKED_VERDICT_TTL_MS): the flood takes a few seconds here, 10 is the bound.
    expect(reads).toBeGreaterThanOrEqual(1)
    expect(reads).toBeLessThanOrEqual(10)
    // A record per read at most, not one per ask.
    expect(written.length).toBeLessThanOrEqual(reads)

    // The shopper pays: the verified delivery makes the kept "not paid" forgotten (unit: verify-webhook.spec),
    // so the ask that follows says paid without waiting out the 5 seconds.
    await payLink(ctx.sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    await webhooksIdle(ctx.sandbox)
    expect((await ask()).data.payment_status).toMatchObject({ status: "paid", completable: true, session_id: session.id })
  })

  it("S9. links staff make for a typed number are texted at most smsLimitPerHour times an hour per number; past it the request is refused, a link without SMS is still made", async () => {
    const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const link = (phone: string, sendSms = true) =>
      api.post(
        "/admin/installments/payment-links",
        { provider_id: "installments", amount: "250.00", title: "Phone order", customer: { phone }, send_sms: sendSms },
        { ...ctx.admin, validateStatus: () => true }
      )
    const before = (await service.listInstallmentsSmsSends({})).length
    // The default limit, 3 an hour, per number: staff cannot text one number without end.
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await link("+966507777777"))
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 400])
    expect(answers[3].data.message).toBe(
      "This number was texted 3 payment links in the last hour, the limit (smsLimitPerHour); make the link without SMS and share its address or QR code."
    )
    // Without SMS the link is made; another number is texted.
    expect((await link("+966507777777", false)).status).toBe(201)
    expect((await link("+966506666666")).status).toBe(201)
    const rows = await service.listInstallmentsSmsSends({})
    expect(rows.length - before).toBe(4)
    expect(JSON.stringify(rows)).not.toContain("507777777")
  })

  it("S10. a storefront naming another cart in an installments session's data is refused with a 400 naming data.cart_id; the collection's own cart gets its language", async () => {
    const store = storefront(api, ctx.seed)
    const mine = await store.createCart(4)
    const other = await store.createCart(4)
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: mine.id }, { headers: headers() })
    const start = (data: Record<string, unknown>) =>
      api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: PROVIDERS.both, data },
        { headers: headers(), validateStatus: () => true }
      )
    const refused = await start({ cart_id: other.id })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/^data\.cart_id must be the id of the cart this payment collection belongs to/)
    // The cart's own language (Medusa's cart locale) reaches the session when the storefront sends none.
    const updated = await api.post(`/store/carts/${mine.id}`, { locale: "ar-SA" }, { headers: headers() })
    expect(updated.data.cart.locale).toBe("ar-SA")
    const started = await start({ cart_id: mine.id })
    expect(started.status).toBe(200)
    const session = started.data.payment_collection.payment_sessions.find(
      (s: { provider_id: string }) => s.provider_id === PROVIDERS.both
    )
    expect(session.data).toMatchObject({ cart_id: mine.id, locale: "ar-SA" })
  })
}
