import { refundViews, type LedgerRow } from "../orders/refund-rows"

const ledger = (overrides: Partial<LedgerRow>): LedgerRow => ({
  id: "iref_1",
  tracker_id: "trk_1",
  transaction_id: "t1",
  payment_id: "pay_1",
  amount: { value: "100.25", precision: 20 },
  status: "P",
  rrn: null,
  idempotency_key: "ref_1",
  created_at: new Date("2026-11-01T10:00:00Z"),
  ...overrides,
})

const tracker = (overrides: Record<string, unknown> = {}) => ({
  id: "trk_1",
  status: "R" as const,
  amount: "100.25",
  gateway_transaction_id: "RF1",
  gateway_key_type: "RefundReference",
  rrn: "123456789012",
  idempotency_key: "ref_1",
  order_refund_id: null,
  ...overrides,
})

describe("refundViews", () => {
  it("takes the service's status and rrn over a ledger row not yet synced", () => {
    expect(refundViews([ledger({})], [tracker()])).toEqual([
      {
        id: "iref_1",
        amount: "100.25",
        status: "settled",
        rrn: "123456789012",
        source: null,
        failure_reason: null,
        will_retry: false,
        created_at: "2026-11-01T10:00:00.000Z",
        idempotency_key: "ref_1",
      },
    ])
  })

  it("adds refunds only the service knows, and reads the ledger's later fields when present", () => {
    const failed = ledger({
      id: "iref_2",
      tracker_id: null,
      status: "failed",
      source: "return",
      failure_reason: "insufficient balance",
      retryable: true,
      next_retry_at: "2026-11-25T10:00:00Z",
    })
    const views = refundViews([failed], [tracker({ id: "trk_9", status: "P", rrn: null, amount: "5.00" })])
    expect(views[0]).toMatchObject({ status: "failed", source: "return", failure_reason: "insufficient balance", will_retry: true })
    expect(views[1]).toMatchObject({ id: "trk_9", amount: "5.00", status: "pending", source: "service", created_at: null })
  })

  it("says a failed refund will be retried only while the job still has it scheduled (attempts left)", () => {
    const exhausted = ledger({
      id: "iref_3",
      tracker_id: null,
      status: "failed",
      source: "return",
      retryable: true,
      next_retry_at: null,
    })
    expect(refundViews([exhausted], [])[0]).toMatchObject({ status: "failed", will_retry: false })
  })

  it("an intent whose answer was lost is shown as being confirmed", () => {
    const unknown = ledger({ id: "iref_4", tracker_id: null, status: "unknown", source: "admin" })
    expect(refundViews([unknown], [])[0]).toMatchObject({ status: "confirming", will_retry: false })
  })
})
