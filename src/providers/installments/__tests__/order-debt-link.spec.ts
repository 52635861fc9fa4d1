import nock from "nock"
import { useNock } from "../../../lib/__tests__/use-nock"
import { InstallmentsProviderService } from "../service"
import { BASE_URL, INSTANCE_ID, LINK_ID, OPTIONS, ourInstance, silentLogger, STORE_ID } from "../../../installments/__tests__/fixtures"

/** The module's SMS counter, in memory: at most `limit` claims per customer and per phone hash. */
function smsCounter() {
  const claims: { customer_id: string; phone_hash: string; limit: number }[] = []
  return {
    claims,
    async claimSms(input: { customer_id: string; phone_hash: string; limit: number }) {
      const count = (key: "customer_id" | "phone_hash") => claims.filter((claim) => claim[key] === input[key]).length
      if (count("customer_id") >= input.limit || count("phone_hash") >= input.limit) return false
      claims.push(input)
      return true
    },
  }
}
let sms = smsCounter()
beforeEach(() => {
  sms = smsCounter()
})

const provider = (options: Record<string, unknown> = {}, cradle: Record<string, unknown> = {}) =>
  new InstallmentsProviderService(
    { logger: silentLogger, installmentsSmsClaimer: sms, installmentsInstance: ourInstance, ...cradle } as never,
    {
      ...OPTIONS,
      ...options,
    }
  )

function mockCreate(capture: (body: Record<string, unknown>) => void) {
  return nock(BASE_URL)
    .post(`/payment_links/${STORE_ID}/create`, (body) => {
      capture(body)
      return true
    })
    .reply(201, {
      order_id: "payses_9",
      payment_link_id: LINK_ID,
      url: `https://pay.test/payment-link/${LINK_ID}`,
      environment: "SANDBOX",
    })
}

const debt = (overrides: Record<string, unknown> = {}) => ({
  order_id: "order_01JDEBT",
  order_display_id: 1042,
  checkout: null,
  send_sms: null,
  expires_at: null,
  ...overrides,
})

useNock()

describe("a session that collects what an order owes (no cart)", () => {
  it("makes the link for the session's amount, naming the order and no cart, and keeps the request in the session", async () => {
    let body: Record<string, unknown> = {}
    const scope = mockCreate((b) => (body = b))
    const input = { session_id: "payses_9", order_debt: debt() }
    const result = await provider().initiatePayment({
      amount: 57.5,
      currency_code: "sar",
      data: input,
      context: { idempotency_key: "payses_9" },
    })
    expect(scope.isDone()).toBe(true)
    expect(body).toMatchObject({
      amount: 57.5,
      order_id: "payses_9",
      // The store's identity, not a cart, is what tells the orphan guard the link is this store's (D33).
      metadata: {
        session_id: "payses_9",
        instance_id: INSTANCE_ID,
        currency: "SAR",
        medusa_order_id: "order_01JDEBT",
        medusa_order_display_id: "1042",
      },
      callback_url: "https://shop.test/checkout/return?session=payses_9&cart=",
    })
    expect(body.metadata).not.toHaveProperty("cart_id")
    // Medusa stores { ...input.data, ...output.data }: the request stays with the session for the sweep and the webhook.
    expect({ ...input, ...result.data }).toMatchObject({ amount: "57.50", payment_link_id: LINK_ID, order_debt: debt() })
  })

  it.each([
    ["card", { only_show_pay_in_full: true, only_show_bank_installments: false }],
    ["installments", { only_show_pay_in_full: false, only_show_bank_installments: true }],
    ["both", { only_show_pay_in_full: false, only_show_bank_installments: false }],
  ])("the merchant's checkout choice %s overrides the registration's mode", async (checkout, flags) => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    await provider({ checkoutMode: "pay_in_full" }).initiatePayment({
      amount: 400,
      currency_code: "sar",
      data: { session_id: "payses_9", order_debt: debt({ checkout: checkout === "both" ? "both" : checkout }) },
    })
    expect(body).toMatchObject(flags)
  })

  it("takes the merchant's expiry and SMS choice (sent only with a valid phone)", async () => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    const expires = "2026-12-01T10:00:00.000Z"
    await provider({ sendSms: false }).initiatePayment({
      amount: 400,
      currency_code: "sar",
      data: { session_id: "payses_9", order_debt: debt({ send_sms: true, expires_at: expires }) },
      context: { customer: { id: "cus_1", email: "noura@example.com", phone: "+966501234567" } },
    })
    expect(body).toMatchObject({ selectedDate: expires, send_sms: true, client_phone_number: "+966501234567" })
  })

  describe("the SMS limit (smsLimitPerHour)", () => {
    const customer = (id: string, phone = "+966501234567") => ({ id, email: `${id}@example.com`, phone })
    const start = async (p: InstallmentsProviderService, who: ReturnType<typeof customer>) => {
      let body: Record<string, unknown> = {}
      mockCreate((b) => (body = b))
      await p.initiatePayment({
        amount: 400,
        currency_code: "sar",
        data: { session_id: "payses_9", order_debt: debt({ send_sms: true }) },
        context: { customer: who },
      })
      return body.send_sms
    }

    it("texts at most smsLimitPerHour links per customer and per phone; above it the link is made without SMS", async () => {
      const p = provider({ smsLimitPerHour: 2 })
      expect([await start(p, customer("cus_1")), await start(p, customer("cus_1")), await start(p, customer("cus_1"))]).toEqual([
        true,
        true,
        false,
      ])
      // Another customer on the same number, and the first customer on another number: both at the limit.
      expect(await start(p, customer("cus_2"))).toBe(false)
      expect(await start(p, customer("cus_1", "+966509999999"))).toBe(false)
      expect(sms.claims.map((claim) => claim.limit)).toEqual([2, 2])
      // The number is counted as a keyed hash, never as it is.
      expect(JSON.stringify(sms.claims)).not.toContain("501234567")
    })

    it("makes the link without SMS, and says why in the log, when the count cannot be read", async () => {
      const warn = jest.fn()
      const p = provider(
        {},
        {
          logger: { info: jest.fn(), error: jest.fn(), debug: jest.fn(), warn },
          installmentsSmsClaimer: { claimSms: () => Promise.reject(new Error("db down")) },
        }
      )
      expect(await start(p, customer("cus_1"))).toBe(false)
      expect(warn).toHaveBeenCalledWith(
        "installments: could not count the SMS for customer cus_1 (db down); the link is made without SMS"
      )
    })

    it("counts nothing when no SMS is asked for (no choice, no valid mobile)", async () => {
      let body: Record<string, unknown> = {}
      mockCreate((b) => (body = b))
      await provider().initiatePayment({
        amount: 400,
        currency_code: "sar",
        data: { session_id: "payses_9", order_debt: debt({ send_sms: true }) },
        context: { customer: customer("cus_1", "0501") },
      })
      expect(body.send_sms).toBe(false)
      expect(sms.claims).toEqual([])
    })
  })

  it("ignores an order request that is not the plugin's shape (a storefront's guess): a plain checkout link", async () => {
    let body: Record<string, unknown> = {}
    mockCreate((b) => (body = b))
    await provider({ checkoutMode: "pay_in_full" }).initiatePayment({
      amount: 400,
      currency_code: "sar",
      data: { session_id: "payses_9", order_debt: { order_id: "not-an-order", checkout: "installments" } },
    })
    expect(body).toMatchObject({ only_show_pay_in_full: true })
    expect(body.metadata).not.toHaveProperty("medusa_order_id")
  })
})
