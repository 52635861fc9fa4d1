import { decideReturnRefund, type OrderPaymentRow, type OrderRefundState } from "../return-decision"

const payment = (id: string, captured: string, refunded: string[] = [], extra: Partial<OrderPaymentRow> = {}): OrderPaymentRow => ({
  id,
  provider_id: "pp_installments_installments",
  data: { transaction_id: `tx-${id}` },
  captures: [{ raw_amount: { value: captured, precision: 20 } }],
  refunds: refunded.map((amount, i) => ({ id: `ref_${id}_${i}`, raw_amount: { value: amount, precision: 20 } })),
  ...extra,
})

const order = (pendingDifference: string, payments: OrderPaymentRow[]): OrderRefundState => ({
  id: "order_1",
  currency_code: "sar",
  summary: { pending_difference: Number(pendingDifference), raw_pending_difference: { value: pendingDifference, precision: 20 } },
  payment_collections: [{ payments }],
})

const on = () => true

describe("what a received return refunds", () => {
  it("refunds exactly what the summary owes, handing Medusa its own exact amount", () => {
    const decision = decideReturnRefund(order("-38.3295", [payment("a", "281.75")]), on)
    expect(decision.owed).toBe("38.33")
    expect(decision.refunds).toEqual([
      { payment_id: "a", provider_id: "installments", transaction_id: "tx-a", amount: "38.3295", amount_sar: "38.33" },
    ])
    expect(decision.reason).toBe("")
  })

  it("refunds nothing when the order owes nothing: an exchange for a dearer item, a refund already made by hand", () => {
    expect(decideReturnRefund(order("46", [payment("a", "69")]), on)).toMatchObject({ owed: "0.00", refunds: [] })
    expect(decideReturnRefund(order("0", [payment("a", "69")]), on).reason).toMatch(/owes the customer nothing/)
    // Less than half a halala is rounding, not money owed.
    expect(decideReturnRefund(order("-0.004", [payment("a", "69")]), on).refunds).toEqual([])
  })

  it("caps by what each payment can still refund and splits across this plugin's payments, oldest first", () => {
    const decision = decideReturnRefund(order("-150", [payment("a", "100", ["40"]), payment("b", "200")]), on)
    expect(decision.refunds.map((r) => [r.payment_id, r.amount_sar])).toEqual([
      ["a", "60.00"],
      ["b", "90.00"],
    ])
  })

  it("never refunds more than its own payments hold, and says what is left to the merchant", () => {
    const decision = decideReturnRefund(
      order("-150", [
        payment("gift", "500", [], { provider_id: "pp_system_default" }),
        payment("canceled", "500", [], { canceled_at: new Date() }),
        payment("a", "100"),
      ]),
      on
    )
    expect(decision.refunds.map((r) => [r.payment_id, r.amount_sar])).toEqual([["a", "100.00"]])
    expect(decision.reason).toBe("50.00 SAR of the 150.00 SAR owed is not on an installments payment that can still refund it")
  })

  it("leaves the refund to the merchant where autoRefundReturns is off, and says so", () => {
    const decision = decideReturnRefund(order("-69", [payment("a", "281.75")]), (id) => id !== "installments")
    expect(decision.refunds).toEqual([])
    expect(decision.reason).toMatch(/autoRefundReturns: false/)
  })

  it("skips a payment that records no installments transaction", () => {
    const decision = decideReturnRefund(order("-69", [payment("a", "100", [], { data: {} })]), on)
    expect(decision.refunds).toEqual([])
    expect(decision.reason).toMatch(/records no installments transaction/)
  })

  it("subtracts the plugin's refunds Medusa does not show yet: a second receipt while the first is being confirmed refunds only its own part", () => {
    // Receipt 1 owed 60.00, its refund's answer was lost (Medusa deleted its refund row); receipt 2 adds 40.00.
    const both = order("-100", [payment("a", "281.75")])
    expect(decideReturnRefund(both, on).refunds.map((r) => r.amount_sar)).toEqual(["100.00"])
    const decision = decideReturnRefund(both, on, new Map([["tx-a", 6000n]]))
    expect(decision.refunds.map((r) => [r.payment_id, r.amount_sar])).toEqual([["a", "40.00"]])
    // Everything owed is being confirmed: nothing is sent, and the reason says so.
    const waiting = decideReturnRefund(order("-60", [payment("a", "281.75")]), on, new Map([["tx-a", 6000n]]))
    expect(waiting.refunds).toEqual([])
    expect(waiting.reason).toMatch(/60\.00 SAR of it is a refund being confirmed/)
  })

  it("caps each payment by what it can refund less its refunds being confirmed", () => {
    const decision = decideReturnRefund(order("-150", [payment("a", "100"), payment("b", "200")]), on, new Map([["tx-a", 9000n]]))
    // 150 owed less 90 in flight on a: 60 left; a can refund only 10 more, b the other 50.
    expect(decision.refunds.map((r) => [r.payment_id, r.amount_sar])).toEqual([
      ["a", "10.00"],
      ["b", "50.00"],
    ])
  })

  it("subtracts a refund Medusa made without booking it in the order (its process died between the two): the summary never counted it", () => {
    const state = { ...order("-60", [payment("a", "281.75", ["60"])]), transactions: [] }
    expect(decideReturnRefund(state, on)).toMatchObject({ refunds: [] })
    expect(decideReturnRefund(state, on).reason).toMatch(/60\.00 SAR of it is a refund being confirmed/)
    // Booked, it is part of the summary already: the 60.00 still owed is refunded.
    const booked = { ...state, transactions: [{ reference: "refund", reference_id: "ref_a_0" }] }
    expect(decideReturnRefund(booked, on).refunds.map((r) => r.amount_sar)).toEqual(["60.00"])
  })
})
