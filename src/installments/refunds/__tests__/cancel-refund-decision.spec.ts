import type { Transaction } from "../../../lib/client"
import type { OrderPaymentRow } from "../../sessions/records"
import { cancelRefundKey, ledgerKeysOf, medusaRefundKey } from "../keys"

const CANCEL = cancelRefundKey("pay_1")
const [CANCEL_KEY, CANCEL_READABLE] = CANCEL.known
import { missingRefunds, unrecordedRefunds } from "../cancel-refund-decision"

const transaction = (amount: string, tracker: { key: string; amount: string }[] = []): Transaction =>
  ({
    id: "tx-1",
    status: tracker.length ? "partially refunded" : "success",
    amount,
    refunded_amount: tracker.reduce((sum, entry) => (Number(sum) + Number(entry.amount)).toFixed(2), "0.00"),
    refund_tracker: tracker.map((entry, i) => ({
      id: `t${i}`,
      status: "P",
      amount: entry.amount,
      idempotency_key: entry.key,
      rrn: null,
    })),
  }) as unknown as Transaction

const payment = (
  refunds: { id: string; amount: string; key?: string }[] = [],
  provider = "pp_installments_installments"
): OrderPaymentRow => ({
  id: "pay_1",
  provider_id: provider,
  data: { transaction_id: "tx-1" },
  refunds: refunds.map((refund) => ({
    id: refund.id,
    raw_amount: { value: refund.amount, precision: 20 },
    ...(refund.key ? { metadata: { installments_refund_key: refund.key } } : {}),
  })),
})

const cancelBooked = (amount: string) => [
  { amount: Number(amount), reference: "capture", reference_id: "capt_1" },
  { amount: -Number(amount), raw_amount: { value: `-${amount}`, precision: 20 }, reference: "refund", reference_id: "pay_1" },
]

describe("refunds Medusa shows that the service never accepted", () => {
  it("a cancel refund the provider refused (booked in the order, no payment refund) is sent under the payment's cancel key", () => {
    expect(missingRefunds(payment(), cancelBooked("143.75"), transaction("143.75"))).toEqual([
      {
        payment_id: "pay_1",
        provider_id: "installments",
        transaction_id: "tx-1",
        amount_sar: "143.75",
        idempotency_key: CANCEL_KEY,
        known_keys: [CANCEL_KEY, "cancel-pay_1"],
        why: "the order books 143.75 SAR refunded on payment pay_1 that the payment never refunded",
        record_on_payment: true,
      },
    ])
  })

  it.each([CANCEL_KEY, CANCEL_READABLE])("nothing once the service lists the cancel key (%s)", (key) => {
    expect(missingRefunds(payment(), cancelBooked("143.75"), transaction("143.75", [{ key, amount: "143.75" }]))).toEqual([])
  })

  it.each(medusaRefundKey("ref_1").known)("nothing when Medusa's cancel refund went through (listed under %s)", (key) => {
    const refunded = payment([{ id: "ref_1", amount: "143.75" }])
    expect(missingRefunds(refunded, cancelBooked("143.75"), transaction("143.75", [{ key, amount: "143.75" }]))).toEqual([])
  })

  it("a Medusa refund the service does not list is sent again under its id's key", () => {
    const refunded = payment([{ id: "ref_1", amount: "40" }])
    const booked = [{ amount: -40, reference: "refund", reference_id: "ref_1" }]
    expect(missingRefunds(refunded, booked, transaction("100"))).toMatchObject([
      {
        idempotency_key: medusaRefundKey("ref_1").key,
        known_keys: medusaRefundKey("ref_1").known,
        amount_sar: "40.00",
        record_on_payment: false,
      },
    ])
  })

  it("a refund the plugin recorded on the payment is known to the service by its key: never sent again", () => {
    const recorded = payment([{ id: "ref_9", amount: "143.75", key: CANCEL_KEY }])
    expect(missingRefunds(recorded, cancelBooked("143.75"), transaction("143.75", [{ key: CANCEL_KEY, amount: "143.75" }]))).toEqual(
      []
    )
  })

  it("a refund the plugin made through Medusa's workflow is known by the ledger's key: never sent again under Medusa's id", () => {
    // A return's refund: Medusa's refund ref_5 carries no key; the ledger sent it under the return's.
    const made = payment([{ id: "ref_5", amount: "60" }])
    const booked = [{ amount: -60, reference: "refund", reference_id: "ref_5" }]
    const tracker = transaction("143.75", [{ key: "return-ret_1-pay_1", amount: "60.00" }])
    const ledgerKeys = ledgerKeysOf([{ medusa_refund_id: "ref_5", idempotency_key: "return-ret_1-pay_1" }, { idempotency_key: "x" }])
    expect(missingRefunds(made, booked, tracker, ledgerKeys)).toEqual([])
    // Without the ledger's word it would be read as Medusa's own and sent again: the case this rule closes.
    expect(missingRefunds(made, booked, tracker)).toMatchObject([
      { idempotency_key: medusaRefundKey("ref_5").key, amount_sar: "60.00" },
    ])
  })

  it("never more than the service still holds on the transaction", () => {
    const missing = missingRefunds(payment(), cancelBooked("143.75"), transaction("143.75", [{ key: "dashboard", amount: "100.00" }]))
    expect(missing).toMatchObject([{ amount_sar: "43.75" }])
  })

  it("leaves other providers' payments alone", () => {
    expect(missingRefunds(payment([], "pp_system_default"), cancelBooked("10"), transaction("10"))).toEqual([])
  })
})

describe("refunds the service made that Medusa's payment does not show", () => {
  it.each([CANCEL_KEY, CANCEL_READABLE])(
    "the cancel refund the service accepted (under %s) is recorded on the payment under that key, with the service's amount",
    (key) => {
      expect(unrecordedRefunds(payment(), transaction("143.75", [{ key, amount: "143.74" }]))).toEqual([
        { payment_id: "pay_1", idempotency_key: key, amount_sar: "143.74" },
      ])
      // Recorded under either shape, it is not recorded again.
      expect(
        unrecordedRefunds(payment([{ id: "ref_9", amount: "143.74", key }]), transaction("143.75", [{ key, amount: "143.74" }]))
      ).toEqual([])
    }
  )

  it("nothing when the payment already shows it, when the service made none, or for refunds Medusa sent itself", () => {
    const tracker = transaction("143.75", [{ key: CANCEL_KEY, amount: "143.75" }])
    expect(unrecordedRefunds(payment([{ id: "ref_9", amount: "143.75", key: CANCEL_KEY }]), tracker)).toEqual([])
    expect(unrecordedRefunds(payment(), transaction("143.75"))).toEqual([])
    expect(
      unrecordedRefunds(
        payment([{ id: "ref_1", amount: "40" }]),
        transaction("143.75", [{ key: medusaRefundKey("ref_1").key, amount: "40.00" }])
      )
    ).toEqual([])
    expect(unrecordedRefunds(payment([], "pp_system_default"), tracker)).toEqual([])
  })
})
