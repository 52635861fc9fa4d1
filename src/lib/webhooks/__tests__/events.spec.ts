import { EVENT_NAMES } from "../../client/schemas/webhooks"
import { WebhookVerificationError } from "../errors"
import { TRANSACTION_EVENT_NAMES, parseWebhookEvent } from "../events"
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

describe("parseWebhookEvent", () => {
  it("parses order.success with the transaction, its link id and metadata, amounts normalized", () => {
    const event = parseWebhookEvent(orderEvent("order.success"))
    expect(event.event).toBe("order.success")
    expect(event.id).toBe(EVENT_ID)
    if (event.event !== "order.success") throw new Error("narrowing")
    expect(event.data.id).toBe(TRANSACTION_ID)
    expect(event.data.payment_link_id).toBe(LINK_ID)
    expect(event.data.metadata).toEqual(LINK_METADATA)
    expect(event.data.amount).toBe("1200.00")
    expect(event.data.merchant_payout).toBe("1164.35")
    expect(event.data.installment_tracker).toEqual({ id: "LF-2026-000123", status: "A", message: "Loan facility approved" })
  })

  it.each(TRANSACTION_EVENT_NAMES)("parses %s with transaction data", (name) => {
    const event = parseWebhookEvent(orderEvent(name))
    expect(event.event).toBe(name)
    expect(event.data).toMatchObject({ id: TRANSACTION_ID, payment_link_id: LINK_ID })
  })

  it("covers every event name of the interface", () => {
    const covered = [...TRANSACTION_EVENT_NAMES, "payment_link.expired", "modal.closed"].sort()
    expect(covered).toEqual([...EVENT_NAMES].sort())
  })

  it("parses order.updated with a pending refund tracker entry", () => {
    const event = parseWebhookEvent(
      orderEvent("order.updated", {
        status: "partially refunded",
        refunded_amount: "200.00000",
        refund_tracker: [
          { id: "rf_1", status: "P", amount: "200.00000", rrn: null, idempotency_key: "idem-1" },
        ],
      })
    )
    if (event.event !== "order.updated") throw new Error("narrowing")
    expect(event.data.status).toBe("partially refunded")
    expect(event.data.refund_tracker).toEqual([expect.objectContaining({ status: "P", amount: "200.00", rrn: null })])
  })

  it("parses payment_link.expired with a payment link", () => {
    const event = parseWebhookEvent(linkExpiredEvent())
    if (event.event !== "payment_link.expired") throw new Error("narrowing")
    expect(event.data).toMatchObject({ id: LINK_ID, status: "Expired", amount: "750.00", is_expired: true })
  })

  it("parses modal.closed with the link id and metadata", () => {
    const event = parseWebhookEvent(modalClosedEvent())
    expect(event).toEqual({
      id: EVENT_ID,
      event: "modal.closed",
      created_at: "2026-01-15T07:19:02+00:00",
      data: { payment_link_id: LINK_ID, metadata: LINK_METADATA },
    })
  })

  it("accepts modal.closed without metadata and tolerates extra fields everywhere", () => {
    const event = parseWebhookEvent({
      ...modalClosedEvent(),
      api_version: "2026-01",
      data: { payment_link_id: LINK_ID, reason: "user_cancelled" },
    })
    expect(event.data).toEqual({ payment_link_id: LINK_ID })
    expect(parseWebhookEvent(orderEvent("order.success", { new_field: { nested: true } })).event).toBe("order.success")
  })

  it("rejects an unknown event name", () => {
    const error = malformed({ ...orderEvent(), event: "order.exploded" })
    expect(error.issues).toEqual([expect.objectContaining({ path: "event" })])
    expect(error.message).toContain("event")
  })

  it("rejects a missing id and a badly formed id", () => {
    const { id: _id, ...withoutId } = orderEvent()
    expect(malformed(withoutId).issues).toEqual([{ path: "id", code: "invalid_type" }])
    expect(malformed({ ...orderEvent(), id: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f" }).issues).toEqual([
      { path: "id", code: "invalid_format" },
    ])
  })

  it("rejects an unparsable created_at", () => {
    expect(malformed({ ...orderEvent(), created_at: "yesterday" }).issues).toEqual([{ path: "created_at", code: "custom" }])
  })

  it("parses data with the schema its event names, not any schema that fits", () => {
    const error = malformed({ ...linkExpiredEvent(), event: "order.success" })
    expect(error.issues!.every((issue) => issue.path.startsWith("data."))).toBe(true)
    expect(malformed({ ...modalClosedEvent(), event: "payment_link.expired" }).issues!.length).toBeGreaterThan(0)
  })

  it("requires payment_link_id on transaction events", () => {
    expect(malformed(orderEvent("order.failed", { payment_link_id: null })).issues).toEqual([
      { path: "data.payment_link_id", code: "invalid_type" },
    ])
  })

  it("names paths but never quotes the offending values", () => {
    const error = malformed(orderEvent("order.success", { amount: "SECRET-NOT-AN-AMOUNT" }))
    expect(error.issues).toEqual([{ path: "data.amount", code: "custom" }])
    expect(error.message).toContain("data.amount")
    expect(error.message).not.toContain("SECRET")
  })

  it.each([null, "a string", 42, [orderEvent()]])("rejects a non-object payload (%p)", (json) => {
    expect(malformed(json).message).toMatch(/invalid fields: /)
  })

  it("labels root-level issues", () => {
    expect(malformed(null).issues![0].path).toBe("(root)")
  })
})
