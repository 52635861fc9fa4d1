import type { PaymentLinkDetails } from "../../../lib/client"
import { linkVerdict } from "../../links/verdict"
import { orphanRefundKey } from "../../refunds/keys"
import { linkDetails, transaction, TX_ID } from "../../__tests__/fixtures"
import { checkoutFacts, progressOf } from "../checkout-outcome"

const expected = { session_id: "payses_1", amount: 150000n, currency_code: "sar" }
const OTHER_TX = "2b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
const THIRD_TX = "3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"

const cardDecline = (id = OTHER_TX) =>
  transaction({
    id,
    status: "fail",
    payment_option: "Pay In Full",
    bank_name: null,
    installment_duration: null,
    installment_tracker: null,
  })
const bankRejection = (id = OTHER_TX) =>
  transaction({
    id,
    status: "fail",
    bank_name: "SNB",
    installment_duration: "3",
    installment_tracker: { id: null, status: "R", message: "Limit" },
  })

function factsOf(options: Parameters<typeof linkDetails>[0]) {
  const details = linkDetails(options) as unknown as PaymentLinkDetails
  return checkoutFacts(details, linkVerdict(details, expected))
}

describe("checkoutFacts", () => {
  it("a paid link: paid, with the plan, the bank in lower case and the service's fee and VAT", () => {
    expect(factsOf({ status: "Paid", transactions: [transaction({ service_fee: "31.00000", service_tax_vat: "4.65" })] })).toEqual({
      outcome: "paid",
      bank_rejections: 0,
      card_declines: 0,
      payment_option: "Installment",
      bank: "rajhi",
      tenure_months: "6",
      transaction_id: TX_ID,
      fee: "31.00",
      fee_vat: "4.65",
      progress: 1 + 3 + 1,
    })
  })

  it("a paid link whose service reports no fee: the fee is not known, not zero", () => {
    const facts = factsOf({ status: "Paid", transactions: [transaction()] })
    expect(facts).toMatchObject({ outcome: "paid", fee: null, fee_vat: null })
  })

  it("paid in full by card: no bank and no tenure, whatever the transaction carries", () => {
    const facts = factsOf({
      status: "Paid",
      transactions: [
        transaction({ payment_option: "Pay In Full", bank_name: "RAJHI", installment_duration: "6", installment_tracker: null }),
      ],
    })
    expect(facts).toMatchObject({ outcome: "paid", payment_option: "Pay In Full", bank: null, tenure_months: null })
  })

  it("paid after a bank refused the 0% loan and a card was declined: paid, and both refusals are counted", () => {
    const facts = factsOf({ status: "Paid", transactions: [bankRejection(), cardDecline(THIRD_TX), transaction()] })
    expect(facts).toMatchObject({ outcome: "paid", bank_rejections: 1, card_declines: 1, transaction_id: TX_ID })
  })

  it("unpaid, the last attempt refused by the bank: declined by the bank, with the plan the shopper asked for", () => {
    const facts = factsOf({ transactions: [cardDecline(THIRD_TX), bankRejection()] })
    expect(facts).toMatchObject({
      outcome: "bank_declined",
      bank_rejections: 1,
      card_declines: 1,
      payment_option: "Installment",
      bank: "snb",
      tenure_months: "3",
      transaction_id: OTHER_TX,
      fee: null,
    })
  })

  it("unpaid, the last attempt declined by the card: declined by the card", () => {
    expect(factsOf({ transactions: [bankRejection(THIRD_TX), cardDecline()] })).toMatchObject({
      outcome: "card_declined",
      payment_option: "Pay In Full",
      transaction_id: OTHER_TX,
    })
  })

  it("expired after a refused attempt: still declined (the shopper tried and was refused)", () => {
    expect(factsOf({ status: "Expired", transactions: [cardDecline()] }).outcome).toBe("card_declined")
    expect(factsOf({ status: "Expired", transactions: [bankRejection()] }).outcome).toBe("bank_declined")
  })

  it("expired with no attempt: abandoned", () => {
    expect(factsOf({ status: "Expired" })).toMatchObject({
      outcome: "abandoned",
      transaction_id: null,
      payment_option: null,
      progress: 1,
    })
    expect(factsOf({ status: "Unpaid", isExpired: true }).outcome).toBe("abandoned")
  })

  it("live with no attempt, a pending attempt, a bank review, a link still settling: open", () => {
    expect(factsOf({}).outcome).toBe("open")
    expect(factsOf({ transactions: [transaction({ status: "pending", installment_tracker: null })] }).outcome).toBe("open")
    expect(
      factsOf({ status: "Paid", transactions: [transaction({ installment_tracker: { id: "l", status: "P", message: "" } })] })
    ).toMatchObject({
      outcome: "open",
      bank: "rajhi",
    })
    expect(factsOf({ status: "Paid" }).outcome).toBe("open")
  })

  it("paid for another amount, or refunded by the plugin: not placed", () => {
    expect(factsOf({ status: "Paid", transactions: [transaction({ amount: "1400.00" })] }).outcome).toBe("not_placed")
    const refunded = transaction({
      status: "refunded",
      refunded_amount: "1500.00",
      refund_tracker: [{ id: "r1", status: "R", amount: "1500.00", rrn: "1", idempotency_key: orphanRefundKey(TX_ID).key }],
    })
    expect(factsOf({ status: "Paid", transactions: [refunded] })).toMatchObject({
      outcome: "not_placed",
      transaction_id: TX_ID,
      fee: null,
    })
  })
})

describe("progressOf", () => {
  const progress = (options: Parameters<typeof linkDetails>[0]) => progressOf(linkDetails(options) as unknown as PaymentLinkDetails)

  it("rises with every change the service documents, so an older read is always lower", () => {
    const pending = { installment_tracker: { id: "l", status: "P", message: "" } }
    const states = [
      progress({}),
      progress({ transactions: [transaction({ status: "pending", installment_tracker: null })] }),
      progress({ transactions: [cardDecline()] }),
      progress({ transactions: [cardDecline(), transaction({ status: "pending", ...pending })] }),
      progress({ transactions: [cardDecline(), transaction({ status: "success", ...pending })] }),
      progress({ status: "Paid", transactions: [cardDecline(), transaction({ status: "success", ...pending })] }),
      progress({ status: "Paid", transactions: [cardDecline(), transaction({ status: "success" })] }),
      progress({ status: "Paid", transactions: [cardDecline(), transaction({ status: "partially refunded" })] }),
      progress({ status: "Paid", transactions: [cardDecline(), transaction({ status: "refunded" })] }),
    ]
    for (let i = 1; i < states.length; i++) {
      expect({ step: i, rose: states[i] > states[i - 1] }).toEqual({ step: i, rose: true })
    }
    expect(progress({ status: "Expired" })).toBeGreaterThan(progress({}))
  })
})
