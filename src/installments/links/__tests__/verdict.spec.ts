import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { linkVerdict, webhookActionOf } from "../verdict"
import { canceledOrderRefundKey, orphanRefundKey } from "../../refunds/keys"
import { LINK_ID, linkDetails, transaction, TX_ID } from "../../__tests__/fixtures"

const expected = { session_id: "payses_1", amount: 150000n, currency_code: "sar" }

describe("linkVerdict", () => {
  it.each([
    ["unpaid, no attempt", linkDetails(), PaymentSessionStatus.REQUIRES_MORE, PaymentActions.NOT_SUPPORTED],
    [
      "unpaid, one declined attempt",
      linkDetails({ transactions: [transaction({ status: "fail", installment_tracker: null })] }),
      PaymentSessionStatus.REQUIRES_MORE,
      PaymentActions.FAILED,
    ],
    [
      "paid for the exact amount",
      linkDetails({ status: "Paid", transactions: [transaction()] }),
      PaymentSessionStatus.CAPTURED,
      PaymentActions.SUCCESSFUL,
    ],
    [
      "paid after a declined attempt",
      linkDetails({
        status: "Paid",
        transactions: [transaction({ id: "2b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", status: "fail" }), transaction()],
      }),
      PaymentSessionStatus.CAPTURED,
      PaymentActions.SUCCESSFUL,
    ],
    [
      "paid then partially refunded",
      linkDetails({ status: "Paid", transactions: [transaction({ status: "partially refunded" })] }),
      PaymentSessionStatus.CAPTURED,
      PaymentActions.SUCCESSFUL,
    ],
    ...(
      [
        ["orphan", orphanRefundKey(TX_ID)],
        ["canceled order", canceledOrderRefundKey(TX_ID)],
      ] as const
    )
      .flatMap(([cause, keys]) => keys.known.map((key) => [cause, key] as const))
      .map(([cause, key]) => [
        `paid, then refunded by the plugin (${cause}, key ${key}): never captured`,
        linkDetails({
          status: "Paid",
          transactions: [
            transaction({
              status: "refunded",
              refunded_amount: "1500.00",
              refund_tracker: [{ id: "r1", status: "R", amount: "1500.00", rrn: "123456789012", idempotency_key: key }],
            }),
          ],
        }),
        PaymentSessionStatus.CANCELED,
        PaymentActions.CANCELED,
      ]),
    [
      "paid, refunded by the merchant under another key: still the session's payment",
      linkDetails({
        status: "Paid",
        transactions: [
          transaction({
            status: "partially refunded",
            refunded_amount: "100.00",
            refund_tracker: [{ id: "r1", status: "P", amount: "100.00", rrn: null, idempotency_key: "refund_01ABC" }],
          }),
        ],
      }),
      PaymentSessionStatus.CAPTURED,
      PaymentActions.SUCCESSFUL,
    ],
    [
      "pending transaction",
      linkDetails({ transactions: [transaction({ status: "pending" })] }),
      PaymentSessionStatus.PENDING_AUTHORIZATION,
      PaymentActions.NOT_SUPPORTED,
    ],
    [
      "bank review pending",
      linkDetails({ transactions: [transaction({ installment_tracker: { id: null, status: "P", message: "Review" } })] }),
      PaymentSessionStatus.PENDING_AUTHORIZATION,
      PaymentActions.NOT_SUPPORTED,
    ],
    [
      "bank rejected",
      linkDetails({
        transactions: [transaction({ status: "fail", installment_tracker: { id: null, status: "R", message: "Limit" } })],
      }),
      PaymentSessionStatus.REQUIRES_MORE,
      PaymentActions.FAILED,
    ],
    ["expired without payment", linkDetails({ status: "Expired" }), PaymentSessionStatus.CANCELED, PaymentActions.CANCELED],
    [
      "paid for another amount",
      linkDetails({ status: "Paid", transactions: [transaction({ amount: "1499.99" })] }),
      PaymentSessionStatus.ERROR,
      PaymentActions.FAILED,
    ],
    [
      "link of another session",
      linkDetails({ sessionId: "payses_other", status: "Paid", transactions: [transaction()] }),
      PaymentSessionStatus.ERROR,
      PaymentActions.FAILED,
    ],
    [
      "paid but no transaction visible yet",
      linkDetails({ status: "Paid" }),
      PaymentSessionStatus.REQUIRES_MORE,
      PaymentActions.NOT_SUPPORTED,
    ],
    [
      "paid after a declined attempt, success not visible yet",
      linkDetails({ status: "Paid", transactions: [transaction({ status: "fail", installment_tracker: null })] }),
      PaymentSessionStatus.REQUIRES_MORE,
      PaymentActions.NOT_SUPPORTED,
    ],
  ])("%s", (_case, details, status, action) => {
    const verdict = linkVerdict(details as never, expected)
    expect(verdict.status).toBe(status)
    expect(webhookActionOf(verdict)).toBe(action)
  })

  it("a Paid link whose transaction is not visible yet is asked again, with a reason saying so and no failure", () => {
    const verdict = linkVerdict(linkDetails({ status: "Paid", transactions: [transaction({ status: "fail" })] }) as never, expected)
    expect(verdict.status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(verdict.reason).toMatch(/marked Paid but shows no successful transaction yet/)
    expect(verdict.failure).toBeUndefined()
  })

  it("a bank rejection's reason for the customer is a fixed code, never the bank's message", () => {
    const details = linkDetails({
      transactions: [transaction({ status: "fail", installment_tracker: { id: null, status: "R", message: "Limit for 1012345678" } })],
    })
    const verdict = linkVerdict(details as never, expected)
    expect(verdict.failure).toBe("bank_rejected")
    expect(JSON.stringify(verdict)).not.toContain("1012345678")
  })

  it.each([
    ["a declined card", linkDetails({ transactions: [transaction({ status: "fail", installment_tracker: null })] }), "declined"],
    ["an expired link", linkDetails({ status: "Expired" }), "expired"],
    ["a payment for another amount", linkDetails({ status: "Paid", transactions: [transaction({ amount: "1400.00" })] }), "mismatch"],
    ["a link not paid yet", linkDetails({}), undefined],
  ])("names why the shopper has not paid: %s", (_case, details, failure) => {
    expect(linkVerdict(details as never, expected).failure).toBe(failure)
  })

  it("compares amounts exactly, to the halala", () => {
    const details = linkDetails({ status: "Paid", transactions: [transaction({ amount: "1500.004" })] })
    expect(linkVerdict(details as never, expected).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("an unknown transaction status is not paid, and the reason names it", () => {
    const details = linkDetails({ transactions: [transaction({ status: "on_hold" })] })
    const verdict = linkVerdict(details as never, expected)
    expect(verdict.status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(verdict.transaction).toBeUndefined()
    expect(verdict.reason).toBe(
      `payment link ${LINK_ID} has not been paid yet (transaction ${TX_ID} has status "on_hold", which the plugin does not know: treated as not paid)`
    )
    expect(webhookActionOf(verdict)).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("an unknown bank decision on a successful payment is a bank review, never a capture", () => {
    const details = linkDetails({ status: "Paid", transactions: [transaction({ installment_tracker: { status: "X" } })] })
    const verdict = linkVerdict(details as never, expected)
    expect(verdict.status).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
    expect(verdict.reason).toMatch(/bank decision is "X", which the plugin does not know/)
  })

  it("refuses a session in another currency", () => {
    const details = linkDetails({ status: "Paid", transactions: [transaction()] })
    expect(linkVerdict(details as never, { ...expected, currency_code: "usd" }).status).toBe(PaymentSessionStatus.ERROR)
  })
})
