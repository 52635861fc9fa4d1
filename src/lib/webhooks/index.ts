/** Verifying, parsing and (for the sandbox and tests) signing webhook deliveries of the service. */
export { WebhookVerificationError } from "./errors"
export type { WebhookPayloadIssue, WebhookVerificationReason } from "./errors"
export {
  BODY_DIGEST_ID_PREFIX,
  ExpiredLinkEventData,
  ModalClosedEvent,
  ModalClosedEventData,
  PaymentLinkExpiredEvent,
  RefundsChangedEventData,
  RefundsChangedWebhookEvent,
  TRANSACTION_EVENT_NAMES,
  TransactionEventData,
  TransactionWebhookEvent,
  WebhookEventId,
  bodyDigestId,
  isKnownWebhookEvent,
  linkIdOf,
  parseWebhookBody,
  parseWebhookEvent,
} from "./events"
export type { ParsedWebhookEvent, UnknownWebhookEvent, WebhookEvent } from "./events"
export type { WebhookHeaders } from "./headers"
export type { WebhookKeys, WebhookPublicKey } from "./keys"
export { DEFAULT_WEBHOOK_SIGNATURE_SCHEME, WEBHOOK_SIGNATURE_SCHEMES } from "./schemes"
export type { WebhookSignatureScheme } from "./schemes"
export { generateWebhookKeyPair, signWebhookForTests, signedDeliveryHeaders } from "./sign"
export type { SignWebhookInput, SignedDeliveryHeaders, WebhookKeyPair } from "./sign"
export { verifyWebhook, verifyWebhookSignature } from "./verify"
export type { VerifyWebhookInput } from "./verify"
