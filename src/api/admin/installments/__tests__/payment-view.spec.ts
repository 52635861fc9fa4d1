import { paymentView, type OrderPayment } from "../orders/payment-view"
import type { LedgerRow } from "../orders/refund-rows"
import { asRegistrationId } from "../../../../installments/registrations/provider-ids"

const payment: OrderPayment = {
  id: "pay_1",
  provider_id: "pp_installments_installments",
  amount: 300,
  currency_code: "sar",
  data: { transaction_id: "t1" },
  captures: [{ amount: 300, raw_amount: { value: "300", precision: 20 } }],
  refunds: [{ amount: 50, raw_amount: { value: "50", precision: 20 } }],
}
const row = (overrides: Partial<LedgerRow>): LedgerRow => ({
  id: "iref_1",
  transaction_id: "t1",
  payment_id: "pay_1",
  amount: 100,
  status: "unknown",
  idempotency_key: "ref_2",
  ...overrides,
})
const view = (ledger: LedgerRow[]) =>
  paymentView({
    payment,
    registrationId: asRegistrationId("installments"),
    transaction: null,
    serviceError: null,
    ledger,
    disputedAt: null,
  })

describe("the order card's refundable amount", () => {
  it("is what Medusa's payment can still refund", () => {
    expect(view([]).refundable_amount).toBe("250.00")
  })

  it("leaves out a refund being confirmed, or applied and not recorded in Medusa yet: it cannot be refunded again meanwhile", () => {
    expect(view([row({})]).refundable_amount).toBe("150.00")
    expect(view([row({ status: "P", record_in_medusa: true })]).refundable_amount).toBe("150.00")
    expect(view([row({ status: "failed" }), row({ id: "iref_2", status: "P" })]).refundable_amount).toBe("250.00")
  })
})
