import { MedusaError } from "@medusajs/framework/utils"
import { decideOrderDebt, type DebtOrderRow, type DebtSessionRow } from "../order-debt-decision"

const NOW = new Date("2026-11-25T01:00:00Z")
const IN_A_DAY = "2026-11-26T01:00:00.000Z"

const session = (overrides: Partial<DebtSessionRow> = {}, data: Record<string, unknown> = {}): DebtSessionRow => ({
  id: "payses_open",
  provider_id: "pp_installments_installments",
  status: "pending",
  amount: 57.5,
  data: {
    session_id: "payses_open",
    payment_link_id: "0b0e5e84-8c3d-4a51-9d8c-2f1c55e0e001",
    amount: "57.50",
    currency_code: "sar",
    expires_at: IN_A_DAY,
    order_debt: { order_id: "order_1", order_display_id: 12, checkout: null, send_sms: null, expires_at: null },
    ...data,
  },
  ...overrides,
})

const order = (overrides: Partial<DebtOrderRow> = {}): DebtOrderRow => ({
  id: "order_1",
  status: "pending",
  display_id: 12,
  summary: { pending_difference: 57.5, raw_pending_difference: { value: "57.5", precision: 20 } },
  payment_collections: [
    { id: "pay_col_paid", status: "completed", payment_sessions: [] },
    { id: "pay_col_debt", status: "not_paid", payment_sessions: [session()] },
  ],
  ...overrides,
})

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return { type: (error as MedusaError).type, message: (error as Error).message }
  }
  throw new Error("no error was thrown")
}

describe("decideOrderDebt", () => {
  it("answers the link already open for exactly what the order owes", () => {
    expect(decideOrderDebt(order(), "order_1", NOW)).toEqual({
      reuse: true,
      owed: "57.50",
      collection_id: "pay_col_debt",
      session_id: "payses_open",
    })
  })

  it("makes a new link when the order owes another amount than the open link's (the order was edited again)", () => {
    const edited = order({ summary: { pending_difference: 80, raw_pending_difference: { value: "80", precision: 20 } } })
    expect(decideOrderDebt(edited, "order_1", NOW)).toEqual({ reuse: false, owed: "80.00" })
  })

  it.each([
    ["its link expires within five minutes", session({}, { expires_at: "2026-11-25T01:04:00.000Z" })],
    ["it failed or was closed", session({ status: "error" })],
    ["it is another provider's", session({ provider_id: "pp_system_default" })],
    [
      "it was made for another order",
      session({}, { order_debt: { order_id: "order_2", order_display_id: 13, checkout: null, send_sms: null, expires_at: null } }),
    ],
    ["it is a checkout session, not an order's", session({}, { order_debt: undefined })],
  ])("makes a new link when the session is not open for this debt: %s", (_, candidate) => {
    const withSession = order({ payment_collections: [{ id: "pay_col_debt", status: "not_paid", payment_sessions: [candidate] }] })
    expect(decideOrderDebt(withSession, "order_1", NOW)).toEqual({ reuse: false, owed: "57.50" })
  })

  it("does not answer a session on a collection that is already paid", () => {
    const paid = order({ payment_collections: [{ id: "pay_col_debt", status: "completed", payment_sessions: [session()] }] })
    expect(decideOrderDebt(paid, "order_1", NOW).reuse).toBe(false)
  })

  it("makes a new link for an order that owes but has no payment collection for it", () => {
    expect(decideOrderDebt(order({ payment_collections: [] }), "order_1", NOW)).toEqual({ reuse: false, owed: "57.50" })
  })

  it("rounds what is owed to the halala as the link will be (38.3295 is 38.33)", () => {
    const vat = order({ summary: { raw_pending_difference: { value: "38.3295", precision: 20 } }, payment_collections: [] })
    expect(decideOrderDebt(vat, "order_1", NOW)).toEqual({ reuse: false, owed: "38.33" })
  })

  it.each([
    ["owes nothing", { summary: { pending_difference: 0 } }, "Order #12 owes nothing: there is no amount to collect by link."],
    ["is owed money back", { summary: { pending_difference: -20 } }, "Order #12 owes nothing: there is no amount to collect by link."],
    ["is canceled", { status: "canceled" }, "Order #12 is canceled: a canceled order cannot be paid."],
  ])("refuses an order that %s with a 400", (_, overrides, message) => {
    expect(failure(() => decideOrderDebt(order(overrides as Partial<DebtOrderRow>), "order_1", NOW))).toEqual({
      type: MedusaError.Types.NOT_ALLOWED,
      message,
    })
  })

  it("collects a draft order's total through the draft route, and refuses it through the order route", () => {
    const draft = order({ status: "draft", summary: { pending_difference: 150 }, payment_collections: [] })
    expect(decideOrderDebt(draft, "order_1", NOW, "draft")).toEqual({ reuse: false, owed: "150.00" })
    expect(failure(() => decideOrderDebt(draft, "order_1", NOW, "order"))).toEqual({
      type: MedusaError.Types.NOT_ALLOWED,
      message: "Draft order #12 is not placed yet: request its link with POST /admin/installments/draft-orders/order_1/payment-link.",
    })
  })

  it("answers 404 through the draft route for an order that is not a draft", () => {
    expect(failure(() => decideOrderDebt(order(), "order_1", NOW, "draft"))).toEqual({
      type: MedusaError.Types.NOT_FOUND,
      message: "Draft order with id: order_1 was not found",
    })
  })

  it("answers 404 for an unknown order", () => {
    expect(failure(() => decideOrderDebt(undefined, "order_missing", NOW))).toEqual({
      type: MedusaError.Types.NOT_FOUND,
      message: "Order with id: order_missing was not found",
    })
  })
})
