import { createHash } from "node:crypto"
import { z } from "zod"
import { EVENT_NAMES } from "../client/schemas/webhooks"
import { Metadata, UUID, informational, nullableString } from "../client/schemas/common"
import { WebhookVerificationError, type WebhookPayloadIssue } from "./errors"

/** Events whose `data` is a transaction (D19). */
export const TRANSACTION_EVENT_NAMES = [
  "order.created",
  "order.success",
  "order.failed",
  "order.updated",
  "order.disputed",
  "installment.tracker.approved",
  "installment.tracker.rejected",
] as const

/** Transaction events the plugin acts on through their payment link. */
const LINK_TRANSACTION_EVENT_NAMES = TRANSACTION_EVENT_NAMES.filter(
  (name): name is Exclude<(typeof TRANSACTION_EVENT_NAMES)[number], "order.updated"> => name !== "order.updated"
)

/** Prefix of the dedupe key of a delivery that carries no event id: the SHA-256 of its raw body. */
export const BODY_DIGEST_ID_PREFIX = "sha256:"

/**
 * The delivery id receivers dedupe on (D19): any non-empty string (or a number, read as its digits).
 * Absent, null or blank reads as undefined, and the body's digest stands in for it.
 */
export const WebhookEventId = z
  .union([z.string(), z.number()], { error: "must be a string" })
  .nullable()
  .optional()
  .transform((id) => (id === null || id === undefined ? undefined : String(id).trim() || undefined))

// What the code acts on is required; a field of another type than documented reads as absent.
const linkMetadata = informational(Metadata)

/**
 * `data` of order.* and installment.tracker.* events: the transaction plus its link id and the link's
 * metadata (D19). Only the link id is required: a delivery is a hint, and the link is re-read from the
 * service before anything is done, so the transaction's fields are kept as sent but not checked.
 */
export const TransactionEventData = z.looseObject({
  payment_link_id: UUID,
  metadata: linkMetadata,
  id: nullableString,
  status: nullableString,
})
export type TransactionEventData = z.output<typeof TransactionEventData>

/** `data` of order.updated: the refund ledger re-reads the transaction it names, so its id is required. */
export const RefundsChangedEventData = z.looseObject({
  id: UUID,
  payment_link_id: informational(UUID),
  metadata: linkMetadata,
  status: nullableString,
})
export type RefundsChangedEventData = z.output<typeof RefundsChangedEventData>

/** `data` of payment_link.expired: the payment link, of which the id is required. */
export const ExpiredLinkEventData = z.looseObject({
  id: UUID,
  metadata: linkMetadata,
  status: nullableString,
})
export type ExpiredLinkEventData = z.output<typeof ExpiredLinkEventData>

/** `data` of modal.closed: the customer left the hosted page of this link. */
export const ModalClosedEventData = z.looseObject({
  payment_link_id: UUID,
  metadata: linkMetadata,
})
export type ModalClosedEventData = z.output<typeof ModalClosedEventData>

const envelope = { created_at: nullableString }

export const TransactionWebhookEvent = z.looseObject({
  ...envelope,
  event: z.enum(LINK_TRANSACTION_EVENT_NAMES),
  data: TransactionEventData,
})

export const RefundsChangedWebhookEvent = z.looseObject({
  ...envelope,
  event: z.literal("order.updated"),
  data: RefundsChangedEventData,
})

export const PaymentLinkExpiredEvent = z.looseObject({
  ...envelope,
  event: z.literal("payment_link.expired"),
  data: ExpiredLinkEventData,
})

export const ModalClosedEvent = z.looseObject({
  ...envelope,
  event: z.literal("modal.closed"),
  data: ModalClosedEventData,
})

const KnownEvent = z.discriminatedUnion("event", [
  TransactionWebhookEvent,
  RefundsChangedWebhookEvent,
  PaymentLinkExpiredEvent,
  ModalClosedEvent,
])

/** The envelope every delivery must have: an event name. The id is read separately (see WebhookEventId). */
const Envelope = z.looseObject({ event: z.string().min(1, "must not be empty"), id: WebhookEventId })

/** Every parsed event has a dedupe `id`: the one it was sent with, or `sha256:<hex of the raw body>`. */
type WithId<T> = T & { id: string }

export type TransactionWebhookEvent = WithId<z.output<typeof TransactionWebhookEvent>>
export type RefundsChangedWebhookEvent = WithId<z.output<typeof RefundsChangedWebhookEvent>>
export type PaymentLinkExpiredEvent = WithId<z.output<typeof PaymentLinkExpiredEvent>>
export type ModalClosedEvent = WithId<z.output<typeof ModalClosedEvent>>

/** A delivery of one of the events of docs/service-api.md (D19); `event` selects the shape of `data`. */
export type WebhookEvent = TransactionWebhookEvent | RefundsChangedWebhookEvent | PaymentLinkExpiredEvent | ModalClosedEvent

/** A signed delivery of an event docs/service-api.md does not list: acknowledged and ignored, never refused. */
export interface UnknownWebhookEvent {
  id: string
  event: string
}

/** What a verified delivery body parses to. */
export type ParsedWebhookEvent = WebhookEvent | UnknownWebhookEvent

/** True for events docs/service-api.md lists; false for a name the plugin does not know. */
export function isKnownWebhookEvent(event: ParsedWebhookEvent): event is WebhookEvent {
  return (EVENT_NAMES as readonly string[]).includes(event.event)
}

/** The payment link a known event is about: `data.id` of payment_link.expired, else `data.payment_link_id`. */
export function linkIdOf(event: WebhookEvent): string | undefined {
  if (event.event === "payment_link.expired") {
    return event.data.id
  }
  return event.data.payment_link_id ?? undefined
}

/** Paid-verdict events: the two after which Medusa may complete the cart of a shopper who never returns. */
const CART_COMPLETING_EVENT_NAMES: ReadonlySet<string> = new Set(["order.success", "installment.tracker.approved"])

/**
 * True for a delivery that can complete a cart: a paid-verdict event naming its link. Every other
 * delivery is answered to Medusa as `not_supported`, so it need not be handed to Medusa at all.
 */
export function canCompleteCart(event: WebhookEvent): boolean {
  return CART_COMPLETING_EVENT_NAMES.has(event.event) && linkIdOf(event) !== undefined
}

// Issue messages are left out on purpose: custom ones (e.g. amounts) quote the input value.
function describeIssues(issues: readonly z.core.$ZodIssue[]): WebhookPayloadIssue[] {
  return issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)",
    code: issue.code,
  }))
}

function malformed(issues: readonly z.core.$ZodIssue[]): WebhookVerificationError {
  const described = describeIssues(issues)
  const listed = described.map((issue) => `${issue.path} (${issue.code})`).join(", ")
  return new WebhookVerificationError(
    "malformed_payload",
    `The webhook body is not a valid event; invalid fields: ${listed}. Expected a JSON object with ` +
      "event (the event name) and data.payment_link_id (data.id for payment_link.expired and order.updated).",
    described
  )
}

/** The dedupe key of a delivery without an event id: the SHA-256 of its exact bytes. */
export function bodyDigestId(rawBody: Buffer): string {
  return BODY_DIGEST_ID_PREFIX + createHash("sha256").update(rawBody).digest("hex")
}

/**
 * Validates an already-parsed delivery payload; throws WebhookVerificationError("malformed_payload")
 * naming the fields that are missing. `rawBody` (the bytes as received) keys a delivery without an
 * event id; without it, the payload's JSON text is digested instead.
 */
export function parseWebhookEvent(json: unknown, rawBody?: Buffer): ParsedWebhookEvent {
  const envelope = Envelope.safeParse(json)
  if (!envelope.success) {
    throw malformed(envelope.error.issues)
  }
  const id = envelope.data.id ?? bodyDigestId(rawBody ?? Buffer.from(JSON.stringify(json), "utf8"))
  if (!(EVENT_NAMES as readonly string[]).includes(envelope.data.event)) {
    return { id, event: envelope.data.event }
  }
  const result = KnownEvent.safeParse(json)
  if (!result.success) {
    throw malformed(result.error.issues)
  }
  return { ...result.data, id } as WebhookEvent
}

/** Parses the exact bytes of a verified delivery (see parseWebhookEvent). */
export function parseWebhookBody(rawBody: Buffer): ParsedWebhookEvent {
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString("utf8"))
  } catch {
    // The SyntaxError is dropped: its message quotes part of the body.
    throw new WebhookVerificationError(
      "malformed_payload",
      "The webhook body is signed correctly but is not valid JSON; the sender must post a JSON event."
    )
  }
  return parseWebhookEvent(json, rawBody)
}
