import nock from "nock"
import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { useNock } from "../../../lib/__tests__/use-nock"
import { recentPaidVerdicts } from "../../../installments/links/recent-paid-verdicts"
import { InstallmentsProviderService } from "../../../providers/installments/service"
import { readSessionVerdict, type SessionToReconcile } from "../../../installments/sessions/session-verdict"
import {
  BASE_URL,
  containerWithRegistration,
  LINK_ID,
  linkDetails,
  OPTIONS,
  sessionData,
  silentLogger,
  transaction,
} from "../../../installments/__tests__/fixtures"
import { asRegistrationId, providerIdOf, type ProviderId } from "../../../installments/registrations/provider-ids"

useNock()
const PROVIDER = providerIdOf(asRegistrationId("installments"))
beforeEach(() => recentPaidVerdicts.clear())

const paidDetails = () => linkDetails({ status: "Paid", transactions: [transaction()] })
const mockDetails = (details: unknown) =>
  nock(BASE_URL)
    .post(`/payment_links/${LINK_ID}/details`)
    .reply(200, details as nock.Body)

/** The shopper's side: the provider Medusa calls at cart completion (and inside processPaymentWorkflow). */
const provider = (options: Record<string, unknown> = {}) =>
  new InstallmentsProviderService({ logger: silentLogger, installmentsRegistrationId: "installments" } as never, {
    ...OPTIONS,
    ...options,
  })

/** The paid webhook's read of the session `pp_installments_installments` holds (what the subscriber passes). */
function webhookRead(data: Record<string, unknown> = sessionData(), options: Record<string, unknown> = {}) {
  const input: SessionToReconcile = {
    session_id: "payses_1",
    provider_id: PROVIDER,
    data,
    reuse_paid_verdict: true,
  }
  return readSessionVerdict(containerWithRegistration(options), input)
}

describe("the paid webhook's read and the shopper's share one read of the link", () => {
  it("webhook first: its read finds the payment, and the authorization that places the order reuses it", async () => {
    const read = mockDetails(paidDetails())
    expect(await webhookRead()).toEqual({
      action: PaymentActions.SUCCESSFUL,
      session_id: "payses_1",
      amount: "1500.00",
      still_waiting: false,
      order_debt: false,
    })
    expect(read.isDone()).toBe(true)
    // No interceptor left: a second read would fail the authorization.
    const authorized = await provider().authorizePayment({ data: sessionData() })
    expect(authorized.status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("shopper first: the webhook's read is answered by the authorization's, without a call", async () => {
    mockDetails(paidDetails())
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.CAPTURED)
    expect((await webhookRead()).action).toBe(PaymentActions.SUCCESSFUL)
  })

  it("a session of another amount, or another session, is read fresh", async () => {
    mockDetails(paidDetails())
    await provider().authorizePayment({ data: sessionData() })
    const reads = [mockDetails(paidDetails()), mockDetails(paidDetails())]
    expect((await webhookRead(sessionData({ amount: "1400.00" }))).action).toBe(PaymentActions.FAILED)
    expect((await webhookRead(sessionData({ session_id: "payses_2" }))).action).toBe(PaymentActions.FAILED)
    expect(reads.every((read) => read.isDone())).toBe(true)
  })

  it("the sweep's read (no reuse) always asks the service, and keeps a paid answer for the authorization", async () => {
    mockDetails(paidDetails())
    await provider().authorizePayment({ data: sessionData() })
    const read = mockDetails(paidDetails())
    const sweep = await readSessionVerdict(containerWithRegistration(), {
      session_id: "payses_1",
      provider_id: PROVIDER,
      data: sessionData(),
    })
    expect(sweep.action).toBe(PaymentActions.SUCCESSFUL)
    expect(read.isDone()).toBe(true)
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("an unpaid verdict is never reused: the webhook reads again", async () => {
    mockDetails(linkDetails({ transactions: [transaction({ status: "fail" })] }))
    expect((await provider().authorizePayment({ data: sessionData() })).status).toBe(PaymentSessionStatus.REQUIRES_MORE)
    const read = mockDetails(paidDetails())
    expect((await webhookRead()).action).toBe(PaymentActions.SUCCESSFUL)
    expect(read.isDone()).toBe(true)
  })

  it("paidVerdictReuseMs 0: each side reads", async () => {
    const reads = [mockDetails(paidDetails()), mockDetails(paidDetails())]
    await webhookRead(sessionData(), { paidVerdictReuseMs: 0 })
    await provider({ paidVerdictReuseMs: 0 }).authorizePayment({ data: sessionData() })
    expect(reads.every((read) => read.isDone())).toBe(true)
  })

  it("a link with a transaction status the plugin does not know does not place an order", async () => {
    mockDetails(linkDetails({ status: "Paid", transactions: [transaction({ status: "captured_later" })] }))
    expect((await webhookRead()).action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("a session of no installments registration, or without the plugin's data, is not read", async () => {
    // No interceptor: a read would throw.
    const other = await readSessionVerdict(containerWithRegistration(), {
      session_id: "payses_1",
      // Another provider's session, where only installments ones are typed.
      provider_id: "pp_stripe_stripe" as ProviderId,
      data: sessionData(),
    })
    expect(other.action).toBe(PaymentActions.NOT_SUPPORTED)
    expect((await webhookRead({ cart_id: "cart_1" })).action).toBe(PaymentActions.NOT_SUPPORTED)
  })
})
