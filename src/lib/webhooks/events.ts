import { z } from "zod"
import { IsoDate, Metadata, UUID } from "../client/schemas/common"
import { PaymentLink } from "../client/schemas/payment-links"
import { Transaction } from "../client/schemas/transactions"
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

/** Delivery id: receivers dedupe on it (D19). */
export const WebhookEventId = z
  .string()
  .regex(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be evt_<uuid>")

/** `data` of order.* and installment.tracker.* events: the transaction plus its link id and metadata. */
export const TransactionEventData = Transaction.extend({
  payment_link_id: UUID,
  metadata: Metadata.nullable().optional(),
})
export type TransactionEventData = z.output<typeof TransactionEventData>

/** `data` of modal.closed: the customer left the hosted page of this link. */
export const ModalClosedEventData = z.object({
  payment_link_id: UUID,
  metadata: Metadata.nullable().optional(),
})
export type ModalClosedEventData = z.output<typeof ModalClosedEventData>

const envelope = { id: WebhookEventId, created_at: IsoDate }

export const TransactionWebhookEvent = z.object({
  ...envelope,
  event: z.enum(TRANSACTION_EVENT_NAMES),
  data: TransactionEventData,
})
export type TransactionWebhookEvent = z.output<typeof TransactionWebhookEvent>

export const PaymentLinkExpiredEvent = z.object({
  ...envelope,
  event: z.literal("payment_link.expired"),
  data: PaymentLink,
})
export type PaymentLinkExpiredEvent = z.output<typeof PaymentLinkExpiredEvent>

export const ModalClosedEvent = z.object({
  ...envelope,
  event: z.literal("modal.closed"),
  data: ModalClosedEventData,
})
export type ModalClosedEvent = z.output<typeof ModalClosedEvent>

/** A delivery payload (D19); `event` selects the schema of `data`. Unknown fields are dropped. */
export const WebhookEvent = z.discriminatedUnion("event", [
  TransactionWebhookEvent,
  PaymentLinkExpiredEvent,
  ModalClosedEvent,
])
export type WebhookEvent = z.output<typeof WebhookEvent>

// Issue messages are left out on purpose: custom ones (e.g. amounts) quote the input value.
function describeIssues(issues: readonly z.core.$ZodIssue[]): WebhookPayloadIssue[] {
  return issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)",
    code: issue.code,
  }))
}

/** Validates an already-parsed delivery payload; throws WebhookVerificationError("malformed_payload"). */
export function parseWebhookEvent(json: unknown): WebhookEvent {
  const result = WebhookEvent.safeParse(json)
  if (result.success) {
    return result.data
  }
  const issues = describeIssues(result.error.issues)
  const listed = issues.map((issue) => `${issue.path} (${issue.code})`).join(", ")
  throw new WebhookVerificationError(
    "malformed_payload",
    `The webhook body is not a valid event; invalid fields: ${listed}. Expected ` +
      "{ id: evt_<uuid>, event: <event name>, created_at: <ISO 8601>, data } as in decision D19.",
    issues
  )
}
