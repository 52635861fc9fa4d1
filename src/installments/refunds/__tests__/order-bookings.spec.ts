import { confirmedRefundIds, planBookings } from "../order-bookings"

const booking = (id: string, refundId: string, halalas: bigint) => ({ id, reference_id: refundId, halalas })

describe("planBookings: the order books each refund the service applied once, at its own amount", () => {
  it("leaves a confirmed refund booked once at its amount, and an unconfirmed one unbooked", () => {
    expect(
      planBookings(
        [
          { id: "ref_1", halalas: 9800n, confirmed: true },
          { id: "ref_2", halalas: 4000n, confirmed: false },
        ],
        [booking("ordtrx_1", "ref_1", 9800n)]
      )
    ).toEqual({ remove: [], add: [] })
  })

  it("rebooks a confirmed refund Medusa's next run booked at that run's amount", () => {
    expect(planBookings([{ id: "ref_1", halalas: 4000n, confirmed: true }], [booking("ordtrx_1", "ref_1", 9800n)])).toEqual({
      remove: ["ordtrx_1"],
      add: [{ id: "ref_1", halalas: 4000n }],
    })
  })

  it("books a confirmed refund a killed run left unbooked, and once when booked twice", () => {
    expect(planBookings([{ id: "ref_1", halalas: 4000n, confirmed: true }], [])).toEqual({
      remove: [],
      add: [{ id: "ref_1", halalas: 4000n }],
    })
    expect(
      planBookings(
        [{ id: "ref_1", halalas: 4000n, confirmed: true }],
        [booking("ordtrx_1", "ref_1", 4000n), booking("ordtrx_2", "ref_1", 4000n)]
      )
    ).toEqual({ remove: ["ordtrx_1", "ordtrx_2"], add: [{ id: "ref_1", halalas: 4000n }] })
  })

  it("unbooks a refund still in flight (a return subtracts it as in flight until it is settled)", () => {
    expect(planBookings([{ id: "ref_2", halalas: 4000n, confirmed: false }], [booking("ordtrx_2", "ref_2", 9800n)])).toEqual({
      remove: ["ordtrx_2"],
      add: [],
    })
  })

  it("removes a booking of a refund row that is gone, but never another provider's refund", () => {
    expect(
      planBookings([], [booking("ordtrx_gone", "ref_gone", 9800n), booking("ordtrx_other", "ref_other", 500n)], new Set(["ref_other"]))
    ).toEqual({ remove: ["ordtrx_gone"], add: [] })
  })
})

describe("confirmedRefundIds: the refunds the ledger says the service applied", () => {
  it("counts a P or R row naming the refund or its recorded key, never an unresolved or failed one", () => {
    const refunds = [
      { id: "ref_linked" },
      { id: "ref_keyed", metadata: { installments_refund_key: "k-keyed" } },
      { id: "ref_unknown" },
      { id: "ref_failed", metadata: { installments_refund_key: "k-failed" } },
      { id: "ref_settled" },
    ]
    const rows = [
      { medusa_refund_id: "ref_linked", idempotency_key: "k-linked", status: "P" },
      { medusa_refund_id: null, idempotency_key: "k-keyed", status: "R" },
      { medusa_refund_id: "ref_unknown", idempotency_key: "k-unknown", status: "unknown" },
      { medusa_refund_id: null, idempotency_key: "k-failed", status: "failed" },
      { medusa_refund_id: "ref_settled", idempotency_key: "k-settled", status: "R" },
    ]
    expect([...confirmedRefundIds(refunds, rows)].sort()).toEqual(["ref_keyed", "ref_linked", "ref_settled"])
  })
})
