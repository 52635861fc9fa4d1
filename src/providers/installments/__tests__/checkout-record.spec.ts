import nock from "nock"
import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { useNock } from "../../../lib/__tests__/use-nock"
import { recentPaidVerdicts } from "../../../installments/links/recent-paid-verdicts"
import type { CheckoutRecord } from "../../../installments/insights/checkout-record"
import { InstallmentsProviderService } from "../service"
import { readSessionVerdict } from "../../../installments/sessions/session-verdict"
import { checkoutRecordsWritten } from "../../../installments/insights/record-checkout"
import { INSTALLMENTS_MODULE } from "../../../installments/module-key"
import { asRegistrationId, providerIdOf } from "../../../installments/registrations/provider-ids"
import {
  BASE_URL,
  containerWithRegistration,
  keyPair,
  LINK_ID,
  linkDetails,
  OPTIONS,
  sessionData,
  transaction,
  TX_ID,
} from "../../../installments/__tests__/fixtures"

// What the provider learns from each read of a link is recorded for the Insights page (D44), with
// the read's own facts, and a record that cannot be written never fails the checkout.

useNock()
beforeEach(() => recentPaidVerdicts.clear())

const SESSION = "payses_01JDGGR380T3RBQQ2PDG1YJAAG"

function recording(fail = false) {
  const records: CheckoutRecord[] = []
  const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
  const writer = {
    recordCheckout: async (record: CheckoutRecord) => {
      if (fail) throw new Error("connection refused")
      records.push(record)
    },
    recordCheckouts: async (batch: CheckoutRecord[]) => {
      if (fail) throw new Error("connection refused")
      records.push(...batch)
    },
  }
  const provider = new InstallmentsProviderService(
    { logger: log, installmentsCheckoutWriter: writer, installmentsRegistrationId: "installments" } as never,
    { ...OPTIONS, webhookKeys: { "key-1": keyPair.publicKey } }
  )
  return { provider, records, log }
}

const mockDetails = (details: unknown) =>
  nock(BASE_URL)
    .post(`/payment_links/${LINK_ID}/details`)
    .reply(200, details as nock.Body)

describe("the provider records each read of a checkout", () => {
  it("at authorization: a payment with its plan and the service's fee, dated by the session's id", async () => {
    const { provider, records } = recording()
    mockDetails(
      linkDetails({
        status: "Paid",
        sessionId: SESSION,
        transactions: [transaction({ service_fee: "38.50", service_tax_vat: "5.78" })],
      })
    )
    const result = await provider.authorizePayment({ data: sessionData({ session_id: SESSION, amount: "1500.00" }) })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    await checkoutRecordsWritten()
    expect(records).toEqual([
      expect.objectContaining({
        session_id: SESSION,
        provider_id: null,
        payment_link_id: LINK_ID,
        started_at: new Date(1732500000000),
        amount: "1500.00",
        outcome: "paid",
        payment_option: "Installment",
        bank: "rajhi",
        tenure_months: "6",
        transaction_id: TX_ID,
        fee: "38.50",
        fee_vat: "5.78",
      }),
    ])
  })

  it("a refused attempt read at the shopper's return, then a paid verdict reused moments later: one record per read", async () => {
    const { provider, records } = recording()
    mockDetails(
      linkDetails({
        sessionId: SESSION,
        transactions: [transaction({ status: "fail", installment_tracker: { id: null, status: "R", message: "" } })],
      })
    )
    const refused = await provider.authorizePayment({ data: sessionData({ session_id: SESSION }) })
    expect(refused.status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    await checkoutRecordsWritten()
    expect(records.map((record) => [record.outcome, record.bank_rejections])).toEqual([["bank_declined", 1]])

    mockDetails(linkDetails({ status: "Paid", sessionId: SESSION, transactions: [transaction()] }))
    await provider.getPaymentStatus({ data: sessionData({ session_id: SESSION }) })
    // Authorization reuses the paid verdict just read: no read, so nothing new to record.
    await provider.authorizePayment({ data: sessionData({ session_id: SESSION }) })
    await checkoutRecordsWritten()
    expect(records.map((record) => record.outcome)).toEqual(["bank_declined", "paid"])
  })

  it("at a paid webhook: the place-paid-order read records the session's checkout with its provider", async () => {
    const records: CheckoutRecord[] = []
    const writer = {
      recordCheckout: async (record: CheckoutRecord) => void records.push(record),
      recordCheckouts: async (batch: CheckoutRecord[]) => void records.push(...batch),
    }
    const base = containerWithRegistration() as unknown as { resolve: (name: string) => unknown }
    const container = { resolve: (name: string) => (name === INSTALLMENTS_MODULE ? writer : base.resolve(name)) }
    mockDetails(linkDetails({ status: "Paid", sessionId: SESSION, transactions: [transaction()] }))
    const verdict = await readSessionVerdict(container as never, {
      session_id: SESSION,
      provider_id: providerIdOf(asRegistrationId("installments")),
      data: sessionData({ session_id: SESSION, amount: "1500.00" }),
      reuse_paid_verdict: true,
    })
    expect(verdict.action).toBe(PaymentActions.SUCCESSFUL)
    await checkoutRecordsWritten()
    expect(records).toEqual([
      expect.objectContaining({
        session_id: SESSION,
        provider_id: "pp_installments_installments",
        payment_link_id: LINK_ID,
        amount: "1500.00",
        outcome: "paid",
      }),
    ])
  })

  it("a record that cannot be written: the checkout goes on, and the log says which one was not recorded", async () => {
    const { provider, log } = recording(true)
    mockDetails(linkDetails({ status: "Paid", sessionId: SESSION, transactions: [transaction()] }))
    const result = await provider.authorizePayment({ data: sessionData({ session_id: SESSION }) })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    await checkoutRecordsWritten()
    expect(log.warn).toHaveBeenCalledWith(
      `installments: the Insights records of 1 checkout read(s) (${SESSION}) were not written (connection refused); ` +
        "a later read of each link, if any, records it"
    )
  })

  it("the checkout never waits for its record: authorization answers while the write is held, and the write lands after", async () => {
    const records: CheckoutRecord[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const writer = {
      recordCheckout: async () => undefined,
      recordCheckouts: async (batch: CheckoutRecord[]) => {
        await held
        records.push(...batch)
      },
    }
    const provider = new InstallmentsProviderService(
      { logger: console, installmentsCheckoutWriter: writer, installmentsRegistrationId: "installments" } as never,
      OPTIONS
    )
    mockDetails(linkDetails({ status: "Paid", sessionId: SESSION, transactions: [transaction()] }))
    const result = await provider.authorizePayment({ data: sessionData({ session_id: SESSION }) })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    const written = checkoutRecordsWritten()
    // The write started and is held: nothing is recorded yet, though the shopper has the answer.
    await new Promise((resolve) => setImmediate(resolve))
    expect(records).toEqual([])
    release()
    await written
    expect(records).toEqual([expect.objectContaining({ session_id: SESSION, outcome: "paid" })])
  })

  it("reads of several checkouts at once share one statement, one read per session (the latest)", async () => {
    const batches: CheckoutRecord[][] = []
    const writer = {
      recordCheckout: async () => undefined,
      recordCheckouts: async (batch: CheckoutRecord[]) => void batches.push(batch),
    }
    const provider = new InstallmentsProviderService(
      { logger: console, installmentsCheckoutWriter: writer, installmentsRegistrationId: "installments" } as never,
      OPTIONS
    )
    const sessions = ["payses_01JDGGR380T3RBQQ2PDG1YJAA1", "payses_01JDGGR380T3RBQQ2PDG1YJAA2", "payses_01JDGGR380T3RBQQ2PDG1YJAA3"]
    for (const session of sessions) {
      nock(BASE_URL)
        .post(`/payment_links/${LINK_ID}/details`)
        .reply(200, linkDetails({ status: "Paid", sessionId: session, transactions: [transaction()] }) as nock.Body)
    }
    await Promise.all(sessions.map((session) => provider.getPaymentStatus({ data: sessionData({ session_id: session }) })))
    await checkoutRecordsWritten()
    expect(batches).toHaveLength(1)
    expect(batches[0].map((record) => record.session_id).sort()).toEqual(sessions)
  })

  it("a store without the plugin's module: nothing is recorded and nothing is logged", async () => {
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
    const provider = new InstallmentsProviderService({ logger: log } as never, OPTIONS)
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction()] }))
    expect((await provider.authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.CAPTURED)
    expect(log.warn).not.toHaveBeenCalled()
  })
})
