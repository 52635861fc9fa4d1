import { ProtocolError } from ".."
import {
  LINK_ID,
  STORE_ID,
  TRANSACTION_ID,
  REFUND_PATH,
  binRecord,
  intercept,
  listRecord,
  makeClient,
  paymentLink,
  rejection,
  transaction,
  useNock,
} from "./helpers"

useNock()

/**
 * The live service may leave out what docs/service-api.md calls informational, add fields and add enum
 * values. Every endpoint is read here with the smallest answer the code can act on, and with fields
 * nobody documented, which must come through untouched.
 */

const EXTRA = { added_by_the_service: { nested: ["kept"] }, api_version: "2026-11" }
const BIN = "/check/bin_numbers_lookup/"
const CREATE = `/payment_links/${STORE_ID}/create`
const LIST = `/payment_links/${STORE_ID}/list`
const DETAILS = `/payment_links/${LINK_ID}/details`
const RESOLVE = `/payment_links/${LINK_ID}/resolve`
const READ = `/transactions/${TRANSACTION_ID}`
const STATEMENTS = "/reports/statements"
const REGISTER = "/api/create-webhook-and-apikey/"

const statementWindow = { from_date: "2026-01-01", to_date: "2026-01-31", store_id: STORE_ID }

describe("BIN lookup (endpoint 1)", () => {
  it("reads an answer of only is_eligible", async () => {
    const { scope } = intercept("GET", BIN, [200, { is_eligible: false }])
    expect(await makeClient().bins.lookup({ bin: "411111" })).toEqual({ is_eligible: false })
    expect(scope.isDone()).toBe(true)
  })

  it("keeps unknown fields and an unlisted brand and card type", async () => {
    const { scope } = intercept("GET", BIN, [200, binRecord({ ...EXTRA, brand: "UNIONPAY", type: "CHARGE" })])
    const record = await makeClient().bins.lookup({ bin: "454646" })
    expect(scope.isDone()).toBe(true)
    expect(record).toMatchObject({ ...EXTRA, brand: "UNIONPAY", type: "CHARGE", bank_amount_limit: "300.00" })
  })

  it("reads an informational field of another type as absent", async () => {
    const { scope } = intercept("GET", BIN, [200, binRecord({ earn_rate: "1.5x", program_logo: 7 })])
    const record = await makeClient().bins.lookup({ bin: "454646" })
    expect(scope.isDone()).toBe(true)
    expect(record.earn_rate).toBeUndefined()
    expect(record.program_logo).toBeUndefined()
    expect(record.is_eligible).toBe(true)
  })

  it("still needs is_eligible", async () => {
    intercept("GET", BIN, [200, { message: "Bin number not found." }])
    expect((await rejection(makeClient().bins.lookup({ bin: "411111" }), ProtocolError)).message).toContain("is_eligible")
  })
})

describe("payment link creation (endpoint 2)", () => {
  it("reads an answer of only the link id and URL", async () => {
    const url = `https://pay.test/payment-link/${LINK_ID}`
    const { scope } = intercept("POST", CREATE, [201, { payment_link_id: LINK_ID, url }])
    const created = await makeClient().paymentLinks.create(STORE_ID, { amount: 120, title: "x" })
    expect(scope.isDone()).toBe(true)
    expect(created).toEqual({ payment_link_id: LINK_ID, url })
  })

  it("keeps unknown fields and an environment the interface does not list", async () => {
    const body = { order_id: null, payment_link_id: LINK_ID, url: "https://pay.test/x", environment: "STAGING", ...EXTRA }
    intercept("POST", CREATE, [201, body])
    expect(await makeClient().paymentLinks.create(STORE_ID, { amount: 120, title: "x" })).toEqual(body)
  })
})

describe("payment link details (endpoint 3)", () => {
  it("reads a link of only id, status and amount, with no pagination", async () => {
    const { scope } = intercept("POST", DETAILS, [
      200,
      { payment_link: { id: LINK_ID, status: "Unpaid", amount: "10.00" }, transactions: [] },
    ])
    const details = await makeClient().paymentLinks.retrieve(LINK_ID)
    expect(scope.isDone()).toBe(true)
    expect(details.payment_link).toEqual({ id: LINK_ID, status: "Unpaid", amount: "10.00", is_expired: false })
    expect(details.pagination.next).toBe(false)
    expect(details.transactions).toEqual([])
  })

  it("reads a transaction of only id, status and amount: no refunds", async () => {
    const body = {
      payment_link: { id: LINK_ID, status: "Paid", amount: "10.00" },
      transactions: [{ id: TRANSACTION_ID, status: "success", amount: "10.00000" }],
    }
    intercept("POST", DETAILS, [200, body])
    const [trx] = (await makeClient().paymentLinks.retrieve(LINK_ID)).transactions
    expect(trx).toEqual({ id: TRANSACTION_ID, status: "success", amount: "10.00", refunded_amount: "0.00", refund_tracker: [] })
  })

  it("keeps unknown fields and new statuses of the link and its transactions", async () => {
    const body = {
      payment_link: paymentLink({ ...EXTRA, status: "Suspended" }),
      transactions: [transaction({ ...EXTRA, status: "chargeback", payment_option: "Wallet", paymentBrand: "UNIONPAY" })],
      pagination: { next: false, cursor: "abc" },
      ...EXTRA,
    }
    intercept("POST", DETAILS, [200, body])
    const details = await makeClient().paymentLinks.retrieve(LINK_ID)
    expect(details).toMatchObject(EXTRA)
    expect(details.payment_link).toMatchObject({ ...EXTRA, status: "Suspended" })
    expect(details.transactions[0]).toMatchObject({
      ...EXTRA,
      status: "chargeback",
      payment_option: "Wallet",
      paymentBrand: "UNIONPAY",
    })
    expect(details.pagination).toMatchObject({ next: false, cursor: "abc" })
  })

  it("reads the spelled-out bank decisions and refund statuses as their letters", async () => {
    const body = {
      payment_link: paymentLink(),
      transactions: [
        transaction({
          installment_tracker: { status: "Rejected" },
          refund_tracker: [
            { id: "r1", status: "Settled", amount: "1.00", rrn: "1" },
            { id: "r2", status: "pending", amount: "2.00" },
            { id: "r3", status: "F", amount: "3.00" },
          ],
        }),
      ],
    }
    intercept("POST", DETAILS, [200, body])
    const [trx] = (await makeClient().paymentLinks.retrieve(LINK_ID)).transactions
    expect(trx.installment_tracker?.status).toBe("R")
    expect(trx.refund_tracker.map((entry) => [entry.status, entry.rrn])).toEqual([
      ["R", "1"],
      ["P", null],
      ["F", null],
    ])
  })

  it("reads a missing refunded_amount as the sum of the refund tracker", async () => {
    const refunds = [
      { id: "r1", status: "R", amount: "100.005", rrn: "1" },
      { id: "r2", status: "P", amount: "50.10" },
    ]
    intercept("POST", DETAILS, [
      200,
      { payment_link: paymentLink(), transactions: [transaction({ refunded_amount: undefined, refund_tracker: refunds })] },
    ])
    const [trx] = (await makeClient().paymentLinks.retrieve(LINK_ID)).transactions
    expect(trx.refunded_amount).toBe("150.11")
  })

  it("pages on `next` alone, counting pages itself", async () => {
    const page = (id: string, next?: boolean) => ({
      payment_link: { id: LINK_ID, status: "Paid", amount: "10.00" },
      transactions: [{ id, status: "fail", amount: "10.00" }],
      ...(next === undefined ? {} : { pagination: { next } }),
    })
    const ids = ["0b8a6c9e-1111-4a4a-8a8a-000000000001", "0b8a6c9e-1111-4a4a-8a8a-000000000002"]
    const { scope, calls } = intercept("POST", DETAILS, [200, page(ids[0], true)], [200, page(ids[1])])
    const details = await makeClient().paymentLinks.retrieveAll(LINK_ID, { pageSize: 1 })
    expect(scope.isDone()).toBe(true)
    expect(calls.map((call) => call.body)).toEqual([
      { page: 1, page_size: 1 },
      { page: 2, page_size: 1 },
    ])
    expect(details.transactions.map((t) => t.id)).toEqual(ids)
  })
})

describe("payment link list (endpoint 4)", () => {
  it("reads records of only the link id", async () => {
    intercept("POST", LIST, [200, { total: 1, data: [{ payment_link_id: LINK_ID }] }])
    expect(await makeClient().paymentLinks.list(STORE_ID)).toEqual({ total: 1, data: [{ payment_link_id: LINK_ID }] })
  })

  it("keeps unknown fields and a new status", async () => {
    intercept("POST", LIST, [200, { total: 1, page: 1, limit: 20, data: [listRecord({ ...EXTRA, status: "Archived" })], ...EXTRA }])
    const list = await makeClient().paymentLinks.list(STORE_ID)
    expect(list).toMatchObject(EXTRA)
    expect(list.data[0]).toMatchObject({ ...EXTRA, status: "Archived", amount: "1200.00" })
  })

  it("still needs the total and each record's link id", async () => {
    intercept("POST", LIST, [200, { data: [] }], [200, { total: 1, data: [{ status: "Paid" }] }])
    expect((await rejection(makeClient().paymentLinks.list(STORE_ID), ProtocolError)).message).toContain("total")
    expect((await rejection(makeClient().paymentLinks.list(STORE_ID), ProtocolError)).message).toContain("data.0.payment_link_id")
  })
})

describe("resolve (endpoint 5)", () => {
  it("reads an answer of only status and link id: no banks, no tenures", async () => {
    intercept("POST", RESOLVE, [200, { status: "valid", payment_link_id: LINK_ID }])
    expect(await makeClient().paymentLinks.resolve(LINK_ID)).toEqual({
      status: "valid",
      payment_link_id: LINK_ID,
      supported_banks: [],
      installment_tenures: [],
    })
  })

  it("keeps unknown fields", async () => {
    intercept("POST", RESOLVE, [200, { status: "valid", payment_link_id: LINK_ID, ...EXTRA }])
    expect(await makeClient().paymentLinks.resolve(LINK_ID)).toMatchObject(EXTRA)
  })
})

describe("transaction details (endpoint 6)", () => {
  it("reads a transaction of only id, status and amount", async () => {
    intercept("GET", READ, [200, { id: TRANSACTION_ID, status: "pending", amount: 99.5 }])
    expect(await makeClient().transactions.retrieve(TRANSACTION_ID)).toEqual({
      id: TRANSACTION_ID,
      status: "pending",
      amount: "99.50",
      refunded_amount: "0.00",
      refund_tracker: [],
    })
  })

  it("reads a refunded transaction from its tracker: the entries' id, status and amount", async () => {
    const body = {
      id: TRANSACTION_ID,
      status: "refunded",
      amount: "10.00",
      refund_tracker: [{ id: "r1", status: "P", amount: "10.00" }],
    }
    intercept("GET", READ, [200, body])
    const trx = await makeClient().transactions.retrieve(TRANSACTION_ID)
    expect(trx.refunded_amount).toBe("10.00")
    expect(trx.refund_tracker).toEqual([{ id: "r1", status: "P", amount: "10.00", rrn: null }])
  })

  it("keeps unknown fields on the transaction, its trackers and entries, and a new status", async () => {
    const body = transaction({
      ...EXTRA,
      status: "on_hold",
      installment_tracker: { id: "LF-1", status: "A", message: "ok", ...EXTRA },
      refund_tracker: [{ id: "r1", status: "R", amount: "1.00", rrn: "9", ...EXTRA }],
    })
    intercept("GET", READ, [200, body])
    const trx = await makeClient().transactions.retrieve(TRANSACTION_ID)
    expect(trx).toMatchObject({ ...EXTRA, status: "on_hold" })
    expect(trx.installment_tracker).toMatchObject(EXTRA)
    expect(trx.refund_tracker[0]).toMatchObject(EXTRA)
  })
})

describe("refund (endpoint 7)", () => {
  it("reads an acceptance of only the gateway reference", async () => {
    intercept("POST", REFUND_PATH, [200, { key: "RF-1" }])
    const accepted = await makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 5 }, { idempotencyKey: "k1" })
    expect(accepted).toEqual({ key: "RF-1", idempotency_key: "k1" })
  })

  it("keeps unknown fields", async () => {
    intercept("POST", REFUND_PATH, [200, { status: "queued", key_type: "RefundReference", key: "RF-2", ...EXTRA }])
    expect(await makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 5 })).toMatchObject({ ...EXTRA, status: "queued" })
  })
})

describe("statement (endpoint 8)", () => {
  const summary = { total_gross_sales: 100, total_fees: 2, total_vat: 0.3, total_refunds: 0, net_payout_amount: 97.7 }

  it("reads a statement of only its summary: currency SAR, no settlements", async () => {
    intercept("POST", STATEMENTS, [200, { summary }])
    expect(await makeClient().reports.statements(statementWindow)).toEqual({
      currency: "SAR",
      summary: {
        total_gross_sales: "100.00",
        total_fees: "2.00",
        total_vat: "0.30",
        total_refunds: "0.00",
        net_payout_amount: "97.70",
      },
      settlements: [],
    })
  })

  it("keeps unknown fields and a new settlement status", async () => {
    const settlement = { settlement_id: "s1", net_amount: 97.7, status: "reversed", ...EXTRA }
    intercept("POST", STATEMENTS, [200, { summary: { ...summary, ...EXTRA }, settlements: [settlement], ...EXTRA }])
    const report = await makeClient().reports.statements(statementWindow)
    expect(report).toMatchObject(EXTRA)
    expect(report.summary).toMatchObject(EXTRA)
    expect(report.settlements[0]).toMatchObject({ ...EXTRA, status: "reversed", net_amount: "97.70" })
  })

  it("still needs every summary amount", async () => {
    intercept("POST", STATEMENTS, [200, { summary: { ...summary, net_payout_amount: undefined } }])
    expect((await rejection(makeClient().reports.statements(statementWindow), ProtocolError)).message).toContain(
      "summary.net_payout_amount"
    )
  })
})

describe("webhook registration (endpoint 9)", () => {
  const registration = {
    webhook_endpoint: { id: 7, url: "https://shop.example.sa/hooks" },
    api_key: { prefix: "whk_1", public_key: "-----BEGIN PUBLIC KEY-----\n...\n-----END PUBLIC KEY-----" },
  }
  const request = { url: "https://shop.example.sa/hooks", event_type_names: ["order.success" as const] }

  it("reads an answer of the endpoint id and URL and the key's prefix and PEM", async () => {
    intercept("POST", REGISTER, [201, registration])
    expect(await makeClient().webhooks.register(request)).toEqual({
      webhook_endpoint: { id: "7", url: "https://shop.example.sa/hooks", event_type_names: [] },
      api_key: registration.api_key,
    })
  })

  it("keeps unknown fields", async () => {
    intercept("POST", REGISTER, [201, { ...registration, ...EXTRA, api_key: { ...registration.api_key, ...EXTRA } }])
    const result = await makeClient().webhooks.register(request)
    expect(result).toMatchObject(EXTRA)
    expect(result.api_key).toMatchObject(EXTRA)
  })

  it("still needs the public key, naming it", async () => {
    intercept("POST", REGISTER, [201, { ...registration, api_key: { prefix: "whk_1" } }])
    expect((await rejection(makeClient().webhooks.register(request), ProtocolError)).message).toContain("api_key.public_key")
  })
})

describe("fields the code acts on are never read as absent", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["link metadata that is not an object (it holds the session id)", { metadata: "payses_1" }, "payment_link.metadata"],
    ["is_expired that is not a boolean", { is_expired: "yes" }, "payment_link.is_expired"],
  ])("a link with %s is a ProtocolError naming it", async (_label, link, field) => {
    intercept("POST", DETAILS, [200, { payment_link: paymentLink(link), transactions: [] }])
    expect((await rejection(makeClient().paymentLinks.retrieve(LINK_ID), ProtocolError)).message).toContain(field)
  })

  it("a refunded_amount that is not an amount is a ProtocolError naming it", async () => {
    intercept("GET", READ, [200, transaction({ refunded_amount: "lots" })])
    expect((await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), ProtocolError)).message).toContain("refunded_amount")
  })
})
