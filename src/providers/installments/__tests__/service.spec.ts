import nock from "nock"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"
import { useNock } from "../../../lib/__tests__/use-nock"
import { fakeTimeouts, socketError, unanswered } from "../../../lib/client/__tests__/helpers"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { signedDeliveryHeaders } from "../../../lib/webhooks"
import { recentPaidVerdicts } from "../../../installments/links/recent-paid-verdicts"
import { REFUND_PENDING_CODES } from "../../../installments/refunds/send-refund"
import { medusaRefundKey } from "../../../installments/refunds/keys"
import { fakeModule } from "../../../modules/installments/__tests__/helpers/fake-module"
import { InstallmentsProviderService } from "../service"
import {
  BASE_URL,
  INSTANCE_ID,
  keyPair,
  ourInstance,
  LINK_ID,
  linkDetails,
  OPTIONS,
  SECRET,
  sessionData,
  silentLogger,
  STORE_ID,
  transaction,
  TX_ID,
} from "../../../installments/__tests__/fixtures"

const SESSION_DATA_KEYS = [
  "amount",
  "currency_code",
  "environment",
  "expires_at",
  "failure_reason",
  "installment_bank",
  "installment_months",
  "payment_link_id",
  "payment_option",
  "session_id",
  "transaction_id",
  "url",
]
const NO_OPTIONAL_VALUES = {
  transaction_id: null,
  payment_option: null,
  installment_months: null,
  installment_bank: null,
  failure_reason: null,
}
// What a storefront may send in the session data: Medusa keeps it unless the provider overwrites it.
const STOREFRONT_KEYS = {
  transaction_id: "forged-tx",
  payment_option: "Installment",
  installment_months: "12",
  installment_bank: "FORGED",
  failure_reason: "<script>",
}

// The refund ledger the provider writes intents to: the module's real writer over in-memory tables.
let ledger = fakeModule()
// The keys of the plugin's causes that Medusa's refunds name in their metadata, by refund id.
let medusaRefundKeys = new Map<string, string>()
const installmentsMedusaRefundKey = async (refundId: string) => medusaRefundKeys.get(refundId)
beforeEach(() => {
  ledger = fakeModule()
  medusaRefundKeys = new Map()
})

function provider(options: Record<string, unknown> = {}) {
  return new InstallmentsProviderService(
    {
      logger: silentLogger,
      installmentsRefundLedger: ledger.svc,
      installmentsMedusaRefundKey,
      installmentsRegistrationId: "installments",
      installmentsInstance: ourInstance,
    } as never,
    { ...OPTIONS, ...options }
  )
}

function mockCreate(capture: (body: Record<string, unknown>) => void) {
  return nock(BASE_URL)
    .post(`/payment_links/${STORE_ID}/create`, (body) => {
      capture(body)
      return true
    })
    .reply(201, {
      order_id: "payses_1",
      payment_link_id: LINK_ID,
      url: `https://pay.test/payment-link/${LINK_ID}`,
      environment: "SANDBOX",
    })
}

function mockDetails(details: unknown) {
  return nock(BASE_URL)
    .post(`/payment_links/${LINK_ID}/details`)
    .reply(200, details as nock.Body)
}

function mockTransaction(overrides: Record<string, unknown> = {}) {
  return nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction(overrides))
}

function refundEntry(idempotencyKey: string, amount = "10.00") {
  return {
    id: "a1b2c3",
    status: "P",
    amount,
    gateway_transaction_id: "RF-1",
    gateway_key_type: "RefundReference",
    rrn: null,
    idempotency_key: idempotencyKey,
    order_refund_id: null,
  }
}

useNock()
// Each test reads the service as if first: a paid verdict kept by an earlier test would answer instead.
beforeEach(() => recentPaidVerdicts.clear())

describe("initiatePayment", () => {
  it("creates a single-use link for the exact amount, tied to the session", async () => {
    let body: Record<string, unknown> = {}
    const scope = mockCreate((b) => (body = b))
    const before = Date.now()
    const result = await provider({ linkTtlMinutes: 30 }).initiatePayment({
      amount: { value: "1234.56", precision: 20 } as never,
      currency_code: "sar",
      data: { session_id: "payses_1", cart_id: "cart_1" },
      context: { idempotency_key: "payses_1" },
    })
    expect(scope.isDone()).toBe(true)
    expect(body).toMatchObject({
      amount: 1234.56,
      order_id: "payses_1",
      singleUse: true,
      metadata: { session_id: "payses_1", instance_id: INSTANCE_ID, currency: "SAR", cart_id: "cart_1" },
      callback_url: "https://shop.test/checkout/return?session=payses_1&cart=cart_1",
      only_show_bank_installments: false,
      only_show_pay_in_full: false,
      send_sms: false,
      language: "ar",
    })
    const selected = Date.parse(body.selectedDate as string)
    expect(selected - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(selected - before).toBeLessThanOrEqual(30 * 60_000 + 5000)
    expect(Object.keys(result.data!).sort()).toEqual(SESSION_DATA_KEYS)
    expect(result.data).toMatchObject({ amount: "1234.56", currency_code: "sar", payment_link_id: LINK_ID, environment: "SANDBOX" })
    expect(result.data).toMatchObject(NO_OPTIONAL_VALUES)
  })

  it("refuses the checkout in the shopper's words, creating no link, when this store's identity cannot be read", async () => {
    // No interceptor: a link created anyway would fail the test with a different error.
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const unreadable = { instanceId: async () => Promise.reject(new Error("connection to the database lost")) }
    const error = await new InstallmentsProviderService({ logger: log as never, installmentsInstance: unreadable } as never, {
      ...OPTIONS,
      language: "en",
    })
      .initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_1" } })
      .catch((e) => e)
    expect(error.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(error.message).toMatch(/^Your installments payment could not be started just now\./)
    expect(log.error.mock.calls[0][0]).toMatch(/connection to the database lost/)
  })

  it("records making the link for its session before asking the service for it, and makes none when that cannot be written", async () => {
    const order: string[] = []
    const recorder = {
      instanceId: ourInstance.instanceId,
      recordLinkMade: async (sessionId: string) => {
        order.push(`recorded ${sessionId}`)
      },
    }
    mockCreate(() => order.push("asked the service"))
    await new InstallmentsProviderService({ logger: silentLogger, installmentsInstance: recorder } as never, OPTIONS).initiatePayment({
      amount: 400,
      currency_code: "sar",
      data: { session_id: "payses_1" },
    })
    expect(order).toEqual(["recorded payses_1", "asked the service"])

    // No interceptor: a link created anyway would fail the test with a different error.
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const unwritable = { instanceId: ourInstance.instanceId, recordLinkMade: async () => Promise.reject(new Error("disk full")) }
    const error = await new InstallmentsProviderService({ logger: log as never, installmentsInstance: unwritable } as never, {
      ...OPTIONS,
      language: "en",
    })
      .initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_2" } })
      .catch((e) => e)
    expect(error.message).toMatch(/^Your installments payment could not be started just now\./)
    expect(log.error.mock.calls[0][0]).toMatch(/disk full/)
  })

  it("overwrites every optional key a storefront sent with null", async () => {
    mockCreate(() => undefined)
    const input = { session_id: "payses_1", cart_id: "cart_1", ...STOREFRONT_KEYS }
    const result = await provider().initiatePayment({ amount: 500, currency_code: "sar", data: input })
    // Medusa stores { ...input.data, ...output.data }.
    const stored = { ...input, ...result.data }
    expect(stored).toMatchObject(NO_OPTIONAL_VALUES)
    expect(Object.keys(stored).sort()).toEqual([...SESSION_DATA_KEYS, "cart_id"].sort())
  })

  it("rounds a total finer than a halala half-up and stores the rounded amount", async () => {
    // 33.33 + 15% VAT: Medusa does not round its totals.
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const result = await provider().initiatePayment({
      amount: { value: "38.3295", precision: 20 } as never,
      currency_code: "sar",
      data: { session_id: "payses_1" },
    })
    expect(body.amount).toBe(38.33)
    expect(result.data!.amount).toBe("38.33")
  })

  it("keeps customer details out of session data but pre-fills the hosted page", async () => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const result = await provider().initiatePayment({
      amount: 500,
      currency_code: "SAR",
      data: { session_id: "payses_1" },
      context: { customer: { id: "cus_1", email: "a@b.co", first_name: "Noura", phone: "+966 50 123 4567" } },
    })
    expect(body).toMatchObject({ client_email: "a@b.co", client_first_name: "Noura", client_phone_number: "+966501234567" })
    const text = JSON.stringify(result)
    expect(text).not.toMatch(/Noura|a@b\.co|966/)
    expect(text).not.toContain(SECRET)
  })

  it("below 100.00 SAR in both mode offers pay in full only", async () => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    await provider().initiatePayment({ amount: "99.99", currency_code: "sar", data: { session_id: "payses_1" } })
    expect(body).toMatchObject({ amount: 99.99, only_show_pay_in_full: true, only_show_bank_installments: false })
  })

  it.each([
    [
      "the cart's English",
      { locale: "en-SA" },
      /^Installments are available for orders of 300\.00 SAR or more; this order is 80\.00 SAR\./,
    ],
    ["the registration's Arabic", {}, /^التقسيط متاح للطلبات من 300\.00 ر\.س فأكثر، وقيمة هذا الطلب 80\.00 ر\.س\./],
  ])("below the smallest bank minimum in installments mode is a clear error in %s and calls nothing", async (_case, locale, words) => {
    await expect(
      provider({ checkoutMode: "installments" }).initiatePayment({
        amount: 80,
        currency_code: "sar",
        data: { session_id: "payses_1", ...locale },
      })
    ).rejects.toThrow(words)
  })

  it("250.00 SAR in installments mode: the shopper reads the minimum, the merchant's fix goes to the log, no link is asked for", async () => {
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const create = jest.fn()
    mockCreate(create)
    const logged = new InstallmentsProviderService({ logger: log } as never, { ...OPTIONS, checkoutMode: "installments" })
    await expect(
      logged.initiatePayment({ amount: "250", currency_code: "sar", data: { session_id: "payses_1", locale: "en-SA" } })
    ).rejects.toThrow(
      "Installments are available for orders of 300.00 SAR or more; this order is 250.00 SAR. Choose another payment method."
    )
    expect(create).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/session payses_1 was refused a link: 250\.00 SAR is below 300\.00 SAR.*checkoutMode "both"/)
    )
  })

  it.each([
    ["installments", { only_show_bank_installments: true, only_show_pay_in_full: false }],
    ["pay_in_full", { only_show_bank_installments: false, only_show_pay_in_full: true }],
  ])("checkoutMode %s shapes the link", async (checkoutMode, flags) => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    await provider({ checkoutMode }).initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_1" } })
    expect(body).toMatchObject(flags)
  })

  it("refuses another currency and an amount that rounds to 0 in the shopper's words; the merchant's fix goes to the log", async () => {
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const logged = new InstallmentsProviderService({ logger: log } as never, OPTIONS)
    await expect(
      logged.initiatePayment({ amount: 400, currency_code: "usd", data: { session_id: "payses_1", locale: "en" } })
    ).rejects.toThrow(/^This payment method takes Saudi riyals \(SAR\) only\. Choose another payment method\.$/)
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/payment in USD was refused.*Offer it only on regions whose currency is SAR/)
    )
    await expect(provider().initiatePayment({ amount: 400, currency_code: "usd", data: { session_id: "payses_1" } })).rejects.toThrow(
      /^طريقة الدفع هذه تقبل الريال السعودي فقط\./
    )
    await expect(
      provider().initiatePayment({ amount: "0.004", currency_code: "sar", data: { session_id: "payses_1", locale: "en" } })
    ).rejects.toThrow(/at least 0\.01 SAR/)
  })

  it("reports a refused key to the merchant's log, and to the shopper only as a payment to try again", async () => {
    nock(BASE_URL).post(`/payment_links/${STORE_ID}/create`).reply(401, { error: "authentication_failed", message: "bad key" })
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const error = await new InstallmentsProviderService({ logger: log as never, installmentsInstance: ourInstance } as never, {
      ...OPTIONS,
      language: "en",
    })
      .initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_1" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    const reference = /Support reference: (INS-[0-9A-F]{8})\.$/.exec(error.message)?.[1]
    expect(error.message).toMatch(/^Your installments payment could not be started just now\. Please try again in a moment\./)
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining(`checkout failure ${reference}:`))
    expect(log.error.mock.calls[0][0]).toMatch(/Check its secretKey and publicKey options/)
    expect(JSON.stringify(error) + error.message + error.stack + log.error.mock.calls[0][0]).not.toContain(SECRET)
  })
})

describe("authorizePayment", () => {
  it("captured: records the transaction id and plan in the payment data", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const result = await provider().authorizePayment({ data: sessionData() })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(result.data).toMatchObject({
      transaction_id: TX_ID,
      payment_option: "Installment",
      installment_months: "6",
      installment_bank: "RAJHI",
      failure_reason: null,
    })
    expect(Object.keys(result.data!).sort()).toEqual(SESSION_DATA_KEYS)
    expect(JSON.stringify(result.data)).not.toMatch(/customer@example|966|4111/)
  })

  it("a paid link for a total finer than a halala is captured against the rounded amount", async () => {
    mockDetails(linkDetails({ status: "Paid", amount: "38.33", transactions: [transaction({ amount: "38.33000" })] }))
    const result = await provider().authorizePayment({ data: sessionData({ amount: "38.33" }) })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("pay in full: the storefront's plan keys are null, not kept", async () => {
    mockDetails(
      linkDetails({
        status: "Paid",
        transactions: [transaction({ payment_option: "Pay In Full", bank_name: null, installment_duration: null })],
      })
    )
    const result = await provider().authorizePayment({ data: sessionData(STOREFRONT_KEYS) })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(result.data).toMatchObject({
      transaction_id: TX_ID,
      payment_option: "Pay In Full",
      installment_months: null,
      installment_bank: null,
      failure_reason: null,
    })
  })

  it("not paid yet: every optional key is null, whatever was stored", async () => {
    mockDetails(linkDetails())
    const result = await provider().authorizePayment({ data: sessionData(STOREFRONT_KEYS) })
    expect(result.status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(result.data).toMatchObject(NO_OPTIONAL_VALUES)
  })

  it.each([
    ["pending", linkDetails({ transactions: [transaction({ status: "pending" })] }), PaymentSessionStatus.PENDING_AUTHORIZATION],
    ["declined", linkDetails({ transactions: [transaction({ status: "fail" })] }), PaymentSessionStatus.REQUIRES_MORE],
    ["expired", linkDetails({ status: "Expired" }), PaymentSessionStatus.CANCELED],
    ["wrong amount", linkDetails({ status: "Paid", transactions: [transaction({ amount: "15.00" })] }), PaymentSessionStatus.ERROR],
  ])("%s", async (_case, details, status) => {
    mockDetails(details)
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(status)
  })

  const bankRejection = () =>
    linkDetails({
      transactions: [
        transaction({ status: "fail", installment_tracker: { id: null, status: "R", message: "Credit limit exceeded" } }),
      ],
    })

  it.each([
    ["declined", linkDetails({ transactions: [transaction({ status: "fail", installment_tracker: null })] }), /declined/],
    ["bank rejection", bankRejection(), /^The bank rejected the 0% installment request\. Pay in full or try another card\.$/],
    ["expired", linkDetails({ status: "Expired" }), /expired/],
  ])("tells the storefront why: %s", async (_case, details, reason) => {
    mockDetails(details)
    const result = await provider().authorizePayment({ data: sessionData({ failure_reason: "stale", locale: "en" }) })
    expect(result.data!.failure_reason).toMatch(reason)
    expect(JSON.stringify(result.data)).not.toMatch(/customer@example|966|4111|Credit limit/)
  })

  it.each([
    ["the cart's locale", { locale: "ar-SA" }, {}],
    ["the registration's language when the cart has none", {}, {}],
    ["the registration's language when the cart's is not one the plugin speaks", { locale: "fr" }, {}],
    ["the cart's locale over the registration's English", { locale: "ar" }, { language: "en" }],
  ])("says why in Arabic by %s", async (_case, locale, options) => {
    mockDetails(bankRejection())
    const result = await provider(options).authorizePayment({ data: sessionData(locale) })
    expect(result.data!.failure_reason).toBe("رفض البنك طلب التقسيط بدون فوائد. ادفع المبلغ كاملًا أو جرّب بطاقة أخرى.")
  })

  it("says why in English for an English cart of an Arabic registration, and keeps the cart's locale", async () => {
    mockDetails(linkDetails({ status: "Expired" }))
    const result = await provider().getPaymentStatus({ data: sessionData({ locale: "en" }) })
    expect(result.data).toMatchObject({
      failure_reason: "The payment link expired before it was paid. Start a new payment.",
      locale: "en",
    })
  })

  it("drops an old failure reason once the link is paid", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const result = await provider().authorizePayment({ data: sessionData({ failure_reason: "stale" }) })
    expect(result.data!.failure_reason).toBeNull()
  })

  it("refuses data that is not its own", async () => {
    await expect(provider().authorizePayment({ data: { session_id: "payses_1" } })).rejects.toThrow(/no installments payment link/)
  })
})

describe("refundPayment", () => {
  it("refunds Medusa's exact amount under the name-based UUID of Medusa's refund id", async () => {
    let body: Record<string, unknown> = {}
    mockTransaction()
    const key = medusaRefundKey("ref_01ABC").key
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const scope = nock(BASE_URL, { reqheaders: { "idempotency-key": key } })
      .post(`/transactions/refund/${TX_ID}/`, (b) => ((body = b), true))
      .reply(200, { status: "success", key_type: "RefundReference", key: "RF-1" })
    const result = await provider().refundPayment({
      amount: { value: "40.1", precision: 20 } as never,
      data: sessionData({ transaction_id: TX_ID }),
      context: { idempotency_key: "ref_01ABC" },
    })
    expect(scope.isDone()).toBe(true)
    expect(body.refund_amount).toBe(40.1)
    expect(result.data).toMatchObject({ transaction_id: TX_ID })
  })

  it.each([
    [
      400,
      { message: "Maximum amount to be refunded is 100.00" },
      /At most 100\.00 SAR can still be refunded.*remaining refundable balance/,
    ],
    [
      400,
      { message: "Insufficient balance", validation_errors: [{ Name: "Supplier", Error: "Supplier X" }] },
      /Top up the merchant account/,
    ],
    [403, { detail: "This transaction is not refundable" }, /outside the installments service's refund window.*outside the plugin/],
    [403, { detail: "You are not allowed to refund this transaction" }, /another merchant.*same merchant keys/],
  ])("turns a %s refusal into an actionable MedusaError", async (status, reply, expected) => {
    mockTransaction()
    nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).reply(status, reply)
    const error = await provider()
      .refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_1" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(expected)
    expect(error.message).not.toContain(SECRET)
  })

  it("tells a refusal in the plugin's words and the service's code only; the service's page goes to the log under a reference", async () => {
    const page = `<html><body><h1>403 Forbidden</h1><p>This transaction is not refundable</p><p>request id a1b2; upstream 10.0.0.7</p></body></html>`
    mockTransaction()
    nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).reply(403, page, { "content-type": "text/html" })
    const warned: string[] = []
    const logger = { info: jest.fn(), error: jest.fn(), debug: jest.fn(), warn: (line: string) => warned.push(line) }
    const error = await new InstallmentsProviderService(
      {
        logger,
        installmentsRefundLedger: ledger.svc,
        installmentsMedusaRefundKey,
        installmentsRegistrationId: "installments",
      } as never,
      OPTIONS
    )
      .refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_html" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.code).toBe("not_refundable")
    const [, reference] = /\(service code not_refundable, reference (INS-[0-9A-F]{8})\)$/.exec(error.message) ?? []
    expect(error.message).toBe(
      "Refund refused: the payment is outside the installments service's refund window. " +
        `The payment is outside the service's refund window; refund the customer outside the plugin. (service code not_refundable, reference ${reference})`
    )
    for (const leak of ["<html", "403 Forbidden", "request id", "10.0.0.7"]) {
      expect(error.message).not.toContain(leak)
    }
    const line = warned.find((entry) => entry.includes(reference))
    expect(line).toMatch(
      /^installments: refund refused INS-[0-9A-F]{8}: refund transaction .*, code not_refundable \(operation POST \/transactions\/refund\/.*, status 403, RefundRejectedError, body: <html>.*10\.0\.0\.7/
    )
  })

  it("finds the transaction on the link when the payment data lacks it", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    mockTransaction()
    const scope = nock(BASE_URL)
      .post(`/transactions/refund/${TX_ID}/`)
      .reply(200, { status: "success", key_type: "RefundReference", key: "RF-2" })
    await provider().refundPayment({ amount: 10, data: sessionData(), context: { idempotency_key: "ref_2" } })
    expect(scope.isDone()).toBe(true)
  })

  function mockRefund(capture: (body: Record<string, unknown>, key: string) => void = () => undefined) {
    return nock(BASE_URL)
      .post(`/transactions/refund/${TX_ID}/`, function (this: { headers: Record<string, string> }, b) {
        capture(b, this.headers["idempotency-key"])
        return true
      })
      .reply(200, { status: "success", key_type: "RefundReference", key: "RF-3" })
  }

  describe("amounts finer than a halala", () => {
    it("a full refund of a 38.3295 total refunds the 38.33 paid", async () => {
      let body: Record<string, unknown> = {}
      mockTransaction({ amount: "38.33000", refunded_amount: "0.00" })
      const scope = mockRefund((b) => (body = b))
      await provider().refundPayment({
        amount: { value: "38.3295", precision: 20 } as never,
        data: sessionData({ amount: "38.33", transaction_id: TX_ID }),
        context: { idempotency_key: "ref_full" },
      })
      expect(scope.isDone()).toBe(true)
      expect(body.refund_amount).toBe(38.33)
    })

    it("absorbs a rounding excess of one halala over the remaining balance", async () => {
      // 10.0149 paid as 10.01; a first refund of 5.0075 went out as 5.01, so 5.00 is left while Medusa
      // still sees 5.0074 to refund, which rounds to 5.01.
      let body: Record<string, unknown> = {}
      mockTransaction({ amount: "10.01", refunded_amount: "5.01", status: "partially refunded" })
      mockRefund((b) => (body = b))
      await provider().refundPayment({
        amount: { value: "5.0074", precision: 20 } as never,
        data: sessionData({ transaction_id: TX_ID }),
        context: { idempotency_key: "ref_rest" },
      })
      expect(body.refund_amount).toBe(5)
    })

    it("does not hide more than a rounding halala: the service refuses with its own message", async () => {
      mockTransaction({ amount: "1500.00", refunded_amount: "1460.00", status: "partially refunded" })
      let body: Record<string, unknown> = {}
      nock(BASE_URL)
        .post(`/transactions/refund/${TX_ID}/`, (b) => ((body = b), true))
        .reply(400, { message: "Maximum amount to be refunded is 40.00" })
      const error = await provider()
        .refundPayment({ amount: 50, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_over" } })
        .catch((e) => e)
      expect(body.refund_amount).toBe(50)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.message).toMatch(/At most 40\.00 SAR can still be refunded/)
    })

    it("a refund that rounds to 0 is a clear error and calls nothing", async () => {
      const error = await provider()
        .refundPayment({
          amount: { value: "0.004", precision: 20 } as never,
          data: sessionData({ transaction_id: TX_ID }),
          context: { idempotency_key: "ref_0" },
        })
        .catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toMatch(/rounds to 0\.00 SAR/)
    })
  })

  describe("a refund whose outcome is unknown", () => {
    const input = { amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_unknown" } }

    // The timeout is a signal the test gives: the refund's reply never comes, and once the request is
    // there the test moves a fake clock past the client's timeout. Nothing races a short timer, so the
    // re-read that follows is never cut by the machine's speed. The warning names the error the refund
    // call ended in, so each case proves it met its own fault.
    afterEach(() => jest.useRealTimers())
    const TIMEOUT_MS = 20_000
    it.each<[string, string, ((scope: nock.Interceptor) => nock.Scope) | "never answered"]>([
      ["a 503", "ApiError", (scope) => scope.reply(503, { error: "unavailable" })],
      ["a reset connection", "ConnectionError", (scope) => scope.replyWithError(socketError("ECONNRESET"))],
      ["a timeout", "TimeoutError", "never answered"],
    ])("after %s, succeeds when the service lists the refund's key", async (_case, endedIn, answer) => {
      const warn = (silentLogger as unknown as { warn: jest.Mock }).warn
      warn.mockClear()
      const held = answer === "never answered" ? unanswered() : undefined
      if (held) fakeTimeouts()
      mockTransaction()
      const refund = nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`)
      if (held) refund.reply(held.reply)
      else if (answer !== "never answered") answer(refund)
      const reread = mockTransaction({
        status: "partially refunded",
        refunded_amount: "10.00",
        refund_tracker: [refundEntry(medusaRefundKey("ref_unknown").key)],
      })
      const pending = provider({ timeoutMs: TIMEOUT_MS }).refundPayment(input)
      if (held) {
        await held.arrived(1)
        await jest.advanceTimersByTimeAsync(TIMEOUT_MS)
      }
      const result = await pending
      expect(reread.isDone()).toBe(true)
      expect(result.data).toMatchObject({ transaction_id: TX_ID })
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`ended in ${endedIn}, but the service lists it: accepted`))
    })

    it("when the service does not list it, the intent is left unknown and the merchant is told not to refund again", async () => {
      mockTransaction()
      nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).times(3).reply(503, { error: "unavailable" })
      const reread = mockTransaction({ refund_tracker: [refundEntry(medusaRefundKey("ref_other").key)] })
      const error = await provider({ retryBaseDelayMs: 0 })
        .refundPayment(input)
        .catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.code).toBe(REFUND_PENDING_CODES.unconfirmed)
      expect(error.message).toMatch(/did not confirm the refund of 10\.00 SAR.*Do not refund it again/)
      expect(reread.isDone()).toBe(true)
      expect(ledger.refunds.rows).toEqual([
        expect.objectContaining({ status: "unknown", idempotency_key: medusaRefundKey("ref_unknown").key, amount: "10.00" }),
      ])
    })

    it("when the re-read fails too, the intent is still unknown: the answer is neither yes nor no", async () => {
      mockTransaction()
      nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).times(3).reply(503, { error: "unavailable" })
      nock(BASE_URL).get(`/transactions/${TX_ID}`).times(3).reply(503, { error: "unavailable" })
      const error = await provider({ retryBaseDelayMs: 0 })
        .refundPayment(input)
        .catch((e) => e)
      expect(error.code).toBe(REFUND_PENDING_CODES.unconfirmed)
      expect(ledger.refunds.rows[0]).toMatchObject({ status: "unknown" })
    })

    it("a new refund on the payment while one is being confirmed is a readable 4xx, and nothing is sent", async () => {
      mockTransaction()
      nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).times(3).reply(503, { error: "unavailable" })
      nock(BASE_URL).get(`/transactions/${TX_ID}`).times(3).reply(503, { error: "unavailable" })
      await provider({ retryBaseDelayMs: 0 })
        .refundPayment(input)
        .catch(() => undefined)
      nock.cleanAll()
      const unmatched: unknown[] = []
      nock.emitter.on("no match", (request) => unmatched.push(request))
      // The merchant tries again: Medusa makes a new refund, with a new id.
      const again = await provider()
        .refundPayment({ ...input, context: { idempotency_key: "ref_second_try" } })
        .catch((e) => e)
      expect(again).toBeInstanceOf(MedusaError)
      expect(again.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(again.code).toBe(REFUND_PENDING_CODES.beingConfirmed)
      expect(again.message).toBe(
        "A refund of 10.00 SAR on this payment is being confirmed with the installments service; try again in a minute."
      )
      nock.emitter.removeAllListeners("no match")
      expect(unmatched).toEqual([])
      expect(ledger.refunds.rows).toHaveLength(1)
    })

    it("does not re-read after a clear refusal", async () => {
      mockTransaction()
      nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).reply(400, { message: "Maximum amount to be refunded is 5.00" })
      const reread = mockTransaction({ refund_tracker: [refundEntry(medusaRefundKey("ref_unknown").key)] })
      await expect(provider().refundPayment(input)).rejects.toThrow(/At most 5\.00 SAR/)
      expect(reread.isDone()).toBe(false)
    })

    it("without a key from Medusa, sends a generated key and matches the re-read on it", async () => {
      let sentKey = ""
      mockTransaction()
      nock(BASE_URL)
        .post(`/transactions/refund/${TX_ID}/`, function (this: { headers: Record<string, string> }) {
          sentKey = this.headers["idempotency-key"]
          return true
        })
        .reply(503, { error: "unavailable" })
      nock(BASE_URL)
        .get(`/transactions/${TX_ID}`)
        .reply(200, () => transaction({ refund_tracker: [refundEntry(sentKey)] }))
      await provider().refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }) })
      expect(sentKey).toMatch(/^[0-9a-f-]{36}$/)
    })

    it("a retry of a refund the service already lists is not sent again", async () => {
      // Medusa retries with the same refund id; the first attempt was accepted.
      mockTransaction({ refund_tracker: [refundEntry(medusaRefundKey("ref_unknown").key)] })
      const result = await provider().refundPayment(input)
      expect(result.data).toMatchObject({ transaction_id: TX_ID })
      expect(nock.pendingMocks()).toEqual([])
    })
  })
})

describe("refundPayment: a Medusa run that names a cause of the plugin's (its refund's metadata)", () => {
  const KEY = "return-ret_1-pay_1"
  const intent = (overrides: Record<string, unknown> = {}) =>
    ledger.svc.writeRefundLedger({
      kind: "open",
      transaction_id: TX_ID,
      intent: {
        idempotency_key: KEY,
        provider_id: asRegistrationId("installments"),
        transaction_id: TX_ID,
        payment_id: "pay_1",
        order_id: "order_1",
        return_id: "ret_1",
        source: "return",
        amount: "10.00",
        ...overrides,
      },
    })
  const run = (refundId: string) =>
    provider().refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: refundId } })

  it("sends the intent its flow opened under the cause's key, and links Medusa's refund to it", async () => {
    await intent()
    medusaRefundKeys.set("ref_r1", KEY)
    mockTransaction()
    let sentKey = ""
    nock(BASE_URL)
      .post(`/transactions/refund/${TX_ID}/`, function (this: { headers: Record<string, string> }) {
        sentKey = this.headers["idempotency-key"]
        return true
      })
      .reply(200, { status: "success", key_type: "RefundReference", key: "RF-1" })
    await run("ref_r1")
    expect(sentKey).toBe(KEY)
    expect(ledger.refunds.rows).toEqual([expect.objectContaining({ idempotency_key: KEY, medusa_refund_id: "ref_r1", status: "P" })])
  })

  it("records an applied refund left for Medusa once: the second recorder (another resolver, a merchant's same refund) is refused and nothing is sent", async () => {
    const { opening } = await intent({ medusa_refund_id: "ref_lost" })
    await ledger.svc.writeRefundLedger({
      kind: "outcome",
      transaction_id: TX_ID,
      row_id: opening!.row_id,
      outcome: { kind: "unknown" },
    })
    await ledger.svc.writeRefundLedger({
      kind: "outcome",
      transaction_id: TX_ID,
      row_id: opening!.row_id,
      outcome: { kind: "accepted", amount: "10.00", recorded_by_medusa: false },
    })
    expect(ledger.refunds.rows[0]).toMatchObject({ record_in_medusa: true })
    // No interceptor: any call to the service fails the test.
    medusaRefundKeys.set("ref_a", KEY).set("ref_b", KEY)
    await run("ref_a")
    expect(ledger.refunds.rows[0]).toMatchObject({ record_in_medusa: false, medusa_refund_id: "ref_a" })
    const second = await run("ref_b").catch((e) => e)
    expect(second).toBeInstanceOf(MedusaError)
    expect(second.code).toBe(REFUND_PENDING_CODES.recordedAlready)
    expect(second.message).toMatch(/already recorded in Medusa \(refund ref_a\)/)
    expect(ledger.refunds.rows).toHaveLength(1)
  })

  it("a Medusa refund whose metadata cannot be read is refused before anything is sent", async () => {
    const failing = new InstallmentsProviderService(
      {
        logger: silentLogger,
        installmentsRefundLedger: ledger.svc,
        installmentsMedusaRefundKey: async () => {
          throw new Error("database unavailable")
        },
        installmentsRegistrationId: "installments",
      } as never,
      OPTIONS
    )
    const error = await failing
      .refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_x" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toMatch(/nothing was refunded/)
    expect(ledger.refunds.rows).toEqual([])
  })
})

describe("capture, cancel, delete", () => {
  it("make no call to the service and return the data", async () => {
    const p = provider()
    const data = sessionData({ transaction_id: TX_ID })
    expect(await p.capturePayment({ data })).toEqual({ data })
    expect(await p.cancelPayment({ data })).toEqual({ data })
    expect(await p.deletePayment({ data })).toEqual({ data })
    expect(await p.deletePayment({ data: {} })).toEqual({ data: {} })
  })
})

describe("updatePayment", () => {
  it("keeps the link when the amount is unchanged and makes a new one when it changed", async () => {
    const p = provider()
    const data = sessionData()
    expect((await p.updatePayment({ amount: 1500, currency_code: "sar", data })).data).toEqual({ ...data, ...NO_OPTIONAL_VALUES })
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const updated = await p.updatePayment({ amount: 90, currency_code: "sar", data })
    expect(body).toMatchObject({ amount: 90, only_show_pay_in_full: true })
    expect(updated.data).toMatchObject({ amount: "90.00", session_id: "payses_1", ...NO_OPTIONAL_VALUES })
  })

  it("compares and creates with the total rounded to the halala", async () => {
    const p = provider()
    const data = sessionData({ amount: "38.33" })
    const same = await p.updatePayment({ amount: { value: "38.3295", precision: 20 } as never, currency_code: "sar", data })
    expect(same.data).toMatchObject({ amount: "38.33", payment_link_id: LINK_ID })
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const updated = await p.updatePayment({ amount: "45.004", currency_code: "sar", data })
    expect(body.amount).toBe(45)
    expect(updated.data).toMatchObject({ amount: "45.00" })
  })

  it("never keeps optional keys a storefront sent", async () => {
    const data = sessionData({ cart_id: "cart_1", ...STOREFRONT_KEYS })
    const same = await provider().updatePayment({ amount: 1500, currency_code: "sar", data })
    expect(same.data).toMatchObject({ cart_id: "cart_1", ...NO_OPTIONAL_VALUES })
    mockCreate(() => undefined)
    const updated = await provider().updatePayment({ amount: 90, currency_code: "sar", data })
    expect(updated.data).toMatchObject({ cart_id: "cart_1", ...NO_OPTIONAL_VALUES })
  })
})

describe("getPaymentStatus and retrievePayment", () => {
  it("set every optional key from the link, null where it has none", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const status = await provider().getPaymentStatus({ data: sessionData(STOREFRONT_KEYS) })
    expect(status.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(status.data).toMatchObject({
      transaction_id: TX_ID,
      installment_months: "6",
      installment_bank: "RAJHI",
      failure_reason: null,
    })
    mockDetails(linkDetails())
    const retrieved = await provider().retrievePayment({ data: sessionData(STOREFRONT_KEYS) })
    expect(retrieved.data).toMatchObject(NO_OPTIONAL_VALUES)
  })
})

describe("getWebhookActionAndData", () => {
  function delivery(event: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ id: "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", event, created_at: "2026-01-01T10:00:00Z", data })
    return {
      rawData: Buffer.from(body),
      data: JSON.parse(body),
      headers: signedDeliveryHeaders({ payload: body, privateKey: keyPair.privateKey, keyPrefix: "key-1" }),
    }
  }

  it("never acts, even on a correctly signed paid delivery: the plugin's route handles every delivery, and says so in the log", async () => {
    // No interceptor: any call to the service would fail the test.
    const warn = jest.fn()
    const service = new InstallmentsProviderService(
      {
        logger: { info: jest.fn(), warn, error: jest.fn(), debug: jest.fn() },
        installmentsRefundLedger: ledger.svc,
        installmentsRegistrationId: "installments",
      } as never,
      { ...OPTIONS, webhookKeys: { "key-1": keyPair.publicKey } }
    )
    for (const payload of [delivery("order.success", transaction()), delivery("installment.tracker.approved", transaction())]) {
      expect(await service.getWebhookActionAndData(payload)).toEqual({ action: PaymentActions.NOT_SUPPORTED })
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("list medusa-payment-installments under plugins"))
  })
})

describe("a paid verdict read moments ago", () => {
  const paidDetails = () => linkDetails({ status: "Paid", transactions: [transaction()] })

  it("the next authorization of the same session and amount reuses it", async () => {
    const read = mockDetails(paidDetails())
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.CAPTURED)
    expect(read.isDone()).toBe(true)
    // No interceptor left: a second read would fail the authorization.
    const again = await provider().authorizePayment({ data: sessionData() })
    expect(again.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(again.data).toMatchObject({ transaction_id: TX_ID, installment_months: "6", failure_reason: null })
  })

  it("an unpaid verdict is never reused: the next authorization reads again and finds the payment", async () => {
    mockDetails(linkDetails({ transactions: [transaction({ status: "fail" })] }))
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    mockDetails(
      linkDetails({
        status: "Paid",
        transactions: [transaction({ status: "fail" }), transaction({ id: "2b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed" })],
      })
    )
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("a session for another amount on the same link is read fresh (and the mismatch found)", async () => {
    mockDetails(paidDetails())
    await provider().authorizePayment({ data: sessionData() })
    mockDetails(paidDetails())
    expect((await provider().authorizePayment({ data: sessionData({ amount: "1400.00" }) })).status).toBe(PaymentSessionStatus.ERROR)
  })

  it("status and retrieve always read the service", async () => {
    mockDetails(paidDetails())
    await provider().authorizePayment({ data: sessionData() })
    const reads = [mockDetails(paidDetails()), mockDetails(paidDetails())]
    await provider().getPaymentStatus({ data: sessionData() })
    await provider().retrievePayment({ data: sessionData() })
    expect(reads.every((read) => read.isDone())).toBe(true)
  })

  it("paidVerdictReuseMs 0 reads every time", async () => {
    const reads = [mockDetails(paidDetails()), mockDetails(paidDetails())]
    const noReuse = provider({ paidVerdictReuseMs: 0 })
    await noReuse.authorizePayment({ data: sessionData() })
    await noReuse.authorizePayment({ data: sessionData() })
    expect(reads.every((read) => read.isDone())).toBe(true)
  })
})
