import nock from "nock"
import { InstallmentsClient, InstallmentsError, ValidationError } from ".."
import type { ClientOptions } from ".."

export const BASE_URL = "https://installments.test"
// Distinctive enough that any leak of it into a message, log or dump is found by a substring search.
export const SECRET = "sk_test_Zq8v3NcL9wRt6YpB2mKx"
export const PUBLIC_KEY = "sandbox-pk_4HfG7sJ2"
export const PROD_PUBLIC_KEY = "prod-pk_9KdM1xQ5"

export const STORE_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
export const LINK_ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
export const TRANSACTION_ID = "9b2f7c1e-5d4a-4e8b-a1c3-6f0e2d8b7a95"
export const BRANCH_ID = "1d6a1b8e-2c3f-4a5b-8c9d-0e1f2a3b4c5d"
export const REFUND_PATH = `/transactions/refund/${TRANSACTION_ID}/`

export function makeClient(options: Partial<ClientOptions> = {}): InstallmentsClient {
  const client = new InstallmentsClient({
    secretKey: SECRET,
    publicKey: PUBLIC_KEY,
    baseUrl: BASE_URL,
    retryBaseDelayMs: 500,
    ...options,
  })
  // Backoff is asserted through the sleep calls, not waited for.
  client.http.sleep = jest.fn(async () => {})
  client.http.random = () => 0.5
  return client
}

export function sleepCalls(client: InstallmentsClient): number[] {
  return (client.http.sleep as jest.Mock).mock.calls.map((call) => call[0] as number)
}

/** One request as it reached the (fake) service. */
export interface Captured {
  method: string
  /** Path with its query string, exactly as sent. */
  path: string
  headers: Record<string, string>
  body: unknown
}

type Reply = [number, unknown?, Record<string, string>?]

/**
 * Intercepts `method path` (any query) and records what was sent. `replies` are answered in order;
 * each is consumed by one request, so `scope.isDone()` proves every expected attempt happened.
 */
export function intercept(method: "GET" | "POST", path: string, ...replies: Reply[]): { scope: nock.Scope; calls: Captured[] } {
  const calls: Captured[] = []
  const scope = nock(BASE_URL)
  for (const reply of replies) {
    scope
      .intercept(path, method)
      .query(true)
      .reply(function (_uri, body) {
        calls.push({
          method: this.req.method,
          path: this.req.path,
          headers: { ...(this.req.headers as Record<string, string>) },
          body,
        })
        const [status, payload, headers] = reply
        return [status, payload === undefined ? "" : (payload as nock.Body), headers ?? {}]
      })
  }
  return { scope, calls }
}

/**
 * Fakes only setTimeout and clearTimeout: the client's per-attempt timeout then fires when the test moves
 * the clock, never because the machine was slow; nock and axios still answer on real ticks and
 * immediates. Undo with `jest.useRealTimers()`.
 */
export function fakeTimeouts(): void {
  jest.useFakeTimers({
    doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
  })
}

type HeldReply = (
  this: nock.ReplyFnContext,
  uri: string,
  body: nock.Body,
  callback: (error: NodeJS.ErrnoException | null, result: nock.ReplyFnResult) => void
) => void

/**
 * A reply that never comes: each request it takes stays open until the client gives up on it. With
 * fakeTimeouts, the test waits for `arrived(n)` and then moves the clock past the client's timeout, so
 * the timeout is a signal the test gives, not a race against a short timer. Records each request's headers.
 */
export function unanswered(): { reply: HeldReply; headers: Array<Record<string, string>>; arrived: (count: number) => Promise<void> } {
  const headers: Array<Record<string, string>> = []
  const waiting: Array<{ count: number; resolve: () => void }> = []
  const reply: HeldReply = function (_uri, _body, _callback) {
    headers.push({ ...(this.req.headers as Record<string, string>) })
    for (const waiter of waiting.filter((entry) => headers.length >= entry.count)) {
      waiting.splice(waiting.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const arrived = (count: number) =>
    headers.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }))
  return { reply, headers, arrived }
}

/** Awaits a rejection and checks its class; returns the error for field assertions. */
export async function rejection<E extends InstallmentsError>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E
): Promise<E> {
  let caught: unknown
  try {
    await promise
  } catch (error) {
    caught = error
  }
  if (!(caught instanceof type)) {
    throw new Error(`expected ${type.name}, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`)
  }
  return caught
}

/** An Error with a socket error code; nock 14 only raises replyWithError for Error instances. */
export function socketError(code: string, message = "socket hang up"): Error {
  return Object.assign(new Error(message), { code })
}

export function binRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 4127,
    bin: "45464600",
    brand: "VISA",
    category: "PLATINUM",
    country: "Saudi Arabia",
    issuer: "Al Rajhi Banking and Investment Corp",
    bank_name: "Al Rajhi Banking and Investment Corp",
    bank_code: "rajhi",
    type: "CREDIT",
    program_name: "Mokafaa",
    program_logo: "https://cdn.example.sa/programs/mokafaa.png",
    earn_rate: 1.5,
    rate_label: "points per SAR",
    is_override: false,
    bank_amount_limit: "300.00",
    is_eligible: true,
    message: null,
    ...overrides,
  }
}

export function transaction(overrides: Record<string, unknown> = {}) {
  return {
    id: TRANSACTION_ID,
    status: "success",
    type: "SANDBOX",
    created_at: "2026-03-02T10:15:00+03:00",
    trx_lang: "ar",
    is_refundable: true,
    amount: "1200.00000",
    total_amount: "1200.00000",
    payment_amount: "1200.00000",
    refunded_amount: "0.00000",
    service_fee: "31.00000",
    service_tax_vat: "4.65000",
    brand_percentage: "2.50",
    brand_static_fee: "1.00",
    merchant_payout: "1164.35000",
    murabha_fee: "0.00",
    murabha_fee_vat: "0.00",
    installment_fee: "0.00",
    installment_fee_vat: "0.00",
    paymentBrand: "VISA",
    payment_method: "Card",
    payment_option: "Installment",
    number: "454646******1234",
    bank_name: "RAJHI",
    installment_duration: "12",
    installment_status: "Approved",
    installment_tracker: { id: "LF-20260302-0042", status: "A", message: "Approved" },
    refund_tracker: [],
    payment_link_id: LINK_ID,
    payment_link_callback_url: "https://shop.example.sa/checkout/done",
    payment_link_description: "Order #1042",
    payment_link_passkey_enabled: true,
    payment_link_only_show_bank_installments: false,
    payment_link_only_show_pay_in_full: false,
    payment_link_show_shipping: false,
    billing_address_required: false,
    supports_wallet_pay: false,
    merchant_business_name: "متجر المثال",
    merchant_country_code: "SA",
    merchant_id: "m_1001",
    merchant_key: PUBLIC_KEY,
    client_first_name: "Sara",
    client_last_name: "Alqahtani",
    client_email: "sara@example.sa",
    client_phone_number: "+966501234567",
    address_details: { name: "Sara Alqahtani" },
    order_details: { order_id: "1042", payment_link_metadata: { cart_id: "cart_01" } },
    ...overrides,
  }
}

export function paymentLink(overrides: Record<string, unknown> = {}) {
  return {
    id: LINK_ID,
    status: "Unpaid",
    amount: "1200.00000",
    title: "Order #1042",
    description: "Two items",
    single_use: true,
    enabled: true,
    expiry_date: "2026-03-09T10:00:00+03:00",
    created_at: "2026-03-02T10:00:00+03:00",
    is_expired: false,
    environment_type: "SANDBOX",
    order_id: "1042",
    callback_url: "https://shop.example.sa/checkout/done",
    metadata: { cart_id: "cart_01" },
    merchant_business_name: "متجر المثال",
    merchant_english_business_name: null,
    merchant_country_code: "SA",
    merchant_id: "m_1001",
    created_by_username: "api",
    created_by_email: "ops@example.sa",
    client_first_name: "Sara",
    client_last_name: "Alqahtani",
    full_name: "Sara Alqahtani",
    client_email: "sara@example.sa",
    client_phone_number: "+966501234567",
    address_required: false,
    has_customer_details: true,
    has_address_details: false,
    only_show_bank_installments: false,
    only_show_pay_in_full: false,
    passkey_enabled: true,
    ...overrides,
  }
}

export function listRecord(overrides: Record<string, unknown> = {}) {
  return {
    payment_link_id: LINK_ID,
    amount: 1200,
    currency: "SAR",
    status: "Unpaid",
    title: "Order #1042",
    description: null,
    single_use: true,
    branch_name: null,
    created_at: "2026-03-02T07:00:00Z",
    customer: { first_name: "Sara", last_name: "Alqahtani", email: "sara@example.sa", phone: "+966501234567" },
    url: `https://pay.installments.test/payment-link/${LINK_ID}`,
    ...overrides,
  }
}

export { useNock } from "../../__tests__/use-nock"

/**
 * Answers anything with 500 and counts it, so a test can prove a request was refused locally:
 * without this, a stray request would surface as a ConnectionError and hide where it came from.
 */
export function tripwire(): { requests: () => number } {
  let count = 0
  const count500 = (): [number, string] => {
    count++
    return [500, "tripwire"]
  }
  nock(BASE_URL).persist().get(/.*/).query(true).reply(count500).post(/.*/).query(true).reply(count500)
  return { requests: () => count }
}

/** A request refused before sending: ValidationError, code local_validation, naming field and rule. */
export async function localRefusal(promise: Promise<unknown>, field: string, rule: RegExp): Promise<ValidationError> {
  const error = await rejection(promise, ValidationError)
  expect(error.code).toBe("local_validation")
  expect(error.status).toBeUndefined()
  expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringMatching(rule) })]))
  expect(error.message).toContain(field)
  return error
}
