import { InstallmentsClient } from "../../src/lib/client"
import { runSweeps } from "../helpers/sweeps"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { SuiteContext } from "../helpers/context"
import { installmentOrder as paidInstallmentOrder } from "../helpers/orders"
import { withRegistrationOptions } from "../helpers/registrations"
import { CARDS, payLink, PUBLIC_KEY, SECRET_KEY, waitFor, webhooksIdle } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { busMark, RUNS, settledAfter } from "../helpers/event-bus-idle"

const UNKNOWN_UUID = "0b8f2a44-1c2d-4e5f-9a6b-7c8d9e0f1a2b"

/** Issue 8: orders, transactions, payment links, BIN lookup and the connection check. */
export function backOfficePaymentScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const admin = (params: Record<string, unknown> = {}) => ({ ...ctx.admin, params, validateStatus: () => true })
  const get = (path: string, params: Record<string, unknown> = {}) => api.get(path, admin({ provider_id: "installments", ...params }))
  const post = (path: string, body: Record<string, unknown>) =>
    api.post(path, { provider_id: "installments", ...body }, { ...ctx.admin, validateStatus: () => true })
  const client = () =>
    new InstallmentsClient({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      baseUrl: process.env.INSTALLMENTS_BASE_URL!,
      maxRetries: 0,
    })

  const installmentOrder = (quantity: number) => paidInstallmentOrder(ctx, quantity)

  describe("orders/:id", () => {
    it("what the order widget needs in one call: transaction, fees, plan, refunds, refundable balance and window", async () => {
      const order = await installmentOrder(30) // 1500.00
      const { status, data } = await api.get(`/admin/installments/orders/${order.orderId}`, admin())
      expect(status).toBe(200)
      expect(data.order_id).toBe(order.orderId)
      expect(data.payments).toHaveLength(1)
      const [payment] = data.payments
      expect(payment).toMatchObject({
        payment_id: order.paymentId,
        provider_id: "installments",
        amount: "1500.00",
        currency_code: "sar",
        payment_link_id: order.linkId,
        checkout_url: order.url,
        environment: "SANDBOX",
        refundable_amount: "1500.00",
        disputed: false,
        disputed_at: null,
        refunds: [],
        service_error: null,
      })
      expect(payment.captured_at).toEqual(expect.any(String))
      // VISA 2.50% + 1.00 on 1500.00 = 38.50, VAT 5.78, payout 1455.72.
      expect(payment.transaction).toMatchObject({
        id: order.transactionId,
        status: "success",
        payment_option: "Installment",
        bank_name: "RAJHI",
        installment_duration: "12",
        installment_tracker: { status: "A" },
        amount: "1500.00",
        service_fee: "38.50",
        service_tax_vat: "5.78",
        merchant_payout: "1455.72",
        refunded_amount: "0.00",
        is_refundable: true,
      })
      expect(payment.transaction.number).toMatch(/\*/)
      const paidAt = Date.parse(payment.transaction.created_at)
      expect(Date.parse(payment.refundable_until)).toBe(paidAt + 90 * 86_400_000)

      // A refund from the admin: in the ledger and at the service, settling from pending to settled.
      expect((await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 100.25 }, ctx.admin)).status).toBe(200)
      const refunded = await waitFor(async () => {
        const { data } = await api.get(`/admin/installments/orders/${order.orderId}`, admin())
        return data.payments[0].refunds.length === 1 && data.payments[0].refunds[0].status === "settled" ? data.payments[0] : undefined
      })
      expect(refunded.refundable_amount).toBe("1399.75")
      expect(refunded.refunds[0]).toMatchObject({ amount: "100.25", status: "settled", will_retry: false, failure_reason: null })
      expect(refunded.refunds[0].rrn).toEqual(expect.any(String))
      expect(refunded.refunds[0].idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    })

    it("when the service does not answer, the payment still shows, with the ledger's refunds and a message", async () => {
      const order = await installmentOrder(30)
      await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 10 }, ctx.admin)
      // The ledger syncs the refund in the background: let it finish so the faults meet this read only.
      await waitFor(async () => {
        const { data } = await api.get(`/admin/installments/orders/${order.orderId}`, admin())
        return data.payments[0].refunds.length === 1 ? true : undefined
      })
      // Every call fails until the faults are cleared: a count of failures could be used up by the
      // store's background work (ledger sync, jobs) before this read, and the read would then succeed.
      await ctx.sandbox.control.post("/faults", { error_rate: 1, error_status: 502 })
      try {
        const { status, data } = await api.get(`/admin/installments/orders/${order.orderId}`, admin())
        expect(status).toBe(200)
        expect(data.payments[0]).toMatchObject({
          transaction: null,
          service_error: "The installments service did not answer; try again.",
          refundable_amount: "1490.00",
          refunds: [
            expect.objectContaining({
              amount: "10.00",
              idempotency_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
            }),
          ],
        })
      } finally {
        await ctx.sandbox.control.delete("/faults")
      }
    })

    it("an unknown order is a 404", async () => {
      const { status, data } = await api.get("/admin/installments/orders/order_unknown", admin())
      expect(status).toBe(404)
      expect(data.message).toBe('Order with id "order_unknown" was not found')
    })
  })

  describe("transactions/:id", () => {
    it("the transaction as the service reports it; a malformed or unknown id is refused clearly", async () => {
      const order = await installmentOrder(10)
      const { status, data } = await get(`/admin/installments/transactions/${order.transactionId}`)
      expect(status).toBe(200)
      expect(data.transaction).toMatchObject({ id: order.transactionId, amount: "500.00", payment_option: "Installment" })

      const malformed = await get("/admin/installments/transactions/abc")
      expect(malformed.status).toBe(400)
      expect(malformed.data.message).toMatch(/id must be the service's transaction id \(a UUID\)/)
      const unknown = await get(`/admin/installments/transactions/${UNKNOWN_UUID}`)
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toMatch(/The installments service has no such record/)
      const noProvider = await api.get(`/admin/installments/transactions/${order.transactionId}`, admin())
      expect(noProvider.status).toBe(400)
      expect(noProvider.data.message).toMatch(/provider_id is required/)
    })
  })

  describe("payment links", () => {
    it("made in the admin: link, URL and QR code; paid, its payment recorded and left alone by the orphan sweep", async () => {
      const made = await post("/admin/installments/payment-links", {
        amount: "1200.00",
        title: "Phone order 1042",
        description: "Oud perfume x 24",
        customer: { first_name: "Sara", last_name: "Al-Harbi", email: "sara@example.sa", phone: "+966501234567" },
        send_sms: true,
        language: "en",
        checkout: "installments",
        expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      })
      expect(made.status).toBe(201)
      const link = made.data.payment_link
      expect(link).toMatchObject({
        provider_id: "installments",
        amount: "1200.00",
        title: "Phone order 1042",
        single_use: true,
        checkout: "installments",
        status: "Unpaid",
        environment: "SANDBOX",
      })
      expect(link.url).toBe(`${ctx.sandbox.payUrl}/payment-link/${link.id}`)
      expect(made.data.qr.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s)
      const png = Buffer.from(made.data.qr.png_data_url.replace(/^data:image\/png;base64,/, ""), "base64")
      expect(png.subarray(1, 4).toString()).toBe("PNG")

      const atService = await client().paymentLinks.retrieve(link.id)
      expect(atService.payment_link).toMatchObject({
        amount: "1200.00",
        only_show_bank_installments: true,
        only_show_pay_in_full: false,
        client_phone_number: "+966501234567",
        // Named as this store's link (D33), like every link the plugin makes.
        metadata: {
          source: "medusa_admin",
          instance_id: await getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).instanceId(),
        },
      })

      const listed = await get("/admin/installments/payment-links", { status: "Unpaid", limit: 100 })
      expect(listed.status).toBe(200)
      const mine = listed.data.payment_links.find((row: { id: string }) => row.id === link.id)
      expect(mine).toMatchObject({ created_in_admin: true, status: "Unpaid", transaction_id: null })

      const mark = busMark(getContainer())
      const paid = await payLink(ctx.sandbox, link.id, {
        card_number: CARDS.rajhiCredit,
        payment_option: "Installment",
        bank_code: "rajhi",
        months: 6,
      })
      await webhooksIdle(ctx.sandbox)
      // The verified delivery's handling ran to its end (the admin link's record among it).
      await settledAfter(getContainer(), mark, [RUNS.delivery])
      // Recorded from the verified webhook, before anyone opens the link.
      const module = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
      const [row] = await module.listInstallmentsPaymentLinks({ payment_link_id: link.id })
      expect(row).toMatchObject({
        status: "Paid",
        transaction_id: paid.transaction_id,
        payment_option: "Installment",
        bank_name: "RAJHI",
      })

      const details = await get(`/admin/installments/payment-links/${link.id}`)
      expect(details.status).toBe(200)
      expect(details.data.payment_link).toMatchObject({
        id: link.id,
        status: "Paid",
        created_in_admin: true,
        transaction_id: paid.transaction_id,
      })
      expect(details.data.transactions.map((t: { id: string }) => t.id)).toEqual([paid.transaction_id])
      expect(details.data).toMatchObject({ count: 1, limit: 50, offset: 0 })

      const paidList = await get("/admin/installments/payment-links", { status: "Paid", limit: 100 })
      expect(paidList.data.payment_links.find((row: { id: string }) => row.id === link.id)).toMatchObject({
        transaction_id: paid.transaction_id,
        paid_at: expect.any(String),
      })

      // Not an orphaned checkout: neither the webhook's handling nor the sweep refunds it.
      await runSweeps(getContainer(), { since: new Date(Date.now() - 3_600_000), orphanGraceMs: 0 })
      const after = await client().transactions.retrieve(paid.transaction_id)
      expect(after).toMatchObject({ status: "success", refunded_amount: "0.00" })
      expect(after.refund_tracker).toEqual([])
    })

    it("a multi-use link's transactions a page at a time; the list's limit, offset and count", async () => {
      const made = await post("/admin/installments/payment-links", { amount: 80, title: "Counter QR", single_use: false })
      expect(made.status).toBe(201)
      // 80.00 is below the installment threshold: the link takes full card payments only.
      expect(made.data.payment_link.checkout).toBe("pay_in_full")
      const id = made.data.payment_link.id
      const first = await payLink(ctx.sandbox, id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      const second = await payLink(ctx.sandbox, id, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      const page = await get(`/admin/installments/payment-links/${id}`, { limit: 1, offset: 1 })
      expect(page.status).toBe(200)
      expect(page.data).toMatchObject({ count: 2, limit: 1, offset: 1 })
      expect(page.data.transactions).toHaveLength(1)
      expect([first.transaction_id, second.transaction_id]).toContain(page.data.transactions[0].id)

      const all = await get("/admin/installments/payment-links", { limit: 100, sort_by: "created_at", sort_order: "desc" })
      const count = all.data.count as number
      expect(count).toBeGreaterThanOrEqual(1)
      const window = await get("/admin/installments/payment-links", { limit: 3, offset: 1, sort_by: "created_at", sort_order: "desc" })
      expect(window.data).toMatchObject({ count, limit: 3, offset: 1 })
      expect(window.data.payment_links.map((l: { id: string }) => l.id)).toEqual(
        all.data.payment_links.slice(1, 4).map((l: { id: string }) => l.id)
      )
    })

    it.each<[string, Record<string, unknown>, RegExp]>([
      ["no title", { amount: "100.00" }, /Field 'title' is required/],
      ["an amount finer than a halala", { amount: "100.005", title: "x" }, /amount must be a number with at most 2 decimals/],
      ["a zero amount", { amount: 0, title: "x" }, /amount must be greater than 0/],
      [
        "installments below 100.00",
        { amount: "99.99", title: "x", checkout: "installments" },
        /amount must be at least 100.00 SAR when checkout is installments/,
      ],
      ["an SMS without a phone", { amount: "150.00", title: "x", send_sms: true }, /customer.phone is required when send_sms is true/],
      [
        "a phone not in E.164",
        { amount: "150.00", title: "x", customer: { phone: "0501234567" } },
        /customer.phone must be an E.164 phone number/,
      ],
      [
        "an expiry in the past",
        { amount: "150.00", title: "x", expires_at: "2020-01-01T00:00:00Z" },
        /expires_at must be in the future/,
      ],
      ["an unknown checkout", { amount: "150.00", title: "x", checkout: "cash" }, /checkout/],
      [
        "a title over 200 characters",
        { amount: "150.00", title: "x".repeat(201) },
        /Value for field 'title' too big, expected at most: '200'/,
      ],
    ])("creation refused with the field named: %s", async (_label, body, message) => {
      const { status, data } = await post("/admin/installments/payment-links", body)
      expect(status).toBe(400)
      expect(data.type).toBe("invalid_data")
      expect(data.message).toMatch(message)
    })

    it("list filters are checked; an unknown link is a 404; the service's errors are mapped", async () => {
      const badStatus = await get("/admin/installments/payment-links", { status: "Open" })
      expect(badStatus.status).toBe(400)
      expect(badStatus.data.message).toMatch(/status/)
      const badLimit = await get("/admin/installments/payment-links", { limit: 101 })
      expect(badLimit.data.message).toBe("Invalid request: Value for field 'limit' too big, expected at most: '100'")
      const reversed = await get("/admin/installments/payment-links", { from_date: "2026-02-01", to_date: "2026-01-01" })
      expect(reversed.data.message).toBe("Invalid request: from_date must not be after to_date")
      const badBranch = await get("/admin/installments/payment-links", { branch: "main" })
      expect(badBranch.data.message).toBe("Invalid request: branch must be the branch's UUID")

      const unknown = await get(`/admin/installments/payment-links/${UNKNOWN_UUID}`)
      expect(unknown.status).toBe(404)

      const keys = await withRegistrationOptions(getContainer(), "card", { secretKey: "sk_wrong" }, () =>
        post("/admin/installments/payment-links", { provider_id: "card", amount: "150.00", title: "x" })
      )
      expect(keys.data.code).toBe("installments_keys_refused")
      const store = await withRegistrationOptions(getContainer(), "card", { storeId: "00000000-0000-4000-8000-000000000001" }, () =>
        get("/admin/installments/payment-links", { provider_id: "card" })
      )
      expect(store.data.message).toBe(
        "Store id 00000000-0000-4000-8000-000000000001 is not this merchant's: check the storeId option of registration card."
      )
    })
  })

  describe("BIN lookup", () => {
    it("the service's answer for staff; eligibility depends on the amount", async () => {
      const eligible = await get("/admin/installments/bin-lookup", { bin: "409201", amount: "1200.00" })
      expect(eligible.status).toBe(200)
      expect(eligible.data.bin_lookup).toMatchObject({ bin: "409201", bank_code: "rajhi", type: "CREDIT", is_eligible: true })
      const below = await get("/admin/installments/bin-lookup", { bin: "409201", amount: "100.00" })
      expect(below.data.bin_lookup).toMatchObject({
        is_eligible: false,
        message: expect.stringMatching(/^Minimum amount for .+ is 300\.00\.$/),
      })
      const unknown = await get("/admin/installments/bin-lookup", { bin: "999999" })
      expect(unknown.data.bin_lookup).toEqual({ is_eligible: false, message: "Bin number not found." })
    })

    it.each<[Record<string, unknown>, RegExp]>([
      [{}, /bin/],
      [{ bin: "40920" }, /bin must be 6 to 8 digits/],
      [{ bin: "4092010a" }, /bin must be 6 to 8 digits/],
      [{ bin: "409201", amount: "abc" }, /amount must be a number with at most 2 decimals/],
      [{ bin: "409201", amount: "-5" }, /amount must be greater than 0/],
    ])("refuses %j with the rule", async (params, message) => {
      const { status, data } = await get("/admin/installments/bin-lookup", params)
      expect(status).toBe(400)
      expect(data.message).toMatch(message)
    })

    it("is not part of the store API", async () => {
      const { status } = await api.get("/store/installments/bin-lookup?bin=409201", {
        headers: { "x-publishable-api-key": ctx.seed.publishableKey },
        validateStatus: () => true,
      })
      expect(status).toBe(404)
    })
  })

  describe("connection status", () => {
    it("each registration: environment, keys working, store, webhooks, last verified delivery, what is waiting", async () => {
      const order = await installmentOrder(10)
      await webhooksIdle(ctx.sandbox)
      // A second refund within the hour stays pending at the service (D14).
      await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 10 }, ctx.admin)
      await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 10 }, ctx.admin)
      const store = storefront(api, ctx.seed)
      const waiting = await store.createCart(2)
      await store.startPayment(waiting.id)

      const { status, data } = await api.get("/admin/installments/status", admin())
      expect(status).toBe(200)
      expect(data.registrations.map((r: { provider_id: string }) => r.provider_id)).toEqual(["installments", "bnpl", "card"])
      const main = data.registrations[0]
      expect(main).toMatchObject({
        provider_id: "installments",
        environment: "sandbox",
        store_id: process.env.INSTALLMENTS_STORE_ID,
        connection: { ok: true, message: null },
        webhook_path: "/hooks/payment/installments_installments",
        pending_sessions: 1,
      })
      expect(main.pending_refunds).toBeGreaterThanOrEqual(1)
      expect(main.webhooks).toEqual([
        expect.objectContaining({
          url: `${api.defaults.baseURL}/hooks/payment/installments_installments`,
          prefix: expect.any(String),
        }),
      ])
      expect(Date.parse(main.last_verified_delivery_at)).toBeGreaterThan(Date.now() - 120_000)
      expect(data.registrations[2]).toMatchObject({ webhooks: [], last_verified_delivery_at: null, pending_sessions: 0 })
      expect(JSON.stringify(data)).not.toContain(SECRET_KEY)

      const broken = await withRegistrationOptions(getContainer(), "card", { secretKey: "sk_wrong" }, () =>
        api.get("/admin/installments/status", admin())
      )
      expect(broken.data.registrations[2].connection).toEqual({
        ok: false,
        latency_ms: expect.any(Number),
        message:
          "The secret or public key of registration card is wrong: the installments service refused them. Check its secretKey and publicKey options.",
      })
      expect(broken.data.registrations[0].connection.ok).toBe(true)
    })
  })
}
