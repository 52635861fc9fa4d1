import nock from "nock"
import { useNock } from "../../../lib/__tests__/use-nock"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { signedDeliveryHeaders } from "../../../lib/webhooks"
import { InstallmentsProviderService } from "../service"
import {
  BASE_URL,
  keyPair,
  LINK_ID,
  linkDetails,
  OPTIONS,
  SECRET,
  sessionData,
  silentLogger,
  STORE_ID,
  transaction,
  TX_ID,
} from "./fixtures"

const SESSION_DATA_KEYS = ["amount", "currency_code", "environment", "expires_at", "payment_link_id", "session_id", "url"]

function provider(options: Record<string, unknown> = {}) {
  return new InstallmentsProviderService({ logger: silentLogger }, { ...OPTIONS, ...options })
}

function mockCreate(capture: (body: Record<string, unknown>) => void) {
  return nock(BASE_URL)
    .post(`/payment_links/${STORE_ID}/create`, (body) => {
      capture(body)
      return true
    })
    .reply(201, { order_id: "payses_1", payment_link_id: LINK_ID, url: `https://pay.test/payment-link/${LINK_ID}`, environment: "SANDBOX" })
}

function mockDetails(details: unknown) {
  return nock(BASE_URL).post(`/payment_links/${LINK_ID}/details`).reply(200, details as nock.Body)
}

useNock()

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
      metadata: { session_id: "payses_1", currency: "SAR", cart_id: "cart_1" },
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

  it("below 100.00 SAR in installments mode is a clear error and calls nothing", async () => {
    await expect(
      provider({ checkoutMode: "installments" }).initiatePayment({ amount: 80, currency_code: "sar", data: { session_id: "payses_1" } })
    ).rejects.toThrow(/at least 100\.00 SAR.*80\.00 SAR/)
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

  it("refuses another currency and amounts finer than a halala", async () => {
    await expect(
      provider().initiatePayment({ amount: 400, currency_code: "usd", data: { session_id: "payses_1" } })
    ).rejects.toThrow(/SAR only; this cart is in USD/)
    await expect(
      provider().initiatePayment({ amount: "400.001", currency_code: "sar", data: { session_id: "payses_1" } })
    ).rejects.toThrow(/more than 2 decimal places/)
  })

  it("reports a refused key without quoting it", async () => {
    nock(BASE_URL).post(`/payment_links/${STORE_ID}/create`).reply(401, { error: "authentication_failed", message: "bad key" })
    const error = await provider()
      .initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_1" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toMatch(/Check the secretKey and publicKey options/)
    expect(JSON.stringify(error) + error.message + error.stack).not.toContain(SECRET)
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
    })
    expect(JSON.stringify(result.data)).not.toMatch(/customer@example|966|4111/)
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

  it.each([
    ["declined", linkDetails({ transactions: [transaction({ status: "fail", installment_tracker: null })] }), /declined/],
    [
      "bank rejection",
      linkDetails({ transactions: [transaction({ status: "fail", installment_tracker: { id: null, status: "R", message: "Credit limit exceeded" } })] }),
      /bank rejected the 0% installment request \(Credit limit exceeded\)/,
    ],
    ["expired", linkDetails({ status: "Expired" }), /expired/],
  ])("tells the storefront why: %s", async (_case, details, reason) => {
    mockDetails(details)
    const result = await provider().authorizePayment({ data: sessionData({ failure_reason: "stale" }) })
    expect(result.data!.failure_reason).toMatch(reason)
    expect(JSON.stringify(result.data)).not.toMatch(/customer@example|966|4111/)
  })

  it("drops an old failure reason once the link is paid", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const result = await provider().authorizePayment({ data: sessionData({ failure_reason: "stale" }) })
    expect(result.data!.failure_reason).toBeUndefined()
  })

  it("refuses data that is not its own", async () => {
    await expect(provider().authorizePayment({ data: { session_id: "payses_1" } })).rejects.toThrow(/no installments payment link/)
  })
})

describe("refundPayment", () => {
  it("refunds Medusa's exact amount with Medusa's refund id as idempotency key", async () => {
    let body: Record<string, unknown> = {}
    const scope = nock(BASE_URL, { reqheaders: { "idempotency-key": "ref_01ABC" } })
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
    [400, { message: "Maximum amount to be refunded is 100.00" }, /at most 100\.00 SAR can still be refunded.*remaining refundable balance/],
    [400, { message: "Insufficient balance", validation_errors: [{ Name: "Supplier", Error: "Supplier X" }] }, /Top up the merchant account/],
    [403, { detail: "This transaction is not refundable" }, /outside its refund window.*outside the plugin/],
    [403, { detail: "You are not allowed to refund this transaction" }, /another merchant.*same merchant keys/],
  ])("turns a %s refusal into an actionable MedusaError", async (status, reply, expected) => {
    nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).reply(status, reply)
    const error = await provider()
      .refundPayment({ amount: 10, data: sessionData({ transaction_id: TX_ID }), context: { idempotency_key: "ref_1" } })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(expected)
    expect(error.message).not.toContain(SECRET)
  })

  it("finds the transaction on the link when the payment data lacks it", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const scope = nock(BASE_URL).post(`/transactions/refund/${TX_ID}/`).reply(200, { status: "success", key_type: "RefundReference", key: "RF-2" })
    await provider().refundPayment({ amount: 10, data: sessionData(), context: { idempotency_key: "ref_2" } })
    expect(scope.isDone()).toBe(true)
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
    expect((await p.updatePayment({ amount: 1500, currency_code: "sar", data })).data).toBe(data)
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const updated = await p.updatePayment({ amount: 90, currency_code: "sar", data })
    expect(body).toMatchObject({ amount: 90, only_show_pay_in_full: true })
    expect(updated.data).toMatchObject({ amount: "90.00", session_id: "payses_1" })
  })
})

describe("getWebhookActionAndData", () => {
  const keyed = () => provider({ webhookKeys: { "key-1": keyPair.publicKey } })

  function delivery(event: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ id: "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", event, created_at: "2026-01-01T10:00:00Z", data })
    return {
      rawData: Buffer.from(body),
      data: JSON.parse(body),
      headers: signedDeliveryHeaders({ payload: body, privateKey: keyPair.privateKey, keyPrefix: "key-1" }),
    }
  }

  it("re-reads the link and reports a capture for the link's session and amount", async () => {
    // The payload lies about the amount and session: only the re-read link counts.
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    const payload = delivery("order.success", { ...transaction({ amount: "1.00" }), metadata: { session_id: "payses_evil" } })
    const result = await keyed().getWebhookActionAndData(payload)
    expect(result).toEqual({ action: PaymentActions.SUCCESSFUL, data: { session_id: "payses_1", amount: "1500.00" } })
  })

  it("maps a failed attempt and an expired link", async () => {
    mockDetails(linkDetails({ transactions: [transaction({ status: "fail" })] }))
    expect((await keyed().getWebhookActionAndData(delivery("order.failed", transaction({ status: "fail" })))).action).toBe(
      PaymentActions.FAILED
    )
    mockDetails(linkDetails({ status: "Expired" }))
    const expired = delivery("payment_link.expired", linkDetails({ status: "Expired" }).payment_link)
    expect((await keyed().getWebhookActionAndData(expired)).action).toBe(PaymentActions.CANCELED)
  })

  it("ignores forged and unsigned deliveries without calling the service", async () => {
    const payload = delivery("order.success", transaction())
    const forged = { ...payload, rawData: Buffer.from(payload.rawData.toString().replace("1500", "1")) }
    expect(await keyed().getWebhookActionAndData(forged)).toEqual({ action: PaymentActions.NOT_SUPPORTED })
    const unsigned = { ...payload, headers: { "content-type": "application/json" } }
    expect(await keyed().getWebhookActionAndData(unsigned)).toEqual({ action: PaymentActions.NOT_SUPPORTED })
    expect(nock.pendingMocks()).toEqual([])
  })

  it("leaves refund and dispute events to the plugin without reading the link", async () => {
    for (const name of ["order.updated", "order.disputed"]) {
      expect(await keyed().getWebhookActionAndData(delivery(name, transaction({ status: "partially refunded" })))).toEqual({
        action: PaymentActions.NOT_SUPPORTED,
      })
    }
  })

  it("ignores links that are not a checkout's", async () => {
    const details = linkDetails({ status: "Paid", transactions: [transaction()] })
    delete (details.payment_link.metadata as Record<string, unknown>).session_id
    mockDetails(details)
    expect(await keyed().getWebhookActionAndData(delivery("order.success", transaction()))).toEqual({
      action: PaymentActions.NOT_SUPPORTED,
    })
  })
})
