import { ANNOUNCED_KEY, decideOrderPaymentCollected, type CollectedPaymentRow } from "../order-payment-collected-decision"

const LINK = "0b0e5e84-8c3d-4a51-9d8c-2f1c55e0e001"
const sessionData = {
  session_id: "payses_1",
  payment_link_id: LINK,
  amount: "100.00",
  currency_code: "sar",
  order_debt: { order_id: "order_1", order_display_id: 7, checkout: "card", send_sms: null, expires_at: null },
}

const payment = (overrides: Partial<CollectedPaymentRow> = {}): CollectedPaymentRow => ({
  id: "pay_1",
  provider_id: "pp_installments_installments",
  captured_at: "2026-11-25T01:00:00Z",
  canceled_at: null,
  metadata: null,
  payment_collection_id: "pay_col_1",
  data: { ...sessionData, transaction_id: "tx_1" },
  payment_session: { id: "payses_1", data: sessionData },
  payment_collection: { order: { id: "order_1", display_id: 7 } },
  ...overrides,
})

describe("decideOrderPaymentCollected", () => {
  it("announces a captured payment of an order's debt link with the order, the link and the amount", () => {
    expect(decideOrderPaymentCollected(payment())).toEqual({
      announce: true,
      convert_draft: false,
      data: {
        order_id: "order_1",
        order_display_id: 7,
        provider_id: "pp_installments_installments",
        payment_id: "pay_1",
        payment_collection_id: "pay_col_1",
        session_id: "payses_1",
        payment_link_id: LINK,
        transaction_id: "tx_1",
        amount: "100.00",
        converted_from_draft: false,
      },
    })
  })

  it("places a draft order paid by its link before announcing it", () => {
    const decision = decideOrderPaymentCollected(
      payment({ payment_collection: { order: { id: "order_1", display_id: 7, status: "draft" } } })
    )
    expect(decision).toMatchObject({ announce: true, convert_draft: true, data: { order_id: "order_1", converted_from_draft: true } })
  })

  it.each([
    [
      "already announced (Medusa captures again for each paid delivery)",
      payment({ metadata: { [ANNOUNCED_KEY]: "2026-11-25T01:00:01Z" } }),
    ],
    [
      "a checkout payment (its session collects no order's debt)",
      payment({ payment_session: { id: "payses_1", data: { ...sessionData, order_debt: undefined } } }),
    ],
    ["on another order's collection", payment({ payment_collection: { order: { id: "order_2" } } })],
    ["not captured", payment({ captured_at: null })],
    ["canceled", payment({ canceled_at: "2026-11-25T01:00:00Z" })],
    ["another provider's", payment({ provider_id: "pp_system_default" })],
  ])("stays quiet when the payment is %s", (_, row) => {
    expect(decideOrderPaymentCollected(row).announce).toBe(false)
  })

  it("stays quiet for a payment that no longer exists", () => {
    expect(decideOrderPaymentCollected(undefined)).toEqual({ announce: false, reason: "not an installments payment" })
  })
})
