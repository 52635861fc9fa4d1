import nock from "nock"
import { InstallmentsClient } from "../../../lib/client"
import { useNock } from "../../../lib/__tests__/use-nock"
import { fakeModule } from "../../../modules/installments/__tests__/helpers/fake-module"
import { BASE_URL, OPTIONS, transaction, TX_ID } from "../../__tests__/fixtures"
import { asRegistrationId } from "../../registrations/provider-ids"
import { INTENT_SETTLE_MS } from "../intent"
import { medusaRefundKey } from "../keys"
import { checkUnbackedRefund, type MedusaRefundToCheck } from "../unbacked-refund"

useNock()

const client = new InstallmentsClient({ ...OPTIONS, maxRetries: 0 })
const made = new Date("2026-11-01T09:00:00Z")
const settled = new Date(made.getTime() + INTENT_SETTLE_MS)
const refund = (overrides: Partial<MedusaRefundToCheck> = {}): MedusaRefundToCheck => ({
  id: "ref_1",
  payment_id: "pay_1",
  registration_id: asRegistrationId("installments"),
  transaction_id: TX_ID,
  created_at: made,
  halalas: 10_000n,
  ...overrides,
})
const entry = (key: string) => ({
  id: `t-${key}`,
  status: "P",
  amount: "100.00",
  gateway_transaction_id: null,
  gateway_key_type: null,
  rrn: null,
  idempotency_key: key,
})

function ports(ledger = fakeModule(), refundsOfPayment: { id: string; metadata?: Record<string, unknown> }[] = []) {
  const removed: string[] = []
  const booked: string[] = []
  return {
    removed,
    booked,
    ledger,
    ports: {
      ledger: ledger.svc,
      clientFor: () => client,
      refundsOfPayment: async () => refundsOfPayment,
      removeMedusaRefund: async (_paymentId: string, refundId: string) => {
        removed.push(refundId)
      },
      bookRefunds: async (paymentId: string) => {
        booked.push(paymentId)
      },
    },
  }
}

describe("checkUnbackedRefund: a Medusa refund no refund of the plugin's backs", () => {
  it("is not judged before INTENT_SETTLE_MS: a call may still carry it", async () => {
    const { ports: p } = ports()
    expect(await checkUnbackedRefund(p, refund(), new Date(settled.getTime() - 1))).toBe("wait")
  })

  it("the provider never saw (no row names it, the service does not list it): removed, and kept as never received", async () => {
    const { ports: p, removed, ledger } = ports()
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction())
    expect(await checkUnbackedRefund(p, refund(), settled)).toBe("removed")
    expect(removed).toEqual(["ref_1"])
    expect(ledger.refunds.rows).toEqual([
      expect.objectContaining({ idempotency_key: medusaRefundKey("ref_1").key, status: "failed", retryable: false }),
    ])
  })

  it("linked by the provider to an applied row: backed, no call to the service, booked by its order at its amount", async () => {
    const { ports: p, removed, booked, ledger } = ports()
    await ledger.refunds.create({ transaction_id: TX_ID, idempotency_key: "ref_1", medusa_refund_id: "ref_1", status: "P" })
    expect(await checkUnbackedRefund(p, refund(), settled)).toBe("backed")
    expect(removed).toEqual([])
    expect(booked).toEqual(["pay_1"])
  })

  it("linked to a row still unresolved: left to the resolver, nothing removed or booked", async () => {
    const { ports: p, removed, booked, ledger } = ports()
    await ledger.refunds.create({ transaction_id: TX_ID, idempotency_key: "k", medusa_refund_id: "ref_1", status: "unknown" })
    expect(await checkUnbackedRefund(p, refund(), settled)).toBe("wait")
    expect({ removed, booked }).toEqual({ removed: [], booked: [] })
  })

  it("linked to a row that failed (Medusa's catch never deleted it): removed", async () => {
    const { ports: p, removed, ledger } = ports()
    await ledger.refunds.create({ transaction_id: TX_ID, idempotency_key: "k", medusa_refund_id: "ref_1", status: "failed" })
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction())
    expect(await checkUnbackedRefund(p, refund({ metadata: { installments_refund_key: "k" } }), settled)).toBe("removed")
    expect(removed).toEqual(["ref_1"])
    expect(ledger.refunds.rows).toHaveLength(1)
  })

  it("the one record of a refund the service lists under its key (a canceled order's): kept, booked by its order", async () => {
    const { ports: p, removed, booked } = ports(fakeModule(), [{ id: "ref_1", metadata: { installments_refund_key: "cancel-pay_1" } }])
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ refunded_amount: "100.00", refund_tracker: [entry("cancel-pay_1")] }))
    expect(await checkUnbackedRefund(p, refund({ metadata: { installments_refund_key: "cancel-pay_1" } }), settled)).toBe("applied")
    expect(removed).toEqual([])
    expect(booked).toEqual(["pay_1"])
  })

  it("a second record of a listed key (another Medusa refund records it already): removed", async () => {
    const {
      ports: p,
      removed,
      ledger,
    } = ports(fakeModule(), [
      { id: "ref_1", metadata: { installments_refund_key: "return-r-p" } },
      { id: "ref_2", metadata: { installments_refund_key: "return-r-p" } },
    ])
    await ledger.refunds.create({ transaction_id: TX_ID, idempotency_key: "return-r-p", medusa_refund_id: "ref_2", status: "P" })
    nock(BASE_URL)
      .get(`/transactions/${TX_ID}`)
      .reply(200, transaction({ refunded_amount: "100.00", refund_tracker: [entry("return-r-p")] }))
    expect(await checkUnbackedRefund(p, refund({ metadata: { installments_refund_key: "return-r-p" } }), settled)).toBe("removed")
    expect(removed).toEqual(["ref_1"])
  })
})
