import { openDebtLink, owedAmount } from "../components/order-debt/open-link"
import type { OrderDebtView } from "../lib/types"

const NOW = new Date("2026-11-25T01:00:00Z")
const session = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  id: "payses_1",
  status: "pending",
  provider_id: "pp_installments_installments",
  data: {
    url: "https://pay.test/payment-link/1",
    amount: "100.00",
    expires_at: "2026-11-26T01:00:00Z",
    order_debt: { order_id: "order_1" },
    ...data,
  },
  ...overrides,
})
const order = (sessions: ReturnType<typeof session>[], status = "not_paid"): OrderDebtView => ({
  id: "order_1",
  status: "pending",
  summary: { pending_difference: 100 },
  payment_collections: [{ id: "pay_col_1", status, payment_sessions: sessions }],
})

describe("the payment-due card", () => {
  it("shows what the order owes rounded to the halala, and nothing when it owes nothing or is owed", () => {
    expect(owedAmount({ summary: { pending_difference: 38.3295 } })).toBe("38.33")
    expect(owedAmount({ summary: { pending_difference: 0 } })).toBeNull()
    expect(owedAmount({ summary: { pending_difference: -20 } })).toBeNull()
    expect(owedAmount({ summary: null })).toBeNull()
  })

  it("after an exchange, shows the difference Medusa's open collection is for, not the summary that waits for the return", () => {
    const exchanged: OrderDebtView = {
      id: "order_1",
      status: "pending",
      summary: { pending_difference: 172.5 },
      payment_collections: [
        { id: "pay_col_0", status: "completed", amount: 140 },
        { id: "pay_col_1", status: "not_paid", amount: 57.5 },
      ],
    }
    expect(owedAmount(exchanged)).toBe("57.50")
    expect(owedAmount({ ...exchanged, summary: { pending_difference: 0 } })).toBeNull()
  })

  it("shows the open link of the debt with its amount and expiry", () => {
    expect(openDebtLink(order([session()]), NOW)).toEqual({
      url: "https://pay.test/payment-link/1",
      amount: "100.00",
      expires_at: "2026-11-26T01:00:00Z",
    })
  })

  it.each([
    ["expired", order([session({}, { expires_at: "2026-11-25T00:59:00Z" })])],
    ["closed", order([session({ status: "canceled" })])],
    ["a checkout's session, not the debt's", order([session({}, { order_debt: undefined })])],
    ["another provider's", order([session({ provider_id: "pp_system_default" })])],
    ["on a paid collection", order([session()], "completed")],
  ])("shows no open link when the only session is %s", (_, view) => {
    expect(openDebtLink(view, NOW)).toBeNull()
  })
})
