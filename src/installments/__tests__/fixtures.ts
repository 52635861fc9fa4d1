import { generateWebhookKeyPair } from "../../lib/webhooks"
import { configWithPayment } from "./medusa-shapes"
import { LINK_ID } from "./transaction-answer"

export const BASE_URL = "https://installments.test"
export const STORE_ID = "0f8fad5b-d9cb-469f-a165-70867728950e"
export { LINK_ID, TX_ID } from "./transaction-answer"
export const SECRET = "sk_test_super_secret_value_123"
/** This store's instance identity in unit tests (D33), and what gives it to the provider. */
export const INSTANCE_ID = "inst_0b4c7f0e-8a44-4d8e-9a51-3f1c2b9d7e60"
export const ourInstance = { instanceId: async () => INSTANCE_ID, recordLinkMade: async (_sessionId: string) => undefined }

export const OPTIONS = {
  secretKey: SECRET,
  publicKey: "sandbox-pk_123",
  storeId: STORE_ID,
  baseUrl: BASE_URL,
  callbackUrl: "https://shop.test/checkout/return?session={session_id}&cart={cart_id}",
  maxRetries: 0,
  retryBaseDelayMs: 0,
}

export const silentLogger = {
  info: jest.fn(),
  warn: jest.fn(),
  error: jest.fn(),
  debug: jest.fn(),
} as never

export const keyPair = generateWebhookKeyPair()

export { transaction } from "./transaction-answer"

export function linkDetails(
  options: {
    status?: "Unpaid" | "Paid" | "Expired"
    amount?: string
    sessionId?: string
    transactions?: Record<string, unknown>[]
    isExpired?: boolean
  } = {}
) {
  const transactions = options.transactions ?? []
  return {
    payment_link: {
      id: LINK_ID,
      status: options.status ?? "Unpaid",
      amount: options.amount ?? "1500.00",
      title: "Order",
      description: null,
      single_use: true,
      enabled: options.status !== "Paid" && options.status !== "Expired",
      expiry_date: "2026-01-01T11:00:00+00:00",
      created_at: "2026-01-01T10:00:00+00:00",
      is_expired: options.isExpired ?? options.status === "Expired",
      environment_type: "SANDBOX",
      order_id: options.sessionId ?? "payses_1",
      callback_url: "https://shop.test/checkout/return",
      metadata: { session_id: options.sessionId ?? "payses_1", currency: "SAR" },
    },
    transactions,
    pagination: {
      count: transactions.length,
      page: 1,
      page_size: 100,
      total_pages: 1,
      next: false,
      previous: false,
    },
  }
}

export function sessionData(overrides: Record<string, unknown> = {}) {
  return {
    session_id: "payses_1",
    payment_link_id: LINK_ID,
    url: `https://pay.test/payment-link/${LINK_ID}`,
    environment: "SANDBOX",
    amount: "1500.00",
    currency_code: "sar",
    expires_at: "2026-01-01T11:00:00.000Z",
    ...overrides,
  }
}

/**
 * A container as the plugin's steps and subscribers resolve it, reduced to what reading a link needs:
 * the configuration with one installments registration, `installments`, of these options, and a logger.
 */
export function containerWithRegistration(options: Record<string, unknown> = {}, logger: unknown = silentLogger) {
  const config = configWithPayment({
    providers: [
      { resolve: "medusa-payment-installments/providers/installments", id: "installments", options: { ...OPTIONS, ...options } },
    ],
  })
  const services: Record<string, unknown> = { configModule: config, logger }
  return { resolve: (name: string) => services[name] } as never
}
