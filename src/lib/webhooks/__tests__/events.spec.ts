import { createHash } from "node:crypto"
import { EVENT_NAMES } from "../../client/schemas/webhooks"
import { WebhookVerificationError } from "../errors"
import {
  BODY_DIGEST_ID_PREFIX,
  TRANSACTION_EVENT_NAMES,
  bodyDigestId,
  isKnownWebhookEvent,
  linkIdOf,
  parseWebhookBody,
  parseWebhookEvent,
  type WebhookEvent,
} from "../events"
import { EVENT_ID, LINK_ID, LINK_METADATA, TRANSACTION_ID, linkExpiredEvent, modalClosedEvent, orderEvent } from "./fixtures"

function malformed(json: unknown): WebhookVerificationError {
  try {
    parseWebhookEvent(json)
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError)
    expect((error as WebhookVerificationError).reason).toBe("malformed_payload")
    return error as WebhookVerificationError
  }
  throw new Error("expected parseWebhookEvent to throw")
}

function known(json: unknown, rawBody?: Buffer): WebhookEvent {
  const event = parseWebhookEvent(json, rawBody)
  if (!isKnownWebhookEvent(event)) throw new Error(`expected a known event, got ${event.event}`)
  return event
}

describe("parseWebhookEvent", () => {
  it("parses order.success: its id, the link id and metadata; the transaction's fields kept as sent", () => {
    const event = known(orderEvent("order.success"))
    expect(event.event).toBe("order.success")
    expect(event.id).toBe(EVENT_ID)
    if (event.event !== "order.success") throw new Error("narrowing")
    expect(event.data.id).toBe(TRANSACTION_ID)
    expect(event.data.payment_link_id).toBe(LINK_ID)
    expect(event.data.metadata).toEqual(LINK_METADATA)
    // A hint only (D19): the amounts are re-read from the service, so they are not rewritten here.
    expect(event.data.amount).toBe("1200.00000")
    expect(event.data.installment_tracker).toEqual({ id: "LF-2026-000123", status: "A", message: "Loan facility approved" })
    expect(linkIdOf(event)).toBe(LINK_ID)
  })

  it.each(TRANSACTION_EVENT_NAMES)("parses %s with transaction data", (name) => {
    const event = known(orderEvent(name))
    expect(event.event).toBe(name)
    expect(event.data).toMatchObject({ id: TRANSACTION_ID, payment_link_id: LINK_ID })
  })

  it("covers every event name of the interface", () => {
    const covered = [...TRANSACTION_EVENT_NAMES, "payment_link.expired", "modal.closed"].sort()
    expect(covered).toEqual([...EVENT_NAMES].sort())
  })

  it("parses order.updated with the transaction id the refund ledger re-reads", () => {
    const event = known(
      orderEvent("order.updated", {
        status: "partially refunded",
        refunded_amount: "200.00000",
        refund_tracker: [{ id: "rf_1", status: "P", amount: "200.00000", rrn: null, idempotency_key: "idem-1" }],
      })
    )
    if (event.event !== "order.updated") throw new Error("narrowing")
    expect(event.data.id).toBe(TRANSACTION_ID)
    expect(event.data.status).toBe("partially refunded")
    expect(event.data.refund_tracker).toEqual([expect.objectContaining({ status: "P", amount: "200.00000", rrn: null })])
  })

  it("parses payment_link.expired with the payment link; the link id is data.id", () => {
    const event = known(linkExpiredEvent())
    if (event.event !== "payment_link.expired") throw new Error("narrowing")
    expect(event.data).toMatchObject({ id: LINK_ID, status: "Expired", amount: "750.00000", is_expired: true })
    expect(linkIdOf(event)).toBe(LINK_ID)
  })

  it("parses modal.closed with the link id and metadata", () => {
    expect(parseWebhookEvent(modalClosedEvent())).toEqual({
      id: EVENT_ID,
      event: "modal.closed",
      created_at: "2026-01-15T07:19:02+00:00",
      data: { payment_link_id: LINK_ID, metadata: LINK_METADATA },
    })
  })

  it("keeps unknown fields at every level, and reads modal.closed without metadata", () => {
    const event = known({
      ...modalClosedEvent(),
      api_version: "2026-01",
      data: { payment_link_id: LINK_ID, reason: "user_cancelled" },
    })
    expect(event).toMatchObject({ api_version: "2026-01", data: { payment_link_id: LINK_ID, reason: "user_cancelled" } })
    expect(event.data.metadata).toBeUndefined()
    expect(known(orderEvent("order.success", { new_field: { nested: true } })).data).toMatchObject({ new_field: { nested: true } })
  })

  describe("minimal deliveries: only the event name and the link id are required", () => {
    it.each(TRANSACTION_EVENT_NAMES.filter((name) => name !== "order.updated"))("%s with data { payment_link_id }", (name) => {
      const event = known({ event: name, data: { payment_link_id: LINK_ID } })
      expect(event.event).toBe(name)
      expect(linkIdOf(event)).toBe(LINK_ID)
      expect(event.id).toMatch(/^sha256:[0-9a-f]{64}$/)
    })

    it("order.success with an id like evt_1 and a transaction of only id, status and amount", () => {
      const event = known({
        id: "evt_1",
        event: "order.success",
        data: { id: TRANSACTION_ID, status: "success", amount: "10.00", payment_link_id: LINK_ID },
      })
      expect(event.id).toBe("evt_1")
      expect(event.data).toEqual({ id: TRANSACTION_ID, status: "success", amount: "10.00", payment_link_id: LINK_ID })
    })

    it("order.updated with data { id } (the transaction), its link id optional", () => {
      const event = known({ event: "order.updated", data: { id: TRANSACTION_ID } })
      if (event.event !== "order.updated") throw new Error("narrowing")
      expect(event.data.id).toBe(TRANSACTION_ID)
      expect(linkIdOf(event)).toBeUndefined()
    })

    it("payment_link.expired with data { id }", () => {
      expect(linkIdOf(known({ event: "payment_link.expired", data: { id: LINK_ID } }))).toBe(LINK_ID)
    })

    it("modal.closed with data { payment_link_id }", () => {
      expect(linkIdOf(known({ event: "modal.closed", data: { payment_link_id: LINK_ID } }))).toBe(LINK_ID)
    })

    it("informational fields of an unexpected type are read as absent, not refused", () => {
      const event = known({
        id: "x",
        event: "order.failed",
        created_at: 17,
        data: { payment_link_id: LINK_ID, metadata: "n/a", status: 3 },
      })
      expect(event.created_at).toBeUndefined()
      expect(event.data.metadata).toBeUndefined()
      expect(event.data.status).toBeUndefined()
    })
  })

  describe("event ids", () => {
    it.each([
      ["a UUID without prefix", "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f", "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"],
      ["a short string", "evt_1", "evt_1"],
      ["unicode", "حدث-٧", "حدث-٧"],
      ["a number", 12345, "12345"],
      ["surrounding spaces", "  evt_2 ", "evt_2"],
    ])("takes %s as the id", (_label, id, expected) => {
      expect(parseWebhookEvent({ ...modalClosedEvent(), id }).id).toBe(expected)
    })

    it.each([
      ["absent", undefined],
      ["null", null],
      ["empty", ""],
      ["blank", "   "],
    ])("keys a delivery whose id is %s on the SHA-256 of its raw body", (_label, id) => {
      const json = { ...modalClosedEvent(), id }
      const raw = Buffer.from(JSON.stringify(json))
      const event = parseWebhookEvent(json, raw)
      expect(event.id).toBe(bodyDigestId(raw))
      expect(event.id).toBe(`${BODY_DIGEST_ID_PREFIX}${createHash("sha256").update(raw).digest("hex")}`)
    })

    it("gives two different bodies without id two different keys, and the same body the same key", () => {
      const { id: _id, ...withoutId } = orderEvent()
      const one = Buffer.from(JSON.stringify(withoutId))
      const other = Buffer.from(JSON.stringify({ ...withoutId, created_at: "2026-01-15T07:21:35.000Z" }))
      expect(parseWebhookBody(one).id).toBe(parseWebhookBody(Buffer.from(one)).id)
      expect(parseWebhookBody(one).id).not.toBe(parseWebhookBody(other).id)
    })

    it("digests the JSON text when no raw body is given", () => {
      const { id: _id, ...withoutId } = orderEvent()
      expect(parseWebhookEvent(withoutId).id).toBe(bodyDigestId(Buffer.from(JSON.stringify(withoutId))))
    })

    it("refuses an id that is neither a string nor a number, naming it", () => {
      expect(malformed({ ...orderEvent(), id: { nested: 1 } }).issues).toEqual([{ path: "id", code: "invalid_union" }])
    })
  })

  describe("event names the interface does not list", () => {
    it("are returned as unknown events (to acknowledge and ignore), with their dedupe id", () => {
      const event = parseWebhookEvent({ id: "evt_9", event: "order.exploded", data: { anything: true } })
      expect(event).toEqual({ id: "evt_9", event: "order.exploded" })
      expect(isKnownWebhookEvent(event)).toBe(false)
    })

    it("need no data at all", () => {
      expect(isKnownWebhookEvent(parseWebhookEvent({ event: "payout.sent" }))).toBe(false)
    })

    it("are matched exactly: another case is another event", () => {
      expect(isKnownWebhookEvent(parseWebhookEvent({ event: "ORDER.SUCCESS", data: {} }))).toBe(false)
    })
  })

  it("refuses a delivery without an event name, naming it", () => {
    const { event: _event, ...withoutName } = orderEvent()
    expect(malformed(withoutName).issues).toEqual([{ path: "event", code: "invalid_type" }])
    expect(malformed({ ...orderEvent(), event: "" }).issues).toEqual([{ path: "event", code: "too_small" }])
  })

  it("parses data with the schema its event names, not any schema that fits", () => {
    const error = malformed({ ...linkExpiredEvent(), event: "order.success" })
    expect(error.issues).toEqual([{ path: "data.payment_link_id", code: "invalid_type" }])
    expect(malformed({ ...modalClosedEvent(), event: "payment_link.expired" }).issues).toEqual([
      { path: "data.id", code: "invalid_type" },
    ])
    expect(malformed({ ...orderEvent("order.updated"), data: { payment_link_id: LINK_ID } }).issues).toEqual([
      { path: "data.id", code: "invalid_type" },
    ])
  })

  it.each(["order.failed", "order.created", "modal.closed"])("requires payment_link_id on %s", (name) => {
    const error = malformed({ event: name, data: { payment_link_id: null } })
    expect(error.issues).toEqual([{ path: "data.payment_link_id", code: "invalid_type" }])
    expect(error.message).toContain("data.payment_link_id")
  })

  it("requires data itself on a known event", () => {
    expect(malformed({ event: "order.success" }).issues).toEqual([{ path: "data", code: "invalid_type" }])
  })

  it("names paths but never quotes the offending values", () => {
    const error = malformed(orderEvent("order.success", { payment_link_id: "SECRET-NOT-A-UUID" }))
    expect(error.issues).toEqual([{ path: "data.payment_link_id", code: "invalid_format" }])
    expect(error.message).toContain("data.payment_link_id")
    expect(error.message).not.toContain("SECRET")
  })

  it.each([null, "a string", 42, [orderEvent()]])("rejects a non-object payload (%p)", (json) => {
    expect(malformed(json).message).toMatch(/invalid fields: /)
  })

  it("labels root-level issues", () => {
    expect(malformed(null).issues![0].path).toBe("(root)")
  })
})
