import { AuthenticationError, NotFoundError, ProtocolError, RefundRejectedError, ValidationError } from ".."
import type { RefundRejectionReason } from ".."
import {
  LINK_ID,
  PUBLIC_KEY,
  REFUND_PATH,
  SECRET,
  TRANSACTION_ID,
  intercept,
  localRefusal,
  makeClient,
  rejection,
  sleepCalls,
  transaction,
  tripwire,
  useNock,
} from "./helpers"

useNock()

const READ = `/transactions/${TRANSACTION_ID}`
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const accepted = { status: "success", key_type: "RefundReference", key: "RF-20260302-000731" }

describe("transactions.retrieve (endpoint 6)", () => {
  it("sends GET with Accept and no body headers, and reads every amount exactly", async () => {
    const body = transaction({
      status: "partially refunded",
      installment_duration: 12,
      refunded_amount: "200.50000",
      refund_tracker: [
        {
          id: "rt_1",
          status: "R",
          amount: "150.50000",
          gateway_transaction_id: "gw_77",
          gateway_key_type: "RefundReference",
          rrn: "402113000731",
          idempotency_key: "0d9b6c52-1f1a-4c1e-9e8f-6a2b3c4d5e6f",
          order_refund_id: "or_1",
        },
        {
          id: "rt_2",
          status: "P",
          amount: "50",
          gateway_transaction_id: "gw_78",
          gateway_key_type: "RefundReference",
          rrn: null,
          idempotency_key: "1e0c7d63-2a2b-4d2f-8f90-7b3c4d5e6f70",
          order_refund_id: "or_2",
        },
      ],
    })
    const { scope, calls } = intercept("GET", READ, [200, body])
    const trx = await makeClient().transactions.retrieve(TRANSACTION_ID)

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("GET")
    expect(calls[0].path).toBe(READ)
    expect(calls[0].headers.authorization).toBe(SECRET)
    expect(calls[0].headers["x-service-key"]).toBe(PUBLIC_KEY)
    expect(calls[0].headers.accept).toBe("application/json")
    expect(calls[0].headers["content-type"]).toBeUndefined()
    expect(calls[0].headers["idempotency-key"]).toBeUndefined()

    expect(trx).toMatchObject({
      id: TRANSACTION_ID,
      status: "partially refunded",
      is_refundable: true,
      amount: "1200.00",
      payment_amount: "1200.00",
      refunded_amount: "200.50",
      service_fee: "31.00",
      service_tax_vat: "4.65",
      merchant_payout: "1164.35",
      brand_percentage: "2.50",
      payment_option: "Installment",
      bank_name: "RAJHI",
      installment_duration: "12",
      installment_tracker: { id: "LF-20260302-0042", status: "A", message: "Approved" },
      payment_link_id: LINK_ID,
      order_details: { order_id: "1042", payment_link_metadata: { cart_id: "cart_01" } },
    })
    expect(trx.refund_tracker.map((entry) => [entry.status, entry.amount, entry.rrn])).toEqual([
      ["R", "150.50", "402113000731"],
      ["P", "50.00", null],
    ])
  })

  it("reads a pay-in-full transaction without installment data", async () => {
    const body = transaction({
      payment_option: "Pay In Full",
      bank_name: null,
      installment_duration: null,
      installment_status: null,
      installment_tracker: null,
      refund_tracker: undefined,
    })
    const { scope } = intercept("GET", READ, [200, body])
    const trx = await makeClient().transactions.retrieve(TRANSACTION_ID)
    expect(scope.isDone()).toBe(true)
    expect(trx.payment_option).toBe("Pay In Full")
    expect(trx.installment_tracker).toBeNull()
    expect(trx.refund_tracker).toEqual([])
  })

  it("404 {detail: Not found.} is a NotFoundError (D6)", async () => {
    const { scope } = intercept("GET", READ, [404, { detail: "Not found." }])
    const error = await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), NotFoundError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status: 404, code: "not_found", serviceMessage: "Not found.", endpoint: `GET ${READ}` })
  })

  it("401 is an AuthenticationError", async () => {
    const { scope } = intercept("GET", READ, [401, { detail: "Invalid token." }])
    const error = await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), AuthenticationError)
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({ status: 401, code: "authentication_failed", serviceMessage: "Invalid token." })
  })

  it.each<[string, unknown, string]>([
    ["no status", transaction({ status: undefined }), "status"],
    ["no amount", transaction({ amount: undefined }), "amount"],
    [
      "refunds but no refund tracker",
      transaction({ status: "partially refunded", refunded_amount: "10.00", refund_tracker: undefined }),
      "refund_tracker",
    ],
    ["a tracker entry without its amount", transaction({ refund_tracker: [{ id: "rt", status: "P" }] }), "refund_tracker.0.amount"],
    ["an installment tracker that is not an object", transaction({ installment_tracker: "R" }), "installment_tracker"],
  ])("a body with %s is a ProtocolError naming the field", async (_label, body, field) => {
    const { scope } = intercept("GET", READ, [200, body])
    const error = await rejection(makeClient().transactions.retrieve(TRANSACTION_ID), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain(field)
  })

  it.each(["../x", "trx_1", `${TRANSACTION_ID}/../../payment_links`])("refuses the id %p locally", async (id) => {
    const wire = tripwire()
    await localRefusal(makeClient().transactions.retrieve(id), "transaction_id", /UUID/)
    expect(wire.requests()).toBe(0)
  })
})

describe("transactions.refund (endpoint 7)", () => {
  it("posts to the path with its trailing slash, with the key and a JSON-number amount", async () => {
    const { scope, calls } = intercept("POST", REFUND_PATH, [200, accepted])
    const refund = await makeClient().transactions.refund(
      TRANSACTION_ID,
      { refund_amount: "1200.50", reason: "customer returned item", metadata: { rma: "R-17" } },
      { idempotencyKey: "refund-order-1042-1" }
    )

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(REFUND_PATH)
    expect(calls[0].headers.authorization).toBe(SECRET)
    expect(calls[0].headers["x-service-key"]).toBe(PUBLIC_KEY)
    expect(calls[0].headers["content-type"]).toBe("application/json")
    expect(calls[0].headers["idempotency-key"]).toBe("refund-order-1042-1")
    expect(calls[0].body).toEqual({ refund_amount: 1200.5, reason: "customer returned item", metadata: { rma: "R-17" } })
    expect(refund).toEqual({ ...accepted, idempotency_key: "refund-order-1042-1" })
  })

  it("generates a fresh UUID key when none is given and returns it", async () => {
    const { scope, calls } = intercept("POST", REFUND_PATH, [200, accepted], [200, accepted])
    const client = makeClient()
    const first = await client.transactions.refund(TRANSACTION_ID, { refund_amount: 10 })
    const second = await client.transactions.refund(TRANSACTION_ID, { refund_amount: 10 })

    expect(scope.isDone()).toBe(true)
    expect(first.idempotency_key).toMatch(UUID_V4)
    expect(calls[0].headers["idempotency-key"]).toBe(first.idempotency_key)
    expect(calls[1].headers["idempotency-key"]).toBe(second.idempotency_key)
    expect(second.idempotency_key).not.toBe(first.idempotency_key)
    expect(calls[0].body).toEqual({ refund_amount: 10 })
  })

  describe("Errors table", () => {
    const cases: Array<[string, number, Record<string, unknown>, RefundRejectionReason]> = [
      [
        "exceeds the remaining balance",
        400,
        { message: "Maximum amount to be refunded is 150.5", validation_errors: [], fields_errors: [] },
        "exceeds_balance",
      ],
      [
        "merchant balance cannot cover it",
        400,
        {
          message: "Insufficient balance to initiate any refund",
          validation_errors: [{ Name: "Supplier", Error: "Supplier Example Store has insufficient balance" }],
          fields_errors: [],
        },
        "insufficient_merchant_balance",
      ],
      [
        "a previous refund is still processing",
        400,
        {
          message: "The transaction is already under processing!",
          validation_errors: [{ Name: "Key", Error: "The transaction is already under processing!" }],
          fields_errors: [],
        },
        "already_processing",
      ],
      ["unknown or another merchant's transaction", 403, { detail: "You are not allowed to refund this transaction" }, "not_allowed"],
      ["outside the refund window", 403, { detail: "This transaction is not refundable" }, "not_refundable"],
    ]

    it.each(cases)("%s -> RefundRejectedError %#", async (_label, status, body, reason) => {
      // maxRetries 0: the transient "already under processing" row must surface, not be retried here.
      const { scope, calls } = intercept("POST", REFUND_PATH, [status, body])
      const client = makeClient({ maxRetries: 0 })
      const error = await rejection(client.transactions.refund(TRANSACTION_ID, { refund_amount: 200 }), RefundRejectedError)

      expect(scope.isDone()).toBe(true)
      expect(calls).toHaveLength(1)
      expect(error.reason).toBe(reason)
      expect(error.code).toBe(reason)
      expect(error.status).toBe(status)
      expect(error.serviceMessage).toBe(body.message ?? body.detail)
      expect(error.endpoint).toBe(`POST ${REFUND_PATH}`)
      expect(error.body).toEqual(body)
      expect(error.maxRefundable).toBe(reason === "exceeds_balance" ? "150.50" : undefined)
      expect(error.toJSON()).toMatchObject({ reason, status })
    })

    it.each<[string, string]>([
      ["Maximum amount to be refunded is 150.5", "150.50"],
      ["Maximum amount to be refunded is 150", "150.00"],
      ["Maximum amount to be refunded is 0.5", "0.50"],
      ["Maximum amount to be refunded is 1049.99000", "1049.99"],
      ["maximum amount to be refunded is 20.00.", "20.00"],
    ])("reads maxRefundable from %p", async (message, max) => {
      const { scope } = intercept("POST", REFUND_PATH, [400, { message, validation_errors: [], fields_errors: [] }])
      const error = await rejection(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 5000 }), RefundRejectedError)
      expect(scope.isDone()).toBe(true)
      expect(error.maxRefundable).toBe(max)
      expect(error.message).toContain(max)
    })

    it("an exceeded balance is final: never retried", async () => {
      const { scope, calls } = intercept("POST", REFUND_PATH, [400, { message: "Maximum amount to be refunded is 1.0" }])
      const client = makeClient({ maxRetries: 3 })
      await rejection(client.transactions.refund(TRANSACTION_ID, { refund_amount: 2 }), RefundRejectedError)
      expect(scope.isDone()).toBe(true)
      expect(calls).toHaveLength(1)
      expect(sleepCalls(client)).toEqual([])
    })

    it("reads validation_errors names in any case", async () => {
      const body = { message: "Insufficient balance", validation_errors: [{ name: "supplier", error: "low" }, null, "x"] }
      intercept("POST", REFUND_PATH, [400, body])
      const error = await rejection(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 2 }), RefundRejectedError)
      expect(error.reason).toBe("insufficient_merchant_balance")
    })

    it("a 400 of another kind stays a ValidationError", async () => {
      const body = { message: "refund_amount is required", validation_errors: [], fields_errors: [{ Name: "refund_amount" }] }
      const { scope } = intercept("POST", REFUND_PATH, [400, body])
      const error = await rejection(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 2 }), ValidationError)
      expect(scope.isDone()).toBe(true)
      expect(error).toMatchObject({ status: 400, code: "invalid_request", serviceMessage: "refund_amount is required", body })
    })

    it("401 is an AuthenticationError", async () => {
      const { scope } = intercept("POST", REFUND_PATH, [401, { detail: "Authentication credentials were not provided." }])
      const error = await rejection(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 2 }), AuthenticationError)
      expect(scope.isDone()).toBe(true)
      expect(error.status).toBe(401)
    })
  })

  it("a 2xx body without the refund key is a ProtocolError", async () => {
    const { scope } = intercept("POST", REFUND_PATH, [200, { status: "success", key_type: "RefundReference" }])
    const error = await rejection(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 2 }), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.message).toMatch(/\bkey\b/)
  })

  describe("refused locally before sending", () => {
    it.each<[string, unknown, RegExp]>([
      ["zero", 0, /greater than 0/],
      ["negative", -1, /greater than 0/],
      ["3 decimals", "10.005", /at most 2 decimal places/],
      ["0.1 + 0.2", 0.1 + 0.2, /at most 2 decimal places/],
      ["NaN", Number.NaN, /at most 2 decimal places/],
      ["missing", undefined, /.+/],
    ])("refund_amount %s", async (_label, amount, rule) => {
      const wire = tripwire()
      await localRefusal(makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: amount as number }), "refund_amount", rule)
      expect(wire.requests()).toBe(0)
    })

    it("a reason over 500 characters", async () => {
      const wire = tripwire()
      await localRefusal(
        makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 1, reason: "r".repeat(501) }),
        "reason",
        /500/
      )
      expect(wire.requests()).toBe(0)
    })

    it.each(["", "has space", "k".repeat(256), "ключ", "line\nbreak"])("the idempotency key %p", async (idempotencyKey) => {
      const wire = tripwire()
      await localRefusal(
        makeClient().transactions.refund(TRANSACTION_ID, { refund_amount: 1 }, { idempotencyKey }),
        "idempotencyKey",
        /visible ASCII/
      )
      expect(wire.requests()).toBe(0)
    })

    it.each(["../x", "not-a-uuid", `${TRANSACTION_ID}/..`])("the transaction id %p", async (id) => {
      const wire = tripwire()
      await localRefusal(makeClient().transactions.refund(id, { refund_amount: 1 }), "transaction_id", /UUID/)
      expect(wire.requests()).toBe(0)
    })
  })
})
