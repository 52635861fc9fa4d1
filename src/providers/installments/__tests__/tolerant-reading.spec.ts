import nock from "nock"
import { randomUUID } from "node:crypto"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { useNock } from "../../../lib/__tests__/use-nock"
import { recentPaidVerdicts } from "../../../installments/links/recent-paid-verdicts"
import { InstallmentsProviderService } from "../service"
import {
  BASE_URL,
  LINK_ID,
  linkDetails,
  OPTIONS,
  ourInstance,
  sessionData,
  STORE_ID,
  transaction,
} from "../../../installments/__tests__/fixtures"

useNock()
// Each test reads the service as if first: a paid verdict kept by an earlier test would answer instead.
beforeEach(() => recentPaidVerdicts.clear())

function logger() {
  return { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
}

function provider(log = logger(), options: Record<string, unknown> = {}) {
  return new InstallmentsProviderService({ logger: log as never, installmentsInstance: ourInstance } as never, {
    ...OPTIONS,
    ...options,
  })
}

function mockDetails(details: unknown, times = 1) {
  return nock(BASE_URL)
    .post(`/payment_links/${LINK_ID}/details`)
    .times(times)
    .reply(200, details as nock.Body)
}

/** The smallest link details the provider can act on: the link's id, status and amount, and its attempts. */
function minimalDetails(transactions: Record<string, unknown>[], link: Record<string, unknown> = {}) {
  return { payment_link: { id: LINK_ID, status: "Paid", amount: "1500.00", ...link }, transactions }
}

function warnings(log: ReturnType<typeof logger>): string[] {
  return log.warn.mock.calls.map((call) => String(call[0]))
}

describe("the provider reads minimal answers", () => {
  it("captures a checkout from a link of only id, status and amount and a transaction of only id, status and amount", async () => {
    const id = randomUUID()
    mockDetails(minimalDetails([{ id, status: "success", amount: "1500.00" }]))
    const result = await provider().authorizePayment({ data: sessionData() })
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(result.data).toMatchObject({ transaction_id: id, payment_option: null, installment_months: null })
  })

  it("stores the environment of the public key when the creation answer leaves it out", async () => {
    nock(BASE_URL)
      .post(`/payment_links/${STORE_ID}/create`)
      .reply(201, { payment_link_id: LINK_ID, url: `https://pay.test/payment-link/${LINK_ID}` })
    const result = await provider().initiatePayment({ amount: 1500, currency_code: "sar", data: { session_id: "payses_1" } } as never)
    expect(result.data).toMatchObject({ payment_link_id: LINK_ID, environment: "SANDBOX" })
  })

  it("refuses an answer without what it acts on, naming the field in the log", async () => {
    mockDetails({ payment_link: { id: LINK_ID, amount: "1500.00" }, transactions: [] })
    const log = logger()
    await expect(provider(log).authorizePayment({ data: sessionData() })).rejects.toThrow(/تعذّر تأكيد الدفع/)
    expect(JSON.stringify(log.error.mock.calls)).toMatch(/payment_link\.status/)
  })
})

describe("a transaction status the interface does not list", () => {
  it("is not paid: the session still needs a payment, and the reason says why", async () => {
    const id = randomUUID()
    mockDetails(linkDetails({ status: "Unpaid", transactions: [transaction({ id, status: "on_hold" })] }))
    const log = logger()
    const result = await provider(log).authorizePayment({ data: sessionData() })
    expect(result.status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(result.data).toMatchObject({ transaction_id: null, failure_reason: null })
  })

  it("is logged once per transaction and status, not on every read", async () => {
    const id = randomUUID()
    const other = randomUUID()
    const log = logger()
    const service = provider(log)
    mockDetails(linkDetails({ transactions: [transaction({ id, status: "on_hold" })] }), 3)
    await service.authorizePayment({ data: sessionData() })
    await service.getPaymentStatus({ data: sessionData() })
    // Another instance (a webhook, the next checkout attempt) in the same process: still once.
    await provider(log).retrievePayment({ data: sessionData() })
    expect(warnings(log).filter((line) => line.includes(id))).toEqual([
      `installments: transaction ${id} of payment link ${LINK_ID} has status "on_hold", which the plugin does not know; it is treated as not paid`,
    ])

    mockDetails(linkDetails({ transactions: [transaction({ id, status: "frozen" }), transaction({ id: other, status: "on_hold" })] }))
    await service.authorizePayment({ data: sessionData() })
    expect(warnings(log).filter((line) => line.includes(id) && line.includes('"frozen"'))).toHaveLength(1)
    expect(warnings(log).filter((line) => line.includes(other))).toHaveLength(1)
  })

  it("is not logged for the statuses the interface lists", async () => {
    const log = logger()
    mockDetails(
      linkDetails({
        status: "Paid",
        transactions: [transaction({ id: randomUUID(), status: "fail" }), transaction({ id: randomUUID() })],
      })
    )
    await provider(log).authorizePayment({ data: sessionData() })
    expect(warnings(log)).toEqual([])
  })
})

describe("a bank decision the interface does not list", () => {
  it("holds a successful payment as a bank review in progress, logged once", async () => {
    const id = randomUUID()
    const log = logger()
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction({ id, installment_tracker: { status: "Escalated" } })] }), 2)
    const first = await provider(log).authorizePayment({ data: sessionData() })
    const second = await provider(log).authorizePayment({ data: sessionData() })
    expect([first.status, second.status]).toEqual([
      PaymentSessionStatus.PENDING_AUTHORIZATION,
      PaymentSessionStatus.PENDING_AUTHORIZATION,
    ])
    expect(warnings(log)).toEqual([
      `installments: transaction ${id} of payment link ${LINK_ID} has bank decision "Escalated", which the plugin does not know; it is treated as a bank review in progress`,
    ])
  })

  it.each([
    ["Approved", PaymentSessionStatus.CAPTURED],
    ["approved", PaymentSessionStatus.CAPTURED],
    ["Pending", PaymentSessionStatus.PENDING_AUTHORIZATION],
    ["Rejected", PaymentSessionStatus.REQUIRES_MORE],
  ])("reads the spelled-out decision %s as its letter", async (decision, status) => {
    mockDetails(
      linkDetails({ status: "Paid", transactions: [transaction({ id: randomUUID(), installment_tracker: { status: decision } })] })
    )
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(status)
  })
})
