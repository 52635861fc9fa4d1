import nock from "nock"
import { InstallmentsClient } from "../../../lib/client"
import { useNock } from "../../../lib/__tests__/use-nock"
import { fakeModule } from "../../../modules/installments/__tests__/helpers/fake-module"
import { BASE_URL, OPTIONS, transaction, TX_ID } from "../../__tests__/fixtures"
import { asRegistrationId } from "../../registrations/provider-ids"
import { INTENT_SETTLE_MS } from "../intent"
import type { MedusaPaymentRefunds, MedusaRefunds } from "../medusa-refunds"
import { resolveRefund } from "../resolve-refund"

useNock()

const KEY = "return-ret_1-pay_1"
const client = new InstallmentsClient({ ...OPTIONS, maxRetries: 0 })
const later = () => new Date(Date.now() + INTENT_SETTLE_MS + 1_000)

/** The service's tracker entry of an accepted refund under `key`. */
const trackerEntry = (amount: string, key: string) => ({
  id: "t1",
  status: "P",
  amount,
  gateway_transaction_id: null,
  gateway_key_type: null,
  rrn: null,
  idempotency_key: key,
})

function medusaWith(refunds: MedusaPaymentRefunds["refunds"]) {
  const calls: string[] = []
  const medusa: MedusaRefunds = {
    findPayment: async () => ({ payment_id: "pay_1", order_canceled: false, refunds }),
    record: async (_payment, refund) => {
      calls.push(`record ${refund.idempotency_key} ${refund.amount}`)
    },
    remove: async (_paymentId, refundId) => {
      calls.push(`remove ${refundId}`)
      refunds.splice(
        refunds.findIndex((refund) => refund.id === refundId),
        1
      )
    },
    book: async (paymentId) => {
      calls.push(`book ${paymentId}`)
    },
  }
  return { medusa, calls }
}

async function openIntent(ledger: ReturnType<typeof fakeModule>, extra: Record<string, unknown> = {}) {
  const { opening } = await ledger.svc.writeRefundLedger({
    kind: "open",
    transaction_id: TX_ID,
    intent: {
      idempotency_key: KEY,
      provider_id: asRegistrationId("installments"),
      transaction_id: TX_ID,
      payment_id: "pay_1",
      source: "return",
      amount: "60.00",
      ...extra,
    },
  })
  return opening!.row_id
}

describe("resolveRefund: one row brought to what the service says, and Medusa's records with it", () => {
  it("a return's intent whose process died after Medusa's refund row: the row is removed, then the intent is failed", async () => {
    const ledger = fakeModule()
    const rowId = await openIntent(ledger)
    const { medusa, calls } = medusaWith([{ id: "ref_kept", metadata: { installments_refund_key: KEY } }, { id: "ref_other" }])
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction())
    const row = await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, later())
    expect(calls).toEqual(["remove ref_kept"])
    expect(row).toMatchObject({ status: "failed", retryable: true })
  })

  it("a kill between the removal and the ledger's write leaves the intent unresolved: the next run finishes it", async () => {
    const ledger = fakeModule()
    const rowId = await openIntent(ledger)
    const { medusa } = medusaWith([{ id: "ref_kept", metadata: { installments_refund_key: KEY } }])
    medusa.remove = async () => {
      throw new Error("the process was killed")
    }
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, transaction())
    await expect(resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, later())).rejects.toThrow(/killed/)
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "sending" })
  })

  it("an intent the service applied after its answer was lost is recorded in Medusa once, naming its key", async () => {
    const ledger = fakeModule()
    const rowId = await openIntent(ledger, { medusa_refund_id: "ref_gone" })
    const { medusa, calls } = medusaWith([])
    const listed = transaction({
      refunded_amount: "60.00",
      status: "partially refunded",
      refund_tracker: [trackerEntry("60.00", KEY)],
    })
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, listed)
    const row = await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, later())
    expect(calls).toEqual([`record ${KEY} 60.00`])
    expect(row).toMatchObject({ status: "P", record_in_medusa: false })
    // Resolved again (a second resolver): nothing more is recorded.
    await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, later())
    expect(calls).toHaveLength(1)
  })

  it("an applied refund Medusa already shows under its key is marked recorded, and its order books it at its amount", async () => {
    const ledger = fakeModule()
    const rowId = await openIntent(ledger, { medusa_refund_id: "ref_gone" })
    await ledger.svc.writeRefundLedger({ kind: "outcome", transaction_id: TX_ID, row_id: rowId, outcome: { kind: "unknown" } })
    await ledger.svc.writeRefundLedger({
      kind: "outcome",
      transaction_id: TX_ID,
      row_id: rowId,
      outcome: { kind: "accepted", amount: "60.00", recorded_by_medusa: false },
    })
    const { medusa, calls } = medusaWith([{ id: "ref_9", metadata: { installments_refund_key: KEY } }])
    const row = await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, later())
    // A killed run's row: shown, maybe not booked (or booked at another refund's amount by Medusa's next run).
    expect(calls).toEqual(["book pay_1"])
    expect(row).toMatchObject({ status: "P", record_in_medusa: false })
  })

  it("a call still out when the resolver runs: its applied refund is left to the run, and another refund of the same amount waits rather than claiming it", async () => {
    const ledger = fakeModule()
    // Medusa's own refund (no cause of the plugin's): its run wrote ref_A, then sent the intent.
    const open = (medusaRefundId: string) =>
      ledger.svc.writeRefundLedger({
        kind: "open",
        transaction_id: TX_ID,
        intent: {
          medusa_refund_id: medusaRefundId,
          provider_id: asRegistrationId("installments"),
          transaction_id: TX_ID,
          payment_session_id: "payses_1",
          source: "admin",
          amount: "75.00",
        },
      })
    const first = (await open("ref_A")).opening as { kind: string; row_id: string; idempotency_key: string }
    expect(first).toMatchObject({ kind: "send" })
    // The service applied it; the run's answer is still on its way when the resolver reads the tracker.
    const { medusa, calls } = medusaWith([{ id: "ref_A" }])
    const listed = transaction({
      refunded_amount: "75.00",
      status: "partially refunded",
      refund_tracker: [trackerEntry("75.00", first.idempotency_key)],
    })
    nock(BASE_URL).get(`/transactions/${TX_ID}`).reply(200, listed)
    const row = await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, first.row_id, new Date())
    expect(row).toMatchObject({ status: "sending" })
    expect(row!.record_in_medusa ?? false).toBe(false)
    expect(calls).toEqual([])
    // The merchant's second refund of 75.00 meanwhile: it waits for the first, it does not take it for its own.
    const { opening: second } = await open("ref_B")
    expect(second).toMatchObject({ kind: "blocked", amount: "75.00" })
    // The run's own answer: accepted, recorded by the run (Medusa keeps ref_A), nothing left to record.
    await ledger.svc.writeRefundLedger({
      kind: "outcome",
      transaction_id: TX_ID,
      row_id: first.row_id,
      outcome: { kind: "accepted", amount: "75.00", recorded_by_medusa: true },
    })
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "P", record_in_medusa: false, medusa_refund_id: "ref_A" })
    const { opening: third } = await open("ref_C")
    expect(third).toMatchObject({ kind: "send" })
  })

  it("a call that ends unknown after the tracker listed its refund leaves the refund for the resolver to record, as Medusa deletes its run's row", async () => {
    const ledger = fakeModule()
    const rowId = await openIntent(ledger, { medusa_refund_id: "ref_A" })
    const tracker = [trackerEntry("60.00", KEY)]
    // An order.updated delivery during the call: the tracker speaks first.
    await ledger.svc.writeRefundLedger({
      kind: "tracker",
      transaction_id: TX_ID,
      sync: { provider_id: asRegistrationId("installments"), tracker },
    })
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "P" })
    expect(ledger.refunds.rows[0].record_in_medusa ?? false).toBe(false)
    // The call's answer is lost and its re-read fails: the run throws, and Medusa deletes ref_A.
    await ledger.svc.writeRefundLedger({ kind: "outcome", transaction_id: TX_ID, row_id: rowId, outcome: { kind: "unknown" } })
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "P", record_in_medusa: true })
    const { medusa, calls } = medusaWith([])
    const row = await resolveRefund({ ledger: ledger.svc, clientFor: () => client, medusa }, rowId, new Date())
    expect(calls).toEqual([`record ${KEY} 60.00`])
    expect(row).toMatchObject({ status: "P", record_in_medusa: false })
    // A refusal or a not-applied verdict arriving late changes nothing the tracker said.
    await ledger.svc.writeRefundLedger({ kind: "outcome", transaction_id: TX_ID, row_id: rowId, outcome: { kind: "not_applied" } })
    expect(ledger.refunds.rows[0]).toMatchObject({ status: "P", record_in_medusa: false })
  })
})
